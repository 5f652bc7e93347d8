import { LanesError } from '../../shared/ipc/errors.ts';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import type { FilePreview } from './file-inspect.ts';
import { systemProxyAnswers } from '../api/http/system-proxy.ts';
import { runWorkerTask } from '../base/worker-task.ts';
import type { PushEvent, PushTask, PushWorkerSetup } from './push-protocol.ts';

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

interface PushWorkerOptions {
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

async function runInWorker(setup: PushWorkerSetup, options: PushWorkerOptions): Promise<FilePreview | null> {
  // A push goes where the system proxy says, as the app's own requests do: the worker cannot ask Electron.
  if (setup.task.kind === 'push' && !setup.proxyAnswers) {
    const proxyAnswers = await systemProxyAnswers([setup.task.connection.baseUrl]);
    if (proxyAnswers) setup = { ...setup, proxyAnswers };
  }
  const file =
    setup.task.kind === 'inspect'
      ? setup.task.name
      : setup.task.kind === 'push'
        ? setup.task.spec.file.name
        : 'CSV';
  return runWorkerTask<FilePreview | null, PushEvent>(workerUrl(), setup, {
    name: 'data pool worker',
    signal: options.signal,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    onEvent: (event) => {
      if (event.type === 'update') options.onUpdate?.(event.patch);
    },
    describeFailure: (error) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new LanesError({
            code: 'file.unreadable',
            message: 'The file needs more memory than Lanes gives one file.',
            params: {
              path: file,
              reason: 'tooMuchMemory',
              problem: 'tooMuchMemory',
            },
            cause: error,
          })
        : error,
  });
}
