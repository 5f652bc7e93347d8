import { displayName } from '../../shared/domain/culture.ts';
import type {
  RestoreVersionRequest,
  ConflictDetail,
  ConflictSummary,
  DraftSummary,
  EditorDocument,
  EditorKey,
  EditorPreview,
  EditorTarget,
  HistoryEntry,
  HistoryRequest,
  PublishResult,
} from '../../shared/domain/editor.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import type { CurrentSession } from '../session/current-session.ts';
import type { SessionOutboxes } from '../sync/session-outboxes.ts';
import { assertBpmnDocument, assertPublishableBpmn, type BpmnOrigin } from '../bpmn/bpmn-check.ts';
import { conflictDetail, listConflicts, resolve } from './conflict-views.ts';
import { EditorAnnouncer, type EditorEvent } from './editor-announcer.ts';
import { cachedExport, editorContext, noServerCopy, type EditorContext } from './editor-context.ts';
import { historyOf, historyXml, restoreVersion } from './history-view.ts';
import { openDocument } from './open-document.ts';
import { publishNow } from './publish-now.ts';
import { publishStateOf } from './publish-state.ts';
import { preflightFacts } from './preflight-facts.ts';
import type { DescribeProcessRequest, PreflightFacts } from '../../shared/domain/preflight.ts';
import { withDescription } from './process-description.ts';

interface EditorServiceOptions {
  session: CurrentSession;
  /** The app's one outbox per session: drafts, publishes and conflicts live there. */
  outboxes: SessionOutboxes;
  logger: Logger;
  /** What the open tabs are told without asking (outbox standing, publish outcomes, element state). */
  emit?: (event: EditorEvent) => void;
}

/** The cached renderings shown while bpmn-js imports, best first. */
const PREVIEW_LAYOUTS = ['detailed', 'horizontal'] as const;

/**
 * The BPMN editor's main side over the current session: open a diagram
 * (draft, live or cached), keep drafts and the recovery slot, publish
 * through the outbox, review merges and resolve conflicts, and list the
 * versions Lanes has seen.
 */
export class EditorService {
  readonly #options: EditorServiceOptions;
  readonly #announcer: EditorAnnouncer;

