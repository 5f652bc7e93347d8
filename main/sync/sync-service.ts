import { isServiceUnavailable } from '../api/http/api-errors.ts';
import { pullInWorker } from '../cache/sync-worker-client.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { SyncRunResult, SyncStatus } from '../../shared/domain/sync.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession } from '../session/current-session.ts';
import { DraftStore } from './draft-store.ts';
import { OutboxStore } from './outbox-store.ts';
import { ConflictStore } from './conflict-store.ts';
import { TranslationStore } from './translation-store.ts';
import { pushOutbox } from './push-engine.ts';
import { rememberPublished } from './bpmn-history-store.ts';

export interface SyncServiceOptions {
  session: CurrentSession;
  env: NodeJS.ProcessEnv;
  culture: () => number;
  logger: Logger;
  onStatus: (status: SyncStatus) => void;
  /** Work that waits for the service besides the outbox (data-pool pushes made offline). */
  afterPush?: () => Promise<void>;
}

/**
 * The app's side of sync: the current profile's cache and outbox, its online
 * state, and "sync now" (push, then pull in a worker thread). Status changes
 * go out as events; the renderer never polls.
 */
export class SyncService {
  readonly #options: SyncServiceOptions;
  #running = false;
  #lastSyncAt: string | null = null;
  #lastError: string | null = null;
  #progress: { done: number; total: number } | null = null;

  constructor(options: SyncServiceOptions) {
    this.#options = options;
    options.session.onChange(() => void this.#emit());
  }

  async status(): Promise<SyncStatus> {
    const session = await this.#open();
    const count = (sql: string): number => (session ? (session.db.prepare(sql).get() as { n: number }).n : 0);
    return {
      profile: session?.profile ?? null,
      online: session?.monitor.state ?? 'unknown',
      // Data-pool pushes made offline wait for the service like the outbox does.
      queued:
        count("SELECT COUNT(*) AS n FROM outbox WHERE state IN ('queued', 'sending', 'unknown')") +
        count("SELECT COUNT(*) AS n FROM datapool_pushes WHERE state = 'waiting'"),
      conflicts: count('SELECT COUNT(*) AS n FROM conflicts WHERE resolved_at IS NULL'),
      drafts: count('SELECT COUNT(*) AS n FROM drafts'),
      running: this.#running,
      progress: this.#progress,
      lastSyncAt: this.#lastSyncAt,
      lastError: this.#lastError,
    };
  }

  /** Push the outbox, then refresh what is pinned; each half reports what it did. */
  async run(what: { push: boolean; pull: boolean }, signal?: AbortSignal): Promise<SyncRunResult> {
    const session = await this.#open();
    if (!session) {
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    }
    if (this.#running) throw new LanesError({ code: 'sync.busy', message: 'A sync is already running.' });
    this.#running = true;
    this.#lastError = null;
    await this.#emit();
    const result: SyncRunResult = { pushed: null, pulled: null };
    try {
      // A cheap probe first: with the service out of reach, nothing is attempted and nothing is lost.
      if ((await session.monitor.check()) === 'offline') {
        throw new LanesError({
          code: 'api.unreachable',
          message: `The service at ${session.connection.baseUrl} cannot be reached; your edits stay queued.`,
          params: { origin: session.connection.baseUrl, reason: 'no answer', operation: 'sync' },
        });
      }
      if (what.push) {
        const report = await session.pushes.run(() =>
          pushOutbox({
            outbox: new OutboxStore(session.db),
            drafts: new DraftStore(session.db),
            conflicts: new ConflictStore(session.db),
            translations: new TranslationStore(session.db),
            rememberExport: (id, lcid, xml) => session.store.putBpmn(id, lcid, xml),
            process: session.clients.process,
            bpmn: session.clients.bpmn,
            dueBy: new Date('9999-12-31T23:59:59Z'),
            // In the app, a merge with server changes is shown to the user before it is sent.
            reviewMerges: true,
            onEvent: (event) => {
              if (event.type === 'done') rememberPublished(session.db, event.op, undefined, event.notKept);
            },
            ...(signal ? { signal } : {}),
          }),
        );
        result.pushed = {
          done: report.done,
          merged: report.merged,
          conflicts: report.conflicts + report.reviews,
          failed: report.failed,
          retrying: report.retrying,
        };
        if (report.pausedBy) this.#lastError = report.pausedBy;
        await this.#options.afterPush?.();
      }
      if (what.pull) {
        const pulled = await pullInWorker(
          { dbFile: session.dbFile, connection: session.connection, env: { ...this.#options.env } },
          { culture: this.#options.culture() },
          {
            ...(signal ? { signal } : {}),
            onProgress: (p) => {
              this.#progress = { done: p.done, total: p.total ?? 0 };
              void this.#emit();
            },
          },
        );
        result.pulled = {
          unchanged: pulled.unchanged,
          updated: pulled.updated,
          added: pulled.added,
          removed: pulled.removed,
        };
        session.monitor.observe(true);
      }
      this.#lastSyncAt = new Date().toISOString();
      return result;
    } catch (error) {
      this.#lastError = error instanceof Error ? error.message : String(error);
      if (isServiceUnavailable(error)) session.monitor.observe(false);
      throw error;
    } finally {
      this.#running = false;
      this.#progress = null;
      await this.#emit();
    }
  }

  #open(): ReturnType<CurrentSession['open']> {
    return this.#options.session.open();
  }

  async #emit(): Promise<void> {
    try {
      this.#options.onStatus(await this.status());
    } catch (error) {
      this.#options.logger.warn('Could not report the sync status', error);
    }
  }

  /** A cheap request to learn whether the service is reachable now. */
  async probe(): Promise<void> {
    const session = await this.#open();
    await session?.monitor.check();
  }
}
