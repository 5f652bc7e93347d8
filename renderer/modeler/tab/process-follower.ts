/**
 * A process tab follows its process as main tells it, without asking again:
 * where its draft and publish stand after the outbox changed, the outcome of
 * a publish however it was sent (the tab's own, a sync, the command line),
 * and the element's state after a release, a new version or a deletion.
 * A publish shows the same banner everywhere, and the canvas then shows the
 * service's version; what the service did not keep can be restored into a
 * draft. Each publish's outcome arrives once, as `editor.published` (the tab's
 * own Publish is answered with an acknowledgement). Whether the canvas can be
 * edited follows the tab's state (tab-state.ts), never set here.
 */
import type {
  DocumentState,
  EditorDocument,
  OutboxChanged,
  PublishedEvent,
} from '../../../shared/domain/editor.ts';
import type { LanesClient } from '../../bridge/lanes-client.ts';
import { t } from '../../i18n/locale-controller.ts';
import { badgeOf } from './editor-banners.ts';
import type { TabContext } from './tab-context.ts';

const NO_PUBLISH = { state: 'none', error: null, conflictId: null } as const;

export class ProcessFollower {
  readonly #context: TabContext;

  constructor(context: TabContext) {
    this.#context = context;
  }

  /** Subscribes to main's events about processes; returns how to stop. */
  follow(client: LanesClient): Array<() => void> {
    return [
      client.on('outbox.changed', (changed) => this.#onOutboxChanged(changed)),
      client.on('editor.published', (event) => void this.#onPublished(event)),
      client.on('editor.documentState', (state) => void this.#onDocumentState(state)),
    ];
  }

  /**
   * What a publish came to, however it was sent: the banner (with what the
   * service did not keep), the document as it stands now, and the canvas
   * showing the service's version, unless the tab holds unsaved edits.
   */
  async #showPublished(event: PublishedEvent): Promise<void> {
    const { result } = event;
    const session = this.#context.session();
    this.#context.tab.state.tell({
      kind: 'published',
      summary: result.importSummary ?? '',
      // The tab's own Publish (or the conflict view's) while lint could not check the diagram.
      lintSkipped: event.via === 'editor' && (session?.lintUnavailable ?? null) !== null,
      notKept: result.notKept,
      ...(result.replaced ? { replaced: result.replaced } : {}),
    });
    if (result.document) await this.#show(result.document);
    this.#context.reportStatus();
  }

  /** "Restore into a draft": what was published, with what the service dropped, is the draft again. */
  async restoreSent(): Promise<void> {
    const { tab } = this.#context;
    const target = this.#context.target();
    const session = this.#context.session();
    if (!target || !session) return;
    try {
      const doc = await tab.client.request('editor.restoreSent', target);
      tab.state.show(doc);
      await session.import(doc.xml);
      tab.state.say(t('outcome.restored'));
    } catch (error) {
      this.#context.reportError(error);
    } finally {
      this.#context.reportStatus();
    }
  }

  /** The service's version on the canvas (the view kept), unless the user has unsaved edits there. */
  async #show(doc: EditorDocument): Promise<void> {
    const { tab } = this.#context;
    const session = this.#context.session();
    const replaceCanvas = session !== null && !session.dirty && doc.source !== 'draft';
    tab.state.show(doc);
    if (!session) return;
    if (replaceCanvas) {
      type Box = { x: number; y: number; width: number; height: number };
      const canvas = session.modeler.get<{ viewbox(box?: Box): Box }>('canvas');
      const view = canvas.viewbox();
      await session.import(doc.xml);
      // A tab in the background has a canvas of no size, whose viewbox is not a number: keep the import's.
      const drawable = [view.x, view.y, view.width, view.height].every(Number.isFinite) && view.width > 0;
      if (drawable) canvas.viewbox({ x: view.x, y: view.y, width: view.width, height: view.height });
    }
  }

  #onOutboxChanged(changed: OutboxChanged): void {
    const { state } = this.#context.tab;
    const target = this.#context.target();
    const doc = state.doc;
    if (!target || !doc || !changed.elementIds.includes(target.id)) return;
    const mine = changed.diagrams.find((d) => d.id === target.id && d.culture === target.culture);
    const publish = mine?.publish ?? NO_PUBLISH;
    const wasQueued = badgeOf(doc) === 'queued';
    state.update({
      publish,
      ...(mine?.draftSavedAt
        ? { source: 'draft', draftSavedAt: mine.draftSavedAt }
        : { source: doc.source === 'draft' ? 'live' : doc.source, draftSavedAt: null }),
    });
    // A publish sent elsewhere shows its outcome when its event arrives; until then it is no longer queued.
    if (wasQueued && publish.state === 'none') state.clear('queued');
    if (publish.state === 'conflict' || publish.state === 'review')
      state.tell({ kind: publish.state, conflictId: publish.conflictId });
    // Resolved elsewhere (the conflict view, another tab): its banner would lead to a conflict that is gone.
    else state.clear('conflict', 'review');
    this.#context.reportStatus();
  }

  async #onPublished(event: PublishedEvent): Promise<void> {
    const target = this.#context.target();
    if (!target || event.id !== target.id || event.culture !== target.culture) return;
    try {
      await this.#showPublished(event);
    } catch (error) {
      this.#context.reportError(error);
    }
  }

  /** Released, versioned or deleted: the tab's state and what it allows follow the element. */
  async #onDocumentState(state: DocumentState): Promise<void> {
    const { tab } = this.#context;
    const target = this.#context.target();
    const doc = tab.state.doc;
    const session = this.#context.session();
    if (!target || !doc || state.id !== target.id) return;
    if (state.deleted) {
      // The banner says so; the diagram stays, read-only, to be saved to a file.
      tab.state.markDeleted();
      this.#context.reportStatus();
      return;
    }
    const { id: _id, deleted: _deleted, ...header } = state;
    const newVersion =
      state.versionId !== null && doc.versionId !== null && state.versionId !== doc.versionId;
    // A new version without a draft in this tab: it opens on the new version (same diagram, now editable).
    if (newVersion && doc.source !== 'draft' && !session?.dirty) {
      try {
        await this.#show(await tab.client.request('editor.open', target));
        tab.state.say(t('outcome.newVersion', { version: state.versionLabel ?? '' }));
      } catch (error) {
        this.#context.reportError(error);
      }
      this.#context.reportStatus();
      return;
    }
    tab.state.update({ ...header, versionId: doc.source === 'draft' ? doc.versionId : header.versionId });
    // "Draft saved …" and the like belong to the state before: the banner now says where the tab stands.
    if (tab.state.readOnly) tab.state.clear('info');
    this.#context.reportStatus();
  }
}
