/**
 * The translation workbench's main side over the current session: the
 * sheet of a process (its texts from the BPMN export in the source and the
 * target culture, live or from the cache), the translator's texts kept as
 * drafts, and publishing them as a `translation` outbox operation (sent at
 * once when the service is reachable, else by the next sync).
 */
import { displayName } from '../../shared/domain/culture.ts';
import type { NotKeptItem } from '../../shared/domain/editor.ts';
import type {
  ExchangeExport,
  ImportPreview,
  TranslationPublishResult,
  TranslationSave,
  TranslationSheet,
  TranslationTarget,
} from '../../shared/domain/translation.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Read } from '../cache/cached-reader-api.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession } from '../session/current-session.ts';
import { SessionReadsRegistry, type SessionReads } from '../session/session-reads.ts';
import { ConflictStore } from '../sync/conflict-store.ts';
import { DraftStore } from '../sync/draft-store.ts';
import { OutboxStore, type Operation } from '../sync/outbox-store.ts';
import { pushOutbox, READ_ONLY_STATES } from '../sync/push-engine.ts';
import { TranslationStore } from '../sync/translation-store.ts';
import { buildRows, pairTexts } from './translation-sheet.ts';
import { locate } from '../session/locate-element.ts';

/** The view of a translate link that does not know it (coverage lists processes by facet). */
export const ANY_VIEW = '*';
import type { FileDialogs } from '../files/file-dialogs.ts';
import { exportTranslation, previewImport, type ExchangeOptions } from './translation-exchange.ts';

export interface TranslationServiceOptions {
  session: CurrentSession;
  logger: Logger;
  /** The per-session reads shared with the workspace and editor (one outage noticed once). */
  reads?: SessionReadsRegistry;
  /** Save and open dialogs for files exchanged with translators; absent: those requests are refused. */
  dialogs?: FileDialogs;
}

/** An explicit publish sends what waits for this process now, not after its backoff. */
const NOW_AND_LATER = new Date('9999-12-31T23:59:59Z');

export class TranslationService {
  readonly #options: TranslationServiceOptions;
  readonly #reads: SessionReadsRegistry;

  constructor(options: TranslationServiceOptions) {
    this.#options = options;
    this.#reads = options.reads ?? new SessionReadsRegistry();
  }

