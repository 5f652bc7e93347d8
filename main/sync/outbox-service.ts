/**
 * The outbox of one session (the app's connected profile, or one CLI run):
 * its stores, each constructed once here, and the sending. It is the one
 * write path to the service: every change Lanes makes there (a publish, a
 * transition, a new version, new content, a translation) is created by
 * `execute` and, when the user waits for it, sent by `sendNow` through the
 * same sender as every later retry, so online and offline share the checks,
 * the retries and exactly-once. Every path that sends (the editor's publish,
 * a release action, "Sync now", the CLI) goes through here; sends run one
 * after another, so no operation is ever sent twice at once. The stores
 * announce their own changes; this service passes them on per element,
 * gathered over one turn of the event loop.
 */
import { randomUUID } from 'node:crypto';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Db } from '../cache/database.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import { BpmnHistoryStore } from './bpmn-history-store.ts';
import { ConflictStore } from './conflict-store.ts';
import { DraftStore } from './draft-store.ts';
import { TranslationStore } from './translation-store.ts';
import { sendOutbox, type SendEvent, type SendOptions, type SendReport } from './outbox-sender.ts';
import {
  OutboxStore,
  type BatchProgress,
  type Operation,
  type OperationBase,
  type OperationKind,
  type OperationOf,
} from './outbox-store.ts';
import type { PayloadOf } from './operations/operation-kinds.ts';
import type { OutboxStores } from './outbox-stores.ts';
import type { OutboxClients } from './service-view.ts';

interface OutboxServiceOptions {
  db: Db;
  /** The service's clients, asked for when something is sent (the CLI makes them on first use). */
  clients: () => OutboxClients;
  /** Where what the service answers is kept; without it only the outbox's own tables change. */
  cache?: CacheStore;
  /** The app holds a clean merge with server changes for review; the CLI merges and sends. */
  reviewMerges: boolean;
  random?: () => number;
}

/** Where a diagram is published to: the element, its culture and the view it was opened in. */
interface PublishTarget {
  elementId: string;
  culture: number;
  facet: string;
  view: string;
}

/** Who asked for a send: the user waiting in the app (a tab's publish, the conflict view, a release action), a sync, or the command line. */
export type SendVia = 'editor' | 'sync' | 'cli';

/** Where an operation goes: the element, where it is listed, and the version it was made against. */
export interface OperationTarget extends OperationBase {
  elementId: string;
}

/** One operation after `sendNow`: as stored now, and the last step this send took with it. */
export interface SentOperation {
  op: Operation;
  /** None: it was not attempted (it waits behind an earlier operation of its element, or was cancelled). */
  event?: SendEvent;
}

/** A refusal as the error to show or throw: its code, parameters and the service's details, as stored. */
export function refusalOf(event: Extract<SendEvent, { type: 'failed' }>): LanesError {
  return LanesError.fromData(event.error);
}

/** An explicit send is the user's retry: what waits for its backoff goes now too. */
const NOW_AND_LATER = new Date('9999-12-31T23:59:59Z');

