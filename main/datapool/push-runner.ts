/**
 * The pushes under way: each runs in the push worker (push-worker.ts), its
 * steps come back as patches of its state, which is kept (history in the
 * profile's cache, the latest state for the screen) and sent on as progress
 * events. Cancelling asks the worker to stop; it cancels the job itself.
 */
import { rm } from 'node:fs/promises';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { PushProgress, PushSource } from '../../shared/domain/datapool.ts';
import type { DataPushConnection } from '../api/datapush/datapush-client.ts';
import type { Logger } from '../log/logger.ts';
import type { PushHistory } from './push-history.ts';
import { pushInWorker } from './push-worker-client.ts';
import type { PushSpec } from './push-run.ts';

interface PushRunnerOptions {
  logger: Logger;
  env: Record<string, string | undefined>;
  /** Where a workbook's sheet is written as CSV while it is pushed. */
  tempDir: () => string;
  onProgress: (progress: PushProgress) => void;
}

interface PushStart {
  /** The session's push history, where the push's steps are recorded. */
  history: PushHistory;
  connection: DataPushConnection;
  pushId: string;
  source: PushSource;
  spec: PushSpec;
  startedAt: string;
  /** Removed when the push has ended (a snapshot of Lanes' own rows). */
  removeAfter?: string | undefined;
}

export class PushRunner {
  readonly #options: PushRunnerOptions;
  readonly #runs = new Map<string, AbortController>();
  readonly #latest = new Map<string, PushProgress>();
  readonly #ending = new Map<string, Promise<void>>();

  constructor(options: PushRunnerOptions) {
    this.#options = options;
  }

  isRunning(pushId: string): boolean {
    return this.#runs.has(pushId);
  }

  latest(pushId: string): PushProgress | undefined {
    return this.#latest.get(pushId);
  }

  /** Cancels a push under way; false when there is none by that id. */
  cancel(pushId: string): boolean {
    const run = this.#runs.get(pushId);
    run?.abort();
    return run !== undefined;
  }

  /** Resolves when the push has ended (at once when there is none). */
  async finished(pushId: string): Promise<void> {
    await this.#ending.get(pushId);
    this.#ending.delete(pushId);
  }

  /** Starts the push in a worker; returns at once, its end arrives as progress. */
  start(run: PushStart): void {
    const { pushId, source, spec } = run;
    const { history } = run;
    const controller = new AbortController();
    this.#runs.set(pushId, controller);
    let state: PushProgress = {
      pushId,
      source,
      phase: 'checking',
      table: spec.table,
      rows: 0,
      bytes: 0,
      totalBytes: spec.file.bytes,
      startedAt: run.startedAt,
    };
    const update = (patch: Partial<PushProgress>): void => {
      state = { ...state, ...patch };
      this.#latest.set(pushId, state);
      try {
        history.record(state, source, spec.mode);
      } catch (error) {
        this.#options.logger.warn('datapool: could not record the push', (error as Error).message);
      }
      this.#options.onProgress(state);
    };
    update({ phase: 'creating' });
    const ending = pushInWorker(
      { kind: 'push', spec, connection: run.connection, tempDir: this.#options.tempDir() },
      { env: this.#options.env, signal: controller.signal, onUpdate: update },
    )
      .catch((error: unknown) => {
        // The worker itself failed (it reports every push's own failure as progress).
        this.#options.logger.warn(`datapool: the push worker for ${spec.table} failed`, String(error));
        update({ phase: 'failed', error: LanesError.dataOf(error), finishedAt: new Date().toISOString() });
      })
      .finally(async () => {
        this.#runs.delete(pushId);
        if (run.removeAfter) await rm(run.removeAfter, { force: true });
      });
    this.#ending.set(pushId, ending);
  }
}
