/**
 * What the open editor tabs are told without asking: where each diagram's
 * draft and publish stand after the outbox changed, the outcome of every
 * publish however it was sent, and the element's new state after a release,
 * a new version or a deletion (learnt from a sync, from the action done in
 * Lanes, or from a send the service refused). Each is computed once in main from the stores and the cache, so no
 * tab has to ask again after every save; a publish's outcome is told only here (`editor.published`), the request
 * that sent it answering with an acknowledgement.
 */
import { displayName } from '../../shared/domain/culture.ts';
import type {
  DiagramStanding,
  DocumentState,
  EditorTarget,
  OutboxChanged,
  PublishedEvent,
  PublishResult,
} from '../../shared/domain/editor.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { SendEvent } from '../sync/outbox-sender.ts';
import type { SendVia } from '../sync/outbox-service.ts';
import type { SessionOutboxes } from '../sync/session-outboxes.ts';
import { asEditorCulture, editorContext, type EditorContext } from './editor-context.ts';
import { documentStateOf } from './open-document.ts';
import { documentAfter, isImportOf, publishedResult } from './publish-now.ts';
import { publishStateOf } from './publish-state.ts';

/** What a tab shows of the element's state, compared to tell it only what changed. */
const stateKey = (s: Omit<DocumentState, 'id' | 'deleted'>): string =>
  JSON.stringify([s.state, s.versionId, s.versionLabel, s.changedOn, s.readOnly, s.canCreateVersion]);

export type EditorEvent =
  | { channel: 'outbox.changed'; payload: OutboxChanged }
  | { channel: 'editor.published'; payload: PublishedEvent }
  | { channel: 'editor.documentState'; payload: DocumentState };

interface EditorAnnouncerOptions {
  session: Pick<CurrentSession, 'open'>;
  outboxes: SessionOutboxes;
  logger: Logger;
  emit: (event: EditorEvent) => void;
}

/** How many opened elements a sync looks at again (the most recently opened). */
const WATCHED_AT_MOST = 50;

export class EditorAnnouncer {
  readonly #options: EditorAnnouncerOptions;
  /** Elements opened in the editor this session, with the state last told, newest last. */
  readonly #watched = new Map<string, { facet: string; view: string; told: string }>();
  /** The history entries whose publishes were told (by their events): later ones were sent by others. */
  readonly #historyTold = new WeakMap<Session, number>();
  /** Publishes by others are told only from the app's start on (older ones are not news). */
  readonly #startedAt = new Date().toISOString();
  /** Outcomes of sends being told (their documents read from the cache). */
  readonly #telling = new Set<Promise<void>>();

  constructor(options: EditorAnnouncerOptions) {
    this.#options = options;
    options.outboxes.onChange((session, elementIds) => {
      try {
        this.#emit({ channel: 'outbox.changed', payload: this.#standing(session, elementIds) });
      } catch (error) {
        options.logger.warn('Could not tell the editor tabs where their drafts stand', error);
      }
    });
    options.outboxes.onEvent((session, event, via) => {
      if (event.type === 'done')
        this.#historyTold.set(session, options.outboxes.for(session).history.lastSeq());
      const told = this.#onSent(session, event, via).catch((error: unknown) =>
        options.logger.warn('Could not tell the editor tabs what a publish came to', error),
      );
      this.#telling.add(told);
      void told.finally(() => this.#telling.delete(told));
    });
  }

