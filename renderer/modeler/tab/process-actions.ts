/**
 * What a tab does with a process on the server: open its diagram (the cached
 * rendering first), make a new version when the current one is read-only,
 * and store the editor's XML as a draft, of this process or (from a local
 * file) of one the user picks.
 */
import { html } from 'lit';
import { OpenedOnce } from '../../base/opened-once.ts';
import type { EditorDocument, EditorTarget } from '../../../shared/domain/editor.ts';
import { CachedPreview } from '../canvas/cached-preview.ts';
import { afterNextPaint } from '../../base/next-paint.ts';
import { t } from '../../i18n/locale-controller.ts';
import type { DiagramSession } from '../canvas/diagram-session.ts';
import { formatTime } from './editor-banners.ts';
import type { PickedElement } from './element-picker.ts';
import type { RecoveryActions } from './recovery-actions.ts';
import type { TabContext } from './tab-context.ts';
import './element-picker.ts';

export class ProcessActions {
  readonly #context: TabContext;
  readonly #recovery: RecoveryActions;
  #preview: CachedPreview | null = null;
  /** The document asked for together with the preview (the tab's first load). */
  #document: { target: EditorTarget; answer: Promise<EditorDocument> } | null = null;
  #pickerOpen = false;
  readonly #picker = new OpenedOnce();
  #saving: Promise<void> | null = null;

  constructor(context: TabContext, recovery: RecoveryActions) {
    this.#context = context;
    this.#recovery = recovery;
  }

  /** The cached server rendering, shown until bpmn-js has imported the diagram. */
  get preview(): Element | null {
    return this.#preview?.element ?? null;
  }

  /**
   * The tab's first load, before its Modeler exists: asks main for the
   * cached rendering and the document at once, and resolves once the
   * rendering is painted (or there is none), so nothing of the editor
   * delays it.
   */
  showPreview(target: EditorTarget): Promise<void> {
    const { tab } = this.#context;
    const client = tab.client;
    const preview = new CachedPreview(client, target, () => {
      tab.requestUpdate();
      return tab.updateComplete;
    });
    this.#preview = preview;
    // Asked for right behind the preview, not after its answer: main answers the small preview first
    // (it was asked first) and prepares the document meanwhile, so the document's trip over IPC overlaps
    // the preview's decoding and painting and the Modeler's creation instead of following them.
    performance.mark('lanes.open.document.asked');
    const answer = client.request('editor.open', target).then((doc) => {
      performance.mark('lanes.open.document.answered');
      return doc;
    });
    answer.catch(() => {}); // handled by open()
    this.#document = { target, answer };
    return preview.shown;
  }

  /** Opens the diagram (after `showPreview`: the document already asked for, the preview painted first). */
  async open(target: EditorTarget, session: DiagramSession): Promise<void> {
    const client = this.#context.tab.client;
    const asked = this.#document?.target === target ? this.#document.answer : null;
    this.#document = null;
    const preview = this.#preview;
    const { state } = this.#context.tab;
    try {
      const doc = await (asked ?? client.request('editor.open', target));
      state.show(doc);
      // The preview is painted before bpmn-js takes the page (an import paints nothing until done).
      await preview?.shown;
      // An SVG preview left in the page would be laid out again with the new canvas (4,000 elements:
      // about a second); a picture costs nothing and stays until the editor has the diagram.
      const shown = preview?.element ?? null;
      if (preview?.isSvg) await preview.hide();
      try {
        performance.mark('lanes.open.import');
        await session.import(doc.xml, false, !state.readOnly);
        performance.measure('lanes.open.import', 'lanes.open.import');
      } catch (error) {
        await preview?.restore(shown);
        throw error;
      }
      // The diagram is shown: from now on the canvas is read-only exactly when the tab's state says.
      state.followedBy(session);
      this.#recovery.opened(doc, state.readOnly);
      await preview?.hide();
      // The first preview of a rendering was its SVG: its picture is kept for the next one.
      preview?.keepPictureWhenIdle(() => session.canvasSize);
    } finally {
      if (this.#preview === preview) this.#preview = null;
    }
  }

  /** "Create new version to edit": the service makes an editable version; the tab reopens on it. */
  async createVersion(): Promise<void> {
    const { tab } = this.#context;
    const target = this.#context.target();
    const session = this.#context.session();
    if (!target || !session) return;
    try {
      await tab.state.whileBusy(async () => {
        const result = await tab.client.request('workspace.createVersion', {
          facet: target.facet,
          view: target.view,
          id: target.id,
        });
        if (result.outcome === 'queued') tab.state.say(t('editor.readOnly.versionQueued'));
        else if (result.outcome === 'warning')
          tab.state.say(t('editor.readOnly.versionWarning', { messages: result.messages.join(' ') }));
        else await this.open(target, session);
      });
    } catch (error) {
      this.#context.reportError(error);
    } finally {
      this.#context.reportStatus();
    }
  }

  /**
   * Stores the editor's XML as the draft of `target` (default: the tab's
   * process); true when stored. The tab is clean as soon as the XML is taken
   * (what is sent is what is shown), while main writes it; a write that
   * fails makes it unsaved again and says why (`saving` until then).
   */
  async saveDraft(target = this.#context.target()): Promise<boolean> {
    const { tab } = this.#context;
    const session = this.#context.session();
    if (!target || !session) return false;
    const own = target === this.#context.target();
    let failed: (() => void) | null = null;
    const stored = (async () => {
      // User timing (lanes.save.*): how a save divides between bpmn-js's saveXML and main (bench/editor-save.ts).
      const started = performance.now();
      const xml = await session.xml();
      const serialised = performance.now();
      performance.measure('lanes.save.serialise', { start: started, end: serialised, detail: xml.length });
      if (own) {
        failed = session.markSaved();
        this.#context.reportStatus();
        // The clean tab is painted before megabytes of XML are handed to the IPC channel.
        await afterNextPaint();
      }
      const { savedAt } = await tab.client.request('editor.saveDraft', { ...target, xml });
      performance.measure('lanes.save.request', { start: serialised });
      if (own) tab.state.update({ source: 'draft', draftSavedAt: savedAt });
      tab.state.say(t('editor.saved.draft', { time: formatTime(savedAt) }));
      this.#context.reportStatus();
    })();
    this.#saving = stored;
    try {
      await stored;
      return true;
    } catch (error) {
      (failed as (() => void) | null)?.();
      this.#context.reportStatus();
      this.#context.reportError(error);
      return false;
    } finally {
      if (this.#saving === stored) this.#saving = null;
    }
  }

  /** A draft on its way to main: the tab shows clean, but it is not stored yet. */
  get saving(): Promise<unknown> | null {
    return this.#saving;
  }

  /** "Save as draft of…" (local files): the user picks the process first. */
  pickProcess(open = true): void {
    this.#pickerOpen = open;
    this.#context.tab.requestUpdate();
  }

  async #saveAsDraftOf(picked: PickedElement): Promise<void> {
    this.pickProcess(false);
    const culture = this.#context.tab.state.doc?.culture ?? 1033;
    await this.saveDraft({ facet: picked.facet, view: picked.view, id: picked.id, culture });
  }

  renderPicker(): unknown {
    const { tab } = this.#context;
    return this.#picker.render(
      this.#pickerOpen,
      (open) =>
        html`<lanes-element-picker
          .culture=${tab.state.doc?.culture ?? 1033}
          .open=${open}
          @element-picked=${(event: CustomEvent<PickedElement>) => void this.#saveAsDraftOf(event.detail)}
          @dialog-cancel=${() => this.pickProcess(false)}
        ></lanes-element-picker>`,
    );
  }
}