  async #sessionReads(): Promise<SessionReads> {
    const session = await this.#options.session.open();
    if (!session)
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    return this.#reads.for(session);
  }

  async open(target: TranslationTarget): Promise<TranslationSheet> {
    const reads = await this.#sessionReads();
    const { facet, id, source, target: lcid } = target;
    // '*': the view is not known (a link from the reports, which name only the facet).
    const located =
      target.view === ANY_VIEW
        ? await locate(reads, facet, id)
        : { view: target.view, read: await reads.read((r) => r.getElement(facet, target.view, id)) };
    const element = located.read.value;
    const view = located.view;
    if (element.type !== 'process') {
      throw new LanesError({
        code: 'editor.notProcess',
        message: `${id} is a ${element.type}, not a process with a diagram.`,
        params: { id },
      });
    }
    const [sourceRead, targetRead] = await Promise.all([
      reads.read((r) => r.exportBpmn(id, source)),
      reads.read((r) => r.exportBpmn(id, lcid)),
    ]);
    const store = new TranslationStore(reads.session.db);
    const pairs = await pairTexts(sourceRead.value, targetRead.value);
    healDelivered(store, id, lcid, pairs);
    const rows = buildRows(pairs, store.all(id, lcid), source);
    return {
      facet,
      view,
      id,
      source,
      target: lcid,
      name: displayName(element.attributes.name, source, id).text,
      rows,
      sourceXml: sourceRead.value,
      targetXml: targetRead.value,
      ...freshness(sourceRead, targetRead),
      readOnlyState: element.state && READ_ONLY_STATES.has(element.state) ? element.state : null,
      pending: pendingOf(new OutboxStore(reads.session.db), id, lcid),
    };
  }

  /** The texts for translators, as XLIFF 2.0 or CSV, where the user chooses; null: cancelled. */
  exportFile(request: ExchangeExport): Promise<{ path: string; count: number } | null> {
    return exportTranslation(this.#exchange(), request);
  }

  /** A translator's file read and compared with the table; nothing changes until the renderer applies it. */
  previewImport(target: TranslationTarget): Promise<ImportPreview | null> {
    return previewImport(this.#exchange(), target);
  }

  #exchange(): ExchangeOptions {
    return { open: (target) => this.open(target), dialogs: this.#options.dialogs };
  }

  async save(request: TranslationSave): Promise<{ savedAt: string }> {
    const reads = await this.#sessionReads();
    const store = new TranslationStore(reads.session.db);
    const edits = request.edits.map(({ key, ...edit }) => ({ item: key, ...edit }));
    return { savedAt: store.save(request.id, request.target, request.source, edits) };
  }

  /** Queues the drafts of the target culture as one translation and sends it now if the service answers. */
  async publish(target: TranslationTarget): Promise<TranslationPublishResult> {
    const reads = await this.#sessionReads();
    const { db } = reads.session;
    const store = new TranslationStore(db);
    const outbox = new OutboxStore(db);
    const drafts = store.drafts(target.id, target.target);
    if (drafts.length === 0)
      return {
        outcome: 'nothing',
        message: null,
        published: 0,
        notKept: null,
        heldBack: [],
        sheet: await this.open(target),
      };
    const element = reads.session.store.element(target.id)?.value;
    const [op] = outbox.enqueue([
      {
        elementId: target.id,
        kind: 'translation',
        payload: {
          culture: target.target,
          sourceCulture: target.source,
          edits: drafts.map((draft) => ({ key: draft.item, text: draft.text, base: draft.base })),
        },
        base: {
          facet: target.facet,
          view: target.view === ANY_VIEW ? (await locate(reads, target.facet, target.id)).view : target.view,
          versionId: element?.versionId ?? null,
          changedOn: element?.attributes.changedOn?.['127'] ?? null,
        },
      },
    ]);
    store.queue(
      target.id,
      target.target,
      drafts.map((draft) => draft.item),
      op!.opId,
    );
    const delivered = await this.#sendNow(reads, target.id);
    const after = outbox.get(op!.opId);
    const sheet = await this.open(target);
    if (after?.state === 'done') {
      const outcome = delivered.get(op!.opId);
      const notSent = (outcome?.heldBack.length ?? 0) + (outcome?.notKept?.length ?? 0);
      return {
        outcome: 'published',
        message: null,
        published: Math.max(0, drafts.length - notSent),
        notKept: outcome?.notKept ?? null,
        heldBack: outcome?.heldBack ?? [],
        sheet,
      };
    }
    if (after?.state === 'failed')
      return {
        outcome: 'failed',
        message: after.lastError,
        published: 0,
        notKept: null,
        heldBack: [],
        sheet,
      };
    return {
      outcome: 'queued',
      message: after?.lastError ?? null,
      published: 0,
      notKept: null,
      heldBack: [],
      sheet,
    };
  }

  /** Sends this process's waiting operations (when the service is reachable); what each delivery reported. */
  async #sendNow(
    reads: SessionReads,
    elementId: string,
  ): Promise<Map<string, { notKept: NotKeptItem[] | null; heldBack: string[] }>> {
    const delivered = new Map<string, { notKept: NotKeptItem[] | null; heldBack: string[] }>();
    if (reads.unavailable) return delivered;
    const { session } = reads;
    try {
      const report = await session.pushes.run(() =>
        pushOutbox({
          outbox: new OutboxStore(session.db),
          drafts: new DraftStore(session.db),
          conflicts: new ConflictStore(session.db),
          translations: new TranslationStore(session.db),
          rememberExport: (id, lcid, xml) => session.store.putBpmn(id, lcid, xml),
          process: session.clients.process,
          bpmn: session.clients.bpmn,
          dueBy: NOW_AND_LATER,
          reviewMerges: true,
          elementId,
          onEvent: (event) => {
            if (event.type === 'done')
              delivered.set(event.op.opId, {
                notKept: event.notKept ?? null,
                heldBack: event.heldBack ?? [],
              });
          },
        }),
      );
      if (report.retrying > 0) reads.markUnavailable();
    } catch (error) {
      this.#options.logger.warn(`Publishing the translation of ${elementId} failed; it stays queued`, error);
    }
    return delivered;
  }
}

/**
 * A draft the service already has as written (delivered by a run whose
 * bookkeeping was cut short) is published, not shown as still to send.
 */
function healDelivered(
  store: TranslationStore,
  id: string,
  lcid: number,
  pairs: Awaited<ReturnType<typeof pairTexts>>,
): void {
  const drafts = store.drafts(id, lcid);
  if (drafts.length === 0) return;
  const server = new Map(pairs.map((pair) => [pair.item.key, pair.server]));
  const delivered = drafts.filter(
    (draft) => server.has(draft.item) && (draft.text === '' ? null : draft.text) === server.get(draft.item),
  );
  if (delivered.length > 0)
    store.markPublished(
      id,
      lcid,
      delivered.map((draft) => draft.item),
    );
}

function freshness(
  source: Read<string>,
  target: Read<string>,
): Pick<TranslationSheet, 'freshness' | 'fetchedAt'> {
  if (source.source === 'live' && target.source === 'live') return { freshness: 'live', fetchedAt: null };
  const times = [source, target].filter((read) => read.source === 'cache').map((read) => read.fetchedAt);
  return { freshness: 'cache', fetchedAt: times.sort()[0] ?? null };
}

function pendingOf(outbox: OutboxStore, id: string, lcid: number): TranslationSheet['pending'] {
  const open = outbox
    .list(['queued', 'sending', 'unknown', 'failed', 'conflict'])
    .filter(
      (op): op is Extract<Operation, { kind: 'translation' }> =>
        op.elementId === id && op.kind === 'translation' && op.payload.culture === lcid,
    );
  const latest = open[open.length - 1];
  if (!latest || latest.state === 'done') return null;
  return { state: latest.state, error: latest.lastError };
}