  /**
   * Resolves once every outcome of the sends so far is told: a request that
   * sent a publish answers after its `editor.published`, so the tab that asked
   * has the outcome when its answer (an acknowledgement) arrives.
   */
  async told(): Promise<void> {
    while (this.#telling.size > 0) await Promise.all([...this.#telling]);
  }

  /** An element was opened in a tab: a sync looks whether it was released, versioned or deleted. */
  watch(target: EditorTarget, state: Omit<DocumentState, 'id' | 'deleted'>): void {
    this.#watched.delete(target.id);
    this.#watched.set(target.id, { facet: target.facet, view: target.view, told: stateKey(state) });
    while (this.#watched.size > WATCHED_AT_MOST) this.#watched.delete(this.#watched.keys().next().value!);
  }

  /** An action in Lanes changed the element (and refreshed the cache): its tabs learn it now. */
  async elementChanged(id: string): Promise<void> {
    const session = await this.#options.session.open();
    if (session) this.#tell(documentStateOf(this.#context(session), id));
  }

  /**
   * After a sync: publishes another process (the command line) sent meanwhile
   * are told like the app's own, and each watched element as the service has
   * it now (a deleted one is said to be gone).
   */
  async refreshWatched(): Promise<void> {
    const session = await this.#options.session.open();
    if (!session) return;
    const ctx = this.#context(session);
    await this.#tellPublishedElsewhere(session, ctx);
    for (const [id, where] of [...this.#watched]) {
      try {
        const read = await ctx.reads.read((r) => r.getElement(where.facet, where.view, id));
        if (read.source !== 'live') return; // Out of reach: nothing new to learn.
        this.#tell(documentStateOf(ctx, id));
      } catch (error) {
        if (error instanceof LanesError && error.code === 'api.notFound') this.#tellDeleted(id);
        else this.#options.logger.warn(`Could not look at ${id} again after the sync`, error);
      }
    }
  }

  #context(session: Session): EditorContext {
    return editorContext(session.reads, this.#options.outboxes.for(session));
  }

  #standing(session: Session, elementIds: string[]): OutboxChanged {
    const ctx = this.#context(session);
    const diagrams: DiagramStanding[] = [];
    for (const id of elementIds) {
      const cultures = new Set([
        ...ctx.drafts.of(id).map((draft) => draft.culture),
        ...ctx.outbox.ofElement(id, { kinds: ['bpmnImport'] }).map((op) => op.payload.culture),
      ]);
      for (const culture of cultures) {
        const publish = publishStateOf(ctx, id, culture);
        const draft = ctx.drafts.get(id, culture);
        if (!draft && publish.state === 'none') continue;
        diagrams.push({ id, culture, publish, draftSavedAt: draft?.savedAt ?? null });
      }
    }
    return { elementIds, diagrams };
  }

  async #onSent(session: Session, event: SendEvent, via: SendVia): Promise<void> {
    // A refusal (a process released meanwhile): the check before it read the element, so its tabs
    // learn the state now and offer the way on, without waiting for the next sync.
    if (event.type === 'failed') this.#tell(documentStateOf(this.#context(session), event.op.elementId));
    if (event.type !== 'done') return;
    const { op } = event;
    if (op.kind !== 'bpmnImport') {
      // A release or a new version delivered by the outbox: the answer refreshed the cache.
      if (event.element) this.#tell(documentStateOf(this.#context(session), op.elementId));
      return;
    }
    const target: EditorTarget = {
      facet: op.base.facet,
      view: op.base.view,
      id: op.elementId,
      culture: asEditorCulture(op.payload.culture),
    };
    if (!isImportOf(event, target)) return;
    const { document: _none, ...outcome } = publishedResult(event);
    await this.#announcePublished(session, target, via, outcome);
  }

  async #tellPublishedElsewhere(session: Session, ctx: EditorContext): Promise<void> {
    const since = this.#historyTold.get(session) ?? 0;
    const found = ctx.history.publishedAfter(since).filter((entry) => entry.seenAt >= this.#startedAt);
    this.#historyTold.set(session, ctx.history.lastSeq());
    for (const entry of found) {
      const place = this.#watched.get(entry.elementId) ?? session.store.placeOf(entry.elementId);
      if (!place) continue;
      const target: EditorTarget = {
        facet: place.facet,
        view: place.view,
        id: entry.elementId,
        culture: asEditorCulture(entry.lcid),
      };
      const publishId = `history:${entry.seq}`;
      await this.#announcePublished(session, target, 'cli', {
        outcome: 'published',
        error: null,
        importSummary: null,
        conflictId: null,
        notKept: entry.notKept,
        publishId,
      });
    }
  }

  /**
   * The one place a publish's outcome is made whole and told, however it was
   * sent: the diagram as the service now holds it (from what the send brought
   * into the cache), the process's name for a notice, then the element's new
   * state. No request answers with the document: this event is its one delivery.
   */
  async #announcePublished(
    session: Session,
    target: EditorTarget,
    via: PublishedEvent['via'],
    outcome: Omit<PublishResult, 'document'> & { publishId: string },
  ): Promise<void> {
    const ctx = this.#context(session);
    const document = await documentAfter(ctx, target, this.#options.logger);
    this.#emit({
      channel: 'editor.published',
      payload: {
        id: target.id,
        culture: target.culture,
        name: displayName(session.store.element(target.id)?.value.attributes.name, target.culture, target.id)
          .text,
        via,
        publishId: outcome.publishId,
        result: { ...outcome, document },
      },
    });
    if (document) this.#tell(documentStateOf(ctx, target.id));
  }

  #tell(state: DocumentState | null): void {
    if (!state) return;
    const watched = this.#watched.get(state.id);
    const told = stateKey(state);
    if (watched?.told === told) return;
    if (watched) watched.told = told;
    this.#emit({ channel: 'editor.documentState', payload: state });
  }

  #tellDeleted(id: string): void {
    const watched = this.#watched.get(id);
    if (!watched) return;
    this.#watched.delete(id);
    this.#emit({
      channel: 'editor.documentState',
      payload: {
        id,
        deleted: true,
        state: null,
        versionId: null,
        versionLabel: null,
        changedOn: null,
        readOnly: null,
        canCreateVersion: false,
      },
    });
  }

  #emit(event: EditorEvent): void {
    try {
      this.#options.emit(event);
    } catch (error) {
      this.#options.logger.warn(`Could not tell the editor tabs (${event.channel})`, error);
    }
  }
}
