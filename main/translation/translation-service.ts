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
import { isReadOnlyState } from '../../shared/domain/release-states.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { SessionReads } from '../session/session-reads.ts';
import type { OutboxService } from '../sync/outbox-service.ts';
import type { OutboxStore } from '../sync/outbox-store.ts';
import type { SessionOutboxes } from '../sync/session-outboxes.ts';
import type { TranslationStore } from '../sync/translation-store.ts';
import { buildRows, pairTexts } from './translation-sheet.ts';
import { locate } from '../session/locate-element.ts';

/** The view of a translate link that does not know it (coverage lists processes by facet). */
export const ANY_VIEW = '*';
import type { FileDialogs } from '../files/file-dialogs.ts';
import { exportTranslation, previewImport, type ExchangeOptions } from './translation-exchange.ts';

interface TranslationServiceOptions {
  session: CurrentSession;
  logger: Logger;
  /** The app's one outbox service per session: a translation is sent like any publish. */
  outboxes: SessionOutboxes;
  /** Save and open dialogs for files exchanged with translators; absent: those requests are refused. */
  dialogs?: FileDialogs;
}

export class TranslationService {
  readonly #options: TranslationServiceOptions;

  constructor(options: TranslationServiceOptions) {
    this.#options = options;
  }

  async #session(): Promise<{ session: Session; reads: SessionReads; outbox: OutboxService }> {
    const session = await this.#options.session.open();
    if (!session)
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    return { session, reads: session.reads, outbox: this.#options.outboxes.for(session) };
  }

  async open(target: TranslationTarget): Promise<TranslationSheet> {
    const { reads, outbox } = await this.#session();
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
    const store = outbox.translations;
    const pairs = await pairTexts(sourceRead.value, targetRead.value);
    healDelivered(store, outbox.outbox, id, lcid, pairs);
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
      readOnlyState: isReadOnlyState(element.state) ? (element.state ?? null) : null,
      pending: pendingOf(outbox.outbox, id, lcid),
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
    const store = (await this.#session()).outbox.translations;
    const edits = request.edits.map(({ key, ...edit }) => ({ item: key, ...edit }));
    return { savedAt: store.save(request.id, request.target, request.source, edits) };
  }

  /** Queues the drafts of the target culture as one translation and sends it now if the service answers. */
  async publish(target: TranslationTarget): Promise<TranslationPublishResult> {
    const { reads, outbox: sending } = await this.#session();
    const store = sending.translations;
    const outbox = sending.outbox;
    const drafts = store.drafts(target.id, target.target);
    if (drafts.length === 0)
      return {
        outcome: 'nothing',
        error: null,
        published: 0,
        notKept: null,
        heldBack: [],
        sheet: await this.open(target),
      };
    const element = reads.session.store.element(target.id)?.value;
    const opId = sending.execute(
      'translation',
      {
        elementId: target.id,
        facet: target.facet,
        view: target.view === ANY_VIEW ? (await locate(reads, target.facet, target.id)).view : target.view,
        versionId: element?.versionId ?? null,
        changedOn: element?.attributes.changedOn?.['127'] ?? null,
      },
      {
        culture: target.target,
        sourceCulture: target.source,
        edits: drafts.map((draft) => ({ key: draft.item, text: draft.text, base: draft.base })),
      },
    );
    store.queue(
      target.id,
      target.target,
      drafts.map((draft) => draft.item),
      opId,
    );
    const delivered = await this.#sendNow(reads, sending, target.id);
    const after = outbox.get(opId);
    const sheet = await this.open(target);
    if (after?.state === 'done') {
      const notKept = delivered.get(opId) ?? null;
      const heldBack = after.kind === 'translation' ? (after.payload.prepared?.heldBack ?? []) : [];
      const notSent = heldBack.length + (notKept?.length ?? 0);
      return {
        outcome: 'published',
        error: null,
        published: Math.max(0, drafts.length - notSent),
        notKept,
        heldBack,
        sheet,
      };
    }
    if (after?.state === 'failed')
      return {
        outcome: 'failed',
        error: after.lastError,
        published: 0,
        notKept: null,
        heldBack: [],
        sheet,
      };
    return {
      outcome: 'queued',
      error: after?.lastError ?? null,
      published: 0,
      notKept: null,
      heldBack: [],
      sheet,
    };
  }

  /** Sends this process's waiting operations (when the service answers); what the service did not keep, by operation. */
  async #sendNow(
    reads: SessionReads,
    outbox: OutboxService,
    elementId: string,
  ): Promise<Map<string, NotKeptItem[] | null>> {
    const delivered = new Map<string, NotKeptItem[] | null>();
    if (!(await reads.reachableNow())) return delivered;
    try {
      const report = await outbox.send('editor', {
        elementId,
        onEvent: (event) => {
          if (event.type === 'done') delivered.set(event.op.opId, event.notKept ?? null);
        },
      });
      if (report.retrying > 0) reads.markUnavailable();
    } catch (error) {
      this.#options.logger.warn(`Publishing the translation of ${elementId} failed; it stays queued`, error);
    }
    return delivered;
  }
}

/**
 * A draft the service already has as written (delivered by a run whose
 * bookkeeping was cut short) is published, not shown as still to send; the
 * texts of a failed operation are drafts again.
 */
function healDelivered(
  store: TranslationStore,
  outbox: OutboxStore,
  id: string,
  lcid: number,
  pairs: Awaited<ReturnType<typeof pairTexts>>,
): void {
  // An operation that failed for good (a released process, a refusal) gives its texts back as drafts.
  for (const stored of store.all(id, lcid).values())
    if (stored.state === 'queued' && stored.opId && outbox.get(stored.opId)?.state === 'failed')
      store.release(stored.opId);
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
  const open = outbox.ofElement(id, {
    kinds: ['translation'],
    culture: lcid,
    states: ['queued', 'sending', 'unknown', 'failed', 'conflict'],
  });
  const latest = open[open.length - 1];
  if (!latest || latest.state === 'done' || latest.state === 'cancelled') return null;
  return { state: latest.state, error: latest.lastError };
}
