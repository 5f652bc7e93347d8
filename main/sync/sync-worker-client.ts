import { systemProxyAnswers } from '../api/http/system-proxy.ts';
import { runWorkerTask } from '../base/worker-task.ts';
import type { PinRun, PrefetchProgress } from './prefetch.ts';
import type { PullResult } from './pull.ts';
import type { ViewRefresh } from './refresh.ts';
import type { SyncEvent, SyncWorkerSetup } from './sync-protocol.ts';

/** Where and how the worker connects: everything but the task. */
export type WorkerBase = Omit<SyncWorkerSetup, 'task'>;

/** `pullPins` in a worker thread. */
export function pullInWorker(
  base: WorkerBase,
  task: { culture: number; concurrency?: number },
  options: WorkerRunOptions = {},
): Promise<PullResult> {
  return runSyncInWorker({ ...base, task: { kind: 'pull', ...task } }, options) as Promise<PullResult>;
}

/** `refreshView` of each view in a worker thread (listings only, no details). */
export function refreshInWorker(
  base: WorkerBase,
  views: { facet: string; view: string }[],
  options: WorkerRunOptions = {},
): Promise<ViewRefresh[]> {
  return runSyncInWorker({ ...base, task: { kind: 'refresh', views, culture: 0 } }, options) as Promise<
    ViewRefresh[]
  >;
}

/** `runPin` in a worker thread. */
export function prefetchInWorker(
  base: WorkerBase,
  task: { pinId: number; culture: number; concurrency?: number },
  options: WorkerRunOptions = {},
): Promise<PinRun> {
  return runSyncInWorker({ ...base, task: { kind: 'pin', ...task } }, options) as Promise<PinRun>;
}

interface WorkerRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PrefetchProgress) => void;
}

let workerLocation: string | URL | undefined;

/**
 * Where the worker's code is. Under Node it is the TypeScript source beside
 * this file; the Electron build bundles it separately and says where.
 */
export function setSyncWorkerLocation(location: string | URL): void {
  workerLocation = location;
}

function workerUrl(): string | URL {
  // Resolved on first use, not at load: a CommonJS bundle has no import.meta.url.
  workerLocation ??= new URL('./sync-worker.ts', import.meta.url);
  return workerLocation;
}

/**
 * Runs one pull or prefetch in a worker thread and resolves with its result.
 * Aborting the signal asks the worker to stop (the pin's queue keeps what is
 * left); an error in the worker arrives as the same LanesError it was there.
 */
async function runSyncInWorker(
  setup: SyncWorkerSetup,
  options: WorkerRunOptions,
): Promise<PullResult | PinRun | ViewRefresh[]> {
  // In the app the route to the service is the system proxy's; the worker gets the answer with its task.
  const proxyAnswers = setup.proxyAnswers ?? (await systemProxyAnswers([setup.connection.baseUrl]));
  return runWorkerTask<PullResult | PinRun | ViewRefresh[], SyncEvent>(
    workerUrl(),
    proxyAnswers ? { ...setup, proxyAnswers } : setup,
    {
      name: 'sync worker',
      signal: options.signal,
      onEvent: (event) => {
        if (event.type === 'progress') options.onProgress?.(event.progress);
      },
    },
  );
}
