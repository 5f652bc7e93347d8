import { Worker } from 'node:worker_threads';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import type { FilePreview } from './file-inspect.ts';
import type { PushCommand, PushEvent, PushTask, PushWorkerSetup } from './push-protocol.ts';

let workerLocation: string | URL | undefined;

/**
 * Where the worker's code is. Under Node it is the TypeScript source beside
 * this file; the Electron build bundles it separately and says where.
 */
export function setPushWorkerLocation(location: string | URL): void {
  workerLocation = location;
}

function workerUrl(): string | URL {
  // Resolved on first use, not at load: a CommonJS bundle has no import.meta.url.
  workerLocation ??= new URL('./push-worker.ts', import.meta.url);
  return workerLocation;
}

/**
 * The most a worker's heap may grow: a workbook that would need more ends
 * that worker (and is reported as too large), never the app.
 */
const HEAP_LIMIT_MB = 2048;

export interface PushWorkerOptions {
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
  onUpdate?: (patch: Partial<PushProgress>) => void;
}

/** A chosen file read for its preview, in a worker thread. */
export function inspectInWorker(
  task: Extract<PushTask, { kind: 'inspect' }>,
  options: PushWorkerOptions,
): Promise<FilePreview> {
  return runInWorker({ task, env: options.env }, options) as Promise<FilePreview>;
}

/** One push in a worker thread; its steps arrive as patches, its end as the last one. */
export async function pushInWorker(
  task: Extract<PushTask, { kind: 'push' }>,
  options: PushWorkerOptions,
): Promise<void> {
  await runInWorker({ task, env: options.env }, options);
}

function runInWorker(setup: PushWorkerSetup, options: PushWorkerOptions): Promise<FilePreview | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), {
      workerData: setup,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    });
    let settled = false;
    const cancel = (): void => worker.postMessage({ type: 'cancel' } satisfies PushCommand);
    options.signal?.addEventListener('abort', cancel, { once: true });
    const finish = (): void => {
      settled = true;
      options.signal?.removeEventListener('abort', cancel);
    };
    worker.on('message', (event: PushEvent) => {
      if (event.type === 'update') options.onUpdate?.(event.patch);
      else if (event.type === 'done') {
        finish();
        resolve(event.result);
      } else {
        finish();
        reject(LanesError.fromData(event.error));
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (settled) return;
      finish();
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new LanesError({
              code: 'file.unreadable',
              message: 'The file needs more memory than Lanes gives one file.',
              params: {
                path:
                  setup.task.kind === 'inspect'
                    ? setup.task.name
                    : setup.task.kind === 'push'
                      ? setup.task.spec.file.name
                      : 'CSV',
                reason: 'it needs more memory than Lanes gives one file; save the sheet as CSV and push that',
                problem: 'tooMuchMemory',
              },
              cause: error,
            })
          : error,
      );
    });
    worker.on('exit', (code) => {
      if (settled) return;
      finish();
      reject(new Error(`The data pool worker stopped (exit code ${code}) without an answer.`));
    });
  });
}