export class OutboxService implements OutboxStores {
  readonly outbox: OutboxStore;
  readonly drafts: DraftStore;
  readonly conflicts: ConflictStore;
  readonly history: BpmnHistoryStore;
  readonly translations: TranslationStore;
  readonly #options: OutboxServiceOptions;
  readonly #changeListeners = new Set<(elementIds: string[]) => void>();
  readonly #eventListeners = new Set<(event: SendEvent, via: SendVia) => void>();
  #changed = new Set<string>();
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: OutboxServiceOptions) {
    this.#options = options;
    this.outbox = new OutboxStore(options.db);
    this.drafts = new DraftStore(options.db);
    this.conflicts = new ConflictStore(options.db);
    this.history = new BpmnHistoryStore(options.db);
    this.translations = new TranslationStore(options.db);
    const changed = (elementId: string): void => this.#noteChange(elementId);
    this.outbox.onChange(changed);
    this.drafts.onChange(changed);
    this.conflicts.onChange(changed);
  }

  /** The elements whose drafts, operations or conflicts changed, once per turn of the event loop. */
  onChange(listener: (elementIds: string[]) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Every step of every send, with who asked for it (sent, merged, held, failed, retried). */
  onEvent(listener: (event: SendEvent, via: SendVia) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /**
   * Sends what waits (`elementId`: only that element's operations), after any
   * send already running. `waitForBackoff`: a send nobody asked for, which
   * leaves operations in their backoff alone.
   */
  send(
    via: SendVia,
    options: Omit<SendOptions, 'dueBy'> & { waitForBackoff?: boolean } = {},
  ): Promise<SendReport> {
    const { waitForBackoff, onEvent, ...rest } = options;
    const run = (): Promise<SendReport> =>
      sendOutbox(
        {
          stores: this,
          clients: this.#options.clients(),
          reviewMerges: this.#options.reviewMerges,
          ...(this.#options.cache ? { cache: this.#options.cache } : {}),
          ...(this.#options.random ? { random: this.#options.random } : {}),
        },
        {
          ...rest,
          dueBy: waitForBackoff ? new Date() : NOW_AND_LATER,
          onEvent: (event) => {
            onEvent?.(event);
            for (const listener of this.#eventListeners) listener(event, via);
          },
        },
      );
    const result = this.#tail.then(run, run);
    // A failed send must not block the ones after it; its caller still sees the failure.
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /**
   * Creates one write to the service, queued durably, and returns its id; it
   * is sent by `sendNow` (the user waits) or by the next sync. Operations
   * sharing a `batchId` are one change for many elements: independent of each
   * other, followed by `batchProgress` and stopped by `cancelBatch`.
   * `alsoInside` runs in the same transaction (what else the write records).
   */
  execute<K extends OperationKind>(
    kind: K,
    target: OperationTarget,
    payload: PayloadOf<K>,
    options: { batchId?: string; alsoInside?: () => void } = {},
  ): string {
    const { elementId, ...base } = target;
    const [op] = this.outbox.enqueue(
      [
        {
          elementId,
          kind,
          payload,
          base,
          ...(options.batchId === undefined ? {} : { batchId: options.batchId }),
        } as Parameters<OutboxStore['enqueue']>[0][number],
      ],
      options.alsoInside,
    );
    return op!.opId;
  }

  /** A new batch id, for `execute` of many elements as one change. */
  newBatch(): string {
    return randomUUID();
  }

  batchProgress(batchId: string): BatchProgress {
    return this.outbox.batchProgress(batchId);
  }

  /** Cancels what of the batch was not sent yet; the cancelled operations, to tell the user. */
  cancelBatch(batchId: string): Operation[] {
    return this.outbox.cancelBatch(batchId);
  }

  /**
   * Sends exactly these operations now (after any send already running),
   * each once, through the sender every retry uses: the check after a lost
   * answer, the verification, backoff for what the network refused. One
   * waiting behind an earlier operation of its element stays queued. What
   * each came to, in the order asked.
   */
  async sendNow(
    opIds: readonly string[],
    options: { via: SendVia; signal?: AbortSignal; onEvent?: (event: SendEvent) => void },
  ): Promise<SentOperation[]> {
    const last = new Map<string, SendEvent>();
    const { via, onEvent, signal } = options;
    await this.send(via, {
      opIds: new Set(opIds),
      ...(signal ? { signal } : {}),
      onEvent: (event) => {
        last.set(event.op.opId, event);
        onEvent?.(event);
      },
    });
    return opIds.map((opId) => {
      const event = last.get(opId);
      return { op: this.outbox.get(opId)!, ...(event ? { event } : {}) };
    });
  }

  /**
   * Queues the saved draft for the service's BPMN import. An import of the
   * same diagram that still waits unsent takes the newer draft instead (one
   * import with the newest draft, not two in a row that would look like a
   * server change to each other), and into a new version once asked so. With
   * `newVersion`, the import makes a new version first (a process in a state
   * that refuses imports).
   */
  publish(target: PublishTarget, options: { newVersion?: boolean } = {}): Operation {
    const { elementId, culture } = target;
    const draft = this.drafts.get(elementId, culture);
    if (!draft) throw new Error(`There is no draft of ${elementId} in culture ${culture}.`);
    const waiting = this.latestImport(elementId, culture);
    if (waiting?.state === 'queued') {
      // Asked for into a new version now, it stays one operation (a plain import would only be refused).
      const newVersion = options.newVersion === true || waiting.payload.newVersion === true;
      this.outbox.requeue(waiting.opId, {
        payload: {
          ...waiting.payload,
          xml: draft.localXml,
          originalXml: draft.localXml,
          ...(newVersion ? { newVersion } : {}),
        },
      });
      return this.outbox.get(waiting.opId)!;
    }
    const opId = this.execute(
      'bpmnImport',
      {
        elementId,
        facet: target.facet,
        view: target.view,
        versionId: draft.baseVersionId,
        changedOn: draft.baseChangedOn,
      },
      {
        culture,
        xml: draft.localXml,
        baseXml: draft.baseXml,
        originalXml: draft.localXml,
        ...(options.newVersion ? { newVersion: true } : {}),
      },
    );
    return this.outbox.get(opId)!;
  }

  /** The newest BPMN import of this diagram in the outbox, whatever its state. */
  latestImport(elementId: string, culture: number): OperationOf<'bpmnImport'> | undefined {
    return this.outbox.ofElement(elementId, { kinds: ['bpmnImport'], culture }).at(-1);
  }

  #noteChange(elementId: string): void {
    const first = this.#changed.size === 0;
    this.#changed.add(elementId);
    if (!first) return;
    // After the write's transaction and whatever else this turn changes: one announcement.
    setImmediate(() => {
      const elementIds = [...this.#changed];
      this.#changed = new Set();
      // The session may have closed meanwhile (a profile switch): nobody is left to tell.
      if (!this.#options.db.open) return;
      for (const listener of this.#changeListeners) listener(elementIds);
    });
  }
}
