import type { SessionOutboxes } from '../sync/session-outboxes.ts';
import { ServiceCachedReader } from '../cache/cached-reader.ts';
import type { Session } from '../session/current-session.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { GatherProgress, LanesTableKind } from '../../shared/domain/datapool.ts';
import { gatherInventory, gatherMetrics, type GatheredTable } from './lanes-gather.ts';

interface LanesTableGathererOptions {
  /** The session's outbox: its history and conflicts feed the model-quality metrics. */
  outboxes: SessionOutboxes;
  /** The content culture (names in the inventory). */
  culture: () => number;
  onProgress?: ((progress: GatherProgress) => void) | undefined;
}

/** A table gathered for the preview is pushed as it was when the push follows within this time. */
const GATHERED_FRESH_MS = 120_000;

/**
 * Lanes' own tables (the inventory, the model-quality metrics), gathered
 * from the whole landscape for the data pool: one gathering of each table at
 * a time (a new one stops the one before, and the user can stop it), and the
 * last one kept for a while, so that a push following its preview pushes
 * what the user saw.
 */
export class LanesTableGatherer {
  readonly #options: LanesTableGathererOptions;
  readonly #gathered = new Map<LanesTableKind, { table: GatheredTable; at: number; session: Session }>();
  readonly #gathering = new Map<LanesTableKind, AbortController>();

  constructor(options: LanesTableGathererOptions) {
    this.#options = options;
  }

  /** The table gathered from the landscape now, with progress; it replaces the one gathered before. */
  async gather(session: Session, kind: LanesTableKind): Promise<GatheredTable> {
    this.#gathering.get(kind)?.abort();
    const controller = new AbortController();
    this.#gathering.set(kind, controller);
    const reader = new ServiceCachedReader({
      store: session.store,
      process: () => session.services.process(),
      bpmn: () => session.services.bpmn(),
      reporting: () => session.services.reporting(),
      offline: session.monitor.state === 'offline',
    });
    const outbox = this.#options.outboxes.for(session);
    const options = {
      stores: { cache: session.store, history: outbox.history, conflicts: outbox.conflicts },
      reader,
      culture: this.#options.culture(),
      signal: controller.signal,
      onProgress: (progress: GatherProgress) => this.#options.onProgress?.(progress),
    };
    try {
      const table = await (kind === 'inventory' ? gatherInventory(options) : gatherMetrics(options));
      if (table.rows.length === 0)
        throw new LanesError({
          code: 'cache.notCached',
          message: `Lanes knows no ${kind === 'inventory' ? 'element' : 'process diagram'} of this landscape yet, so there is nothing to push.`,
          params: { what: kind, problem: kind === 'inventory' ? 'nothingKnown' : 'noDiagramKnown' },
        });
      this.#gathered.set(kind, { table, at: Date.now(), session });
      return table;
    } catch (error) {
      if (controller.signal.aborted)
        throw new LanesError({
          code: 'api.cancelled',
          message: 'Gathering was cancelled.',
          params: { operation: kind },
          cause: error,
        });
      throw error;
    } finally {
      if (this.#gathering.get(kind) === controller) this.#gathering.delete(kind);
    }
  }

  /** The table as last gathered from the service in this session, if that was moments ago; else gathered now. */
  async recentOrGather(session: Session, kind: LanesTableKind): Promise<GatheredTable> {
    const recent = this.#gathered.get(kind);
    return recent &&
      recent.session === session &&
      Date.now() - recent.at < GATHERED_FRESH_MS &&
      recent.table.source === 'live'
      ? recent.table
      : this.gather(session, kind);
  }

  /** Stops gathering a table (the preview or push that asked for it fails as cancelled). */
  cancel(kind: LanesTableKind): void {
    this.#gathering.get(kind)?.abort();
  }
}