  constructor(options: EditorServiceOptions) {
    this.#options = options;
    this.#announcer = new EditorAnnouncer({
      session: options.session,
      outboxes: options.outboxes,
      logger: options.logger,
      emit: options.emit ?? (() => {}),
    });
  }

  async #context(): Promise<EditorContext> {
    const session = await this.#options.session.open();
    if (!session) {
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    }
    return editorContext(session.reads, this.#options.outboxes.for(session));
  }

  async open(target: EditorTarget): Promise<EditorDocument> {
    const document = await openDocument(await this.#context(), target);
    this.#announcer.watch(target, document);
    return document;
  }

  /** After a sync: the open diagrams' elements as the service has them now. */
  afterSync(): Promise<void> {
    return this.#announcer.refreshWatched();
  }

  /** A release action or a new version made in Lanes: the element's open tabs learn it now. */
  elementChanged(id: string): Promise<void> {
    return this.#announcer.elementChanged(id);
  }

  /**
   * "Restore into a draft": the diagram as it was last published (with what
   * the service did not keep) becomes a draft again, based on the service's
   * version, so nothing the user made is lost without their word.
   */
  async restoreSent(target: EditorTarget): Promise<EditorDocument> {
    const ctx = await this.#context();
    const sent = ctx.history.list(target.id, target.culture).find((entry) => entry.kind === 'published');
    const xml = sent ? ctx.history.xml(target.id, target.culture, sent.seq) : undefined;
    const base = cachedExport(ctx, target.id, target.culture);
    if (xml === undefined || !base) throw noServerCopy(target.id);
    const existing = ctx.drafts.get(target.id, target.culture);
    if (existing) ctx.drafts.save({ ...existing, localXml: xml });
    else
      ctx.drafts.save({
        elementId: target.id,
        culture: target.culture,
        baseVersionId: base.versionId,
        baseChangedOn: base.changedOn,
        baseXml: base.xml,
        localXml: xml,
      });
    return openDocument(ctx, target, true);
  }

  /** From the cache only: it must show at once, whatever the network does. */
  async preview(key: EditorKey): Promise<EditorPreview> {
    const { store } = (await this.#context()).reads.session;
    for (const layout of PREVIEW_LAYOUTS) {
      // Its picture, when the renderer made one, is all the preview needs: the SVG is not even read.
      const picture = store.renders.previewPicture(key.id, key.culture, layout);
      if (picture === undefined) continue;
      if (picture) return { svg: null, fetchedAt: picture.fetchedAt, layout, raster: picture.raster };
      // Sanitised when it was stored (main/cache/render-store.ts): nothing to do here but read it.
      const cached = store.renders.shown(key.id, key.culture, layout);
      if (!cached) continue;
      if (cached.shown.ok)
        return { svg: cached.shown.svg, fetchedAt: cached.fetchedAt, layout, raster: null };
      this.#options.logger.warn(`The cached ${layout} rendering of ${key.id} cannot be shown`, {
        problem: cached.shown.problem,
      });
    }
    return { svg: null, fetchedAt: null, layout: null, raster: null };
  }

  /**
   * Stores the editor's XML as the draft, durably. A first save bases the
   * draft on the server copy the editor opened (the cached export); later
   * saves keep that base, so a merge knows where the edit started.
   * `origin` says who wrote the XML: the editor's own bpmn-js gets the cheap
   * structural check, anything else the full parse (see BpmnOrigin).
   */
  async saveDraft(
    request: EditorTarget & { xml: string },
    origin: BpmnOrigin = 'outside',
  ): Promise<{ savedAt: string }> {
    const ctx = await this.#context();
    // Any BPMN, even pools without a process yet: a draft is work in progress and must never be
    // refused for being unfinished. The process rule is the service's, so publish checks it.
    await assertBpmnDocument(request.xml, origin);
    const existing = ctx.drafts.get(request.id, request.culture);
    if (existing) return { savedAt: ctx.drafts.save({ ...existing, localXml: request.xml }).savedAt };
    const base = cachedExport(ctx, request.id, request.culture);
    if (!base) throw noServerCopy(request.id);
    const saved = ctx.drafts.save({
      elementId: request.id,
      culture: request.culture,
      baseVersionId: base.versionId,
      baseChangedOn: base.changedOn,
      baseXml: base.xml,
      localXml: request.xml,
    });
    return { savedAt: saved.savedAt };
  }

  async discardDraft(key: EditorKey): Promise<{ discarded: boolean }> {
    const ctx = await this.#context();
    ctx.drafts.clearRecovery(key.id, key.culture);
    return { discarded: ctx.drafts.discard(key.id, key.culture) };
  }

  async writeRecovery(request: EditorKey & { xml: string }): Promise<{ savedAt: string }> {
    const ctx = await this.#context();
    const now = new Date();
    ctx.drafts.writeRecovery(request.id, request.culture, request.xml, now);
    return { savedAt: now.toISOString() };
  }

  async readRecovery(key: EditorKey): Promise<{ xml: string; savedAt: string } | null> {
    return (await this.#context()).drafts.readRecovery(key.id, key.culture) ?? null;
  }

  async clearRecovery(key: EditorKey): Promise<Record<string, never>> {
    (await this.#context()).drafts.clearRecovery(key.id, key.culture);
    return {};
  }

  async publish(request: EditorTarget & { newVersion?: boolean | undefined }): Promise<PublishResult> {
    const { newVersion, ...target } = request;
    const ctx = await this.#context();
    const draft = ctx.drafts.get(target.id, target.culture);
    if (draft) await assertPublishableBpmn(draft.localXml);
    const result = await publishNow(
      ctx,
      target,
      newVersion === undefined ? {} : { newVersion },
      this.#options.logger,
    );
    // The outcome is told before the answer: the tab that asked shows it from `editor.published`.
    await this.#announcer.told();
    return result;
  }

  async drafts(): Promise<DraftSummary[]> {
    const ctx = await this.#context();
    const { store } = ctx.reads.session;
    return ctx.drafts.list().map((draft) => {
      const element = store.element(draft.elementId)?.value;
      const place = store.placeOf(draft.elementId);
      return {
        id: draft.elementId,
        culture: draft.culture,
        facet: place?.facet ?? element?.facetName ?? null,
        view: place?.view ?? null,
        name: displayName(element?.attributes.name, draft.culture, draft.elementId).text,
        savedAt: draft.savedAt,
        publish: publishStateOf(ctx, draft.elementId, draft.culture),
      };
    });
  }

  /** Offline: what the release pre-flight checks, from the cache file only. */
  async preflight(id: string, culture: number): Promise<PreflightFacts> {
    return preflightFacts(await this.#context(), id, culture);
  }

  /**
   * "Write the description" from the release pre-flight. The service takes a
   * process's description from its diagram (the process's documentation, on
   * BPMN import), so the text is written there, into the draft (made from the
   * service's copy when there is none), and published as every edit is:
   * through the outbox, verified when sent, queued while offline.
   */
  async describe(request: DescribeProcessRequest): Promise<PublishResult> {
    const { text, ...target } = request;
    const ctx = await this.#context();
    const draft = ctx.drafts.get(target.id, target.culture);
    const xml = draft?.localXml ?? (await openDocument(ctx, target)).xml;
    await this.saveDraft({ ...target, xml: await withDescription(xml, target.id, text) });
    return this.publish(target);
  }

  async conflicts(): Promise<ConflictSummary[]> {
    return listConflicts(await this.#context());
  }

  async conflict(id: string): Promise<ConflictDetail> {
    return conflictDetail(await this.#context(), id, this.#options.logger);
  }

  async resolve(request: {
    id: string;
    resolution: 'mine' | 'replace' | 'theirs' | 'merged';
    xml?: string | undefined;
  }): Promise<PublishResult> {
    const result = await resolve(await this.#context(), request, this.#options.logger);
    await this.#announcer.told();
    return result;
  }

  async history(request: HistoryRequest): Promise<HistoryEntry[]> {
    return historyOf(await this.#context(), request);
  }

  async historyXml(request: EditorKey & { key: string }): Promise<{ xml: string }> {
    return { xml: historyXml(await this.#context(), request) };
  }

  async restoreVersion(request: RestoreVersionRequest): Promise<{ facet: string; view: string }> {
    return restoreVersion(await this.#context(), request);
  }
}
