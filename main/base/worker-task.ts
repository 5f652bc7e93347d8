/**
 * One task in a worker thread, as Lanes' workers (the sync worker, the push
 * worker) all speak: the worker posts events, then one `done` with the result
 * or one `error` with a LanesError's data; `{ type: 'cancel' }` asks it to
 * stop. A worker that dies without an answer rejects the task, never leaves
 * it pending.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { LanesError, type LanesErrorData } from '../../shared/ipc/errors.ts';

type WorkerEnd<Result> = { type: 'done'; result: Result } | { type: 'error'; error: LanesErrorData };

interface WorkerTaskOptions<Event> {
  /** Named in the error when the worker stops without an answer ("The sync worker stopped …"). */
  name: string;
  signal?: AbortSignal | undefined;
  resourceLimits?: ResourceLimits;
  /** Every event before the end (progress, updates). */
  onEvent?: (event: Event) => void;
  /** The worker's own failure (out of memory, a crash) as the caller reports it. */
  describeFailure?: (error: Error & { code?: string }) => Error;
}

export function runWorkerTask<Result, Event extends { type: string }>(
  location: string | URL,
  workerData: unknown,
  options: WorkerTaskOptions<Event>,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(location, {
      workerData,
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    let settled = false;
    const cancel = (): void => worker.postMessage({ type: 'cancel' });
    options.signal?.addEventListener('abort', cancel, { once: true });
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      options.signal?.removeEventListener('abort', cancel);
      return true;
    };
    worker.on('message', (event: Event | WorkerEnd<Result>) => {
      if (event.type === 'done') {
        if (finish()) resolve((event as WorkerEnd<Result> & { type: 'done' }).result);
      } else if (event.type === 'error') {
        if (finish()) reject(LanesError.fromData((event as WorkerEnd<Result> & { type: 'error' }).error));
      } else options.onEvent?.(event as Event);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (finish()) reject(options.describeFailure ? options.describeFailure(error) : error);
    });
    worker.on('exit', (code) => {
      if (finish()) reject(new Error(`The ${options.name} stopped (exit code ${code}) without an answer.`));
    });
  });
}
