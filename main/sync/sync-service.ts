import { isServiceUnavailable } from '../api/http/api-errors.ts';
import { pullInWorker } from './sync-worker-client.ts';
import { schemaVersion } from '../cache/database.ts';
import { LanesError, type LanesErrorData } from '../../shared/ipc/errors.ts';
import type { SyncRunResult, SyncStatus } from '../../shared/domain/sync.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { OnlineState } from '../session/online-monitor.ts';
import type { SessionOutboxes } from './session-outboxes.ts';

/**
 * Work besides the outbox that waits for the service and that a sync sends
 * (the data pool's pushes made offline: a streamed upload of a file, which
 * is no outbox operation; see docs/architecture.md, "Data-pool pushes").
 */
export interface WaitingQueue {
  /** Sends what waits; called after the outbox was sent. Never throws for what only keeps waiting. */
  sendWaiting(): Promise<void>;
  /** How many wait (they count as queued, like the outbox's operations). */
  waitingCount(session: Session): number;
}

interface SyncServiceOptions {
  session: CurrentSession;
  /** The app's one outbox per session: sync sends through it. */
  outboxes: SessionOutboxes;
  env: NodeJS.ProcessEnv;
  culture: () => number;
  logger: Logger;
  onStatus: (status: SyncStatus) => void;
  /** The other queues a sync drains after the outbox. */
  otherQueues?: readonly WaitingQueue[];
  /** After a pull: what follows the elements (the open editor tabs learn of releases, new versions). */
  afterPull?: () => Promise<void>;
  /**
   * Send what waits as soon as the service answers again after being out of
   * reach (default true). The app does; a test that wants to drive each send
   * itself may not.
   */
  sendWhenBackOnline?: boolean;
}

/**
 * The app's side of sync: the current profile's online state, and "sync now"
 * (send the outbox, then pull in a worker thread). Status changes go out as
 * events; the renderer never polls.
 */
export class SyncService {
  readonly #options: SyncServiceOptions;
  #running = false;
  #lastSyncAt: string | null = null;
  #lastError: LanesErrorData | null = null;
  #progress: { done: number; total: number } | null = null;
  /** Each session's online state as last seen, to notice it coming back. */
  readonly #lastOnline = new WeakMap<Session, OnlineState>();
  /** The send Lanes started by itself, while it runs. */
  #automatic: Promise<void> | undefined;

  constructor(options: SyncServiceOptions) {
    this.#options = options;
    options.session.onChange(() => {
      void this.announce();
      if (options.sendWhenBackOnline !== false) void this.#sendIfBackOnline();
    });
    // The outbox's stores say when they changed, whoever changed them (a publish, a conflict resolved).
    options.outboxes.onChange(() => void this.announce());
  }

  async status(): Promise<SyncStatus> {
    const session = await this.#open();
    const outbox = session ? this.#options.outboxes.for(session) : undefined;
    return {
      profile: session?.profile ?? null,
      online: session?.monitor.state ?? 'unknown',
      // Data-pool pushes made offline wait for the service like the outbox does.
      queued: session ? this.#waiting(session) : 0,
      conflicts: outbox?.conflicts.openCount() ?? 0,
      drafts: outbox?.drafts.count() ?? 0,
      running: this.#running,
      progress: this.#progress,
      lastSyncAt: this.#lastSyncAt,
      lastError: this.#lastError,
    };
  }

  /**
   * Send the outbox, then refresh what is pinned; each half reports what it
   * did. A send Lanes started by itself (the service came back) is waited for
   * first: "Sync now" pressed meanwhile is not refused as busy.
   */
  async run(what: { send: boolean; pull: boolean }, signal?: AbortSignal): Promise<SyncRunResult> {
    await this.#automatic;
    return this.#run(what, signal);
  }

  async #run(what: { send: boolean; pull: boolean }, signal?: AbortSignal): Promise<SyncRunResult> {
    const session = await this.#open();
    if (!session) {
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    }
    if (this.#running) throw new LanesError({ code: 'sync.busy', message: 'A sync is already running.' });
    this.#running = true;
    this.#lastError = null;
    await this.announce();
    const result: SyncRunResult = { sent: null, pulled: null };
    try {
      // A cheap probe first: with the service out of reach, nothing is attempted and nothing is lost.
      if ((await session.monitor.check()) === 'offline') {
        throw new LanesError({
          code: 'api.unreachable',
          message: `The service at ${session.connection.baseUrl} cannot be reached; your edits stay queued.`,
          params: { origin: session.connection.baseUrl, reason: 'noAnswer', operation: 'sync' },
        });
      }
      if (what.send) {
        const report = await this.#options.outboxes.for(session).send('sync', signal ? { signal } : {});
        result.sent = {
          done: report.done,
          merged: report.merged,
          conflicts: report.conflicts + report.reviews,
          failed: report.failed,
          retrying: report.retrying,
        };
        if (report.pausedBy) this.#lastError = report.pausedBy;
        for (const queue of this.#options.otherQueues ?? []) await queue.sendWaiting();
      }
      if (what.pull) {
        const pulled = await pullInWorker(
          {
            dbFile: session.dbFile,
            schemaVersion: schemaVersion(session.db),
            connection: session.connection,
            env: { ...this.#options.env },
          },
          { culture: this.#options.culture() },
          {
            ...(signal ? { signal } : {}),
            onProgress: (p) => {
              this.#progress = { done: p.done, total: p.total ?? 0 };
              void this.announce();
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
        await this.#options.afterPull?.();
      }
      this.#lastSyncAt = new Date().toISOString();
      return result;
    } catch (error) {
      this.#lastError = LanesError.dataOf(error);
      if (isServiceUnavailable(error)) session.monitor.observe(false);
      throw error;
    } finally {
      this.#running = false;
      this.#progress = null;
      await this.announce();
    }
  }

  /**
   * Offline edits go out by themselves once the service answers again (the
   * monitor probes with growing pauses while it is out of reach): nobody has
   * to remember "Sync now". Only on the change from offline to online, only
   * with something waiting, and never beside a sync already running.
   */
  async #sendIfBackOnline(): Promise<void> {
    const session = await this.#open();
    if (!session) return;
    const now = session.monitor.state;
    const before = this.#lastOnline.get(session);
    this.#lastOnline.set(session, now);
    if (before !== 'offline' || now !== 'online' || this.#running) return;
    const waiting = this.#waiting(session);
    if (waiting === 0) return;
    this.#options.logger.info(`The service answers again; changes waiting: ${waiting}. Sending them.`);
    const sending = this.#run({ send: true, pull: false }).then(
      () => undefined,
      // The status bar shows it (lastError); the next return online tries again.
      (error: unknown) => this.#options.logger.warn('Sending after the service came back failed', error),
    );
    this.#automatic = sending;
    await sending;
    if (this.#automatic === sending) this.#automatic = undefined;
  }

  /** What waits for the service: the outbox's operations, and data-pool pushes made offline. */
  #waiting(session: Session): number {
    return (
      this.#options.outboxes.for(session).outbox.count(['queued', 'sending', 'unknown']) +
      (this.#options.otherQueues ?? []).reduce((sum, queue) => sum + queue.waitingCount(session), 0)
    );
  }

  #open(): ReturnType<CurrentSession['open']> {
    return this.#options.session.open();
  }

  /** Tells the renderer where sync stands now (the status bar, and every tab's outbox counts). */
  async announce(): Promise<void> {
    try {
      this.#options.onStatus(await this.status());
    } catch (error) {
      this.#options.logger.warn('Could not report the sync status', error);
    }
  }
}
