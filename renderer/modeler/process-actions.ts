/**
 * What a tab does with a process on the server: open its diagram (the cached
 * rendering first), make a new version when the current one is read-only,
 * and store the editor's XML as a draft, of this process or (from a local
 * file) of one the user picks.
 */
import { html } from 'lit';
import type { EditorTarget } from '../../shared/domain/editor.ts';
import { importSvg } from '../diagram/svg-import.ts';
import { t } from '../i18n/locale-controller.ts';
import type { DiagramSession } from './diagram-session.ts';
import { formatTime } from './editor-banners.ts';
import type { PickedElement } from './element-picker.ts';
import type { RecoveryActions } from './recovery-actions.ts';
import type { TabContext } from './tab-context.ts';
import './element-picker.ts';

export class ProcessActions {
  readonly #context: TabContext;
  readonly #recovery: RecoveryActions;
  #preview: SVGSVGElement | null = null;
  /** The cached rendering may still appear: the first import has not finished. */
  #previewWanted = false;
  #pickerOpen = false;

  constructor(context: TabContext, recovery: RecoveryActions) {
    this.#context = context;
    this.#recovery = recovery;
  }

  /** The cached server rendering, shown until bpmn-js has imported the diagram. */
  get preview(): SVGSVGElement | null {
    return this.#preview;
  }

  #setPreview(preview: SVGSVGElement | null): void {
    this.#preview = preview;
    this.#context.tab.requestUpdate();
  }

  /** Opens the diagram (`withPreview`: the tab's first load, where the import may take a while). */
  async open(target: EditorTarget, session: DiagramSession, withPreview = false): Promise<void> {
    const client = this.#context.tab.client;
    if (!client) return;
    if (withPreview) {
      this.#previewWanted = true;
      // The cached rendering appears at once; bpmn-js takes its time with big diagrams.
      void client
        .request('editor.preview', { id: target.id, culture: target.culture })
        .then((preview) => {
          if (!this.#previewWanted || !preview.svg) return;
          const imported = importSvg(preview.svg);
          if (imported) imported.svg.classList.add('editor-preview-svg');
          this.#setPreview(imported?.svg ?? null);
        })
        .catch(() => {});
    }
    try {
      const doc = await client.request('editor.open', target);
      this.#context.tab.doc = doc;
      // The page paints nothing while bpmn-js imports, so the preview is of no use from here on; left
      // in the page, it would be laid out with the new canvas and make the import's layout twice the
      // work (4,000 elements: about a second). It comes back if the import fails.
      const preview = this.#preview;
      this.#previewWanted = false;
      if (preview) {
        this.#setPreview(null);
        await this.#context.tab.updateComplete;
      }
      try {
        await session.import(doc.xml);
      } catch (error) {
        if (preview) this.#setPreview(preview);
        throw error;
      }
      session.readOnly = doc.readOnly !== null;
      this.#recovery.opened(doc, session.readOnly);
    } finally {
      this.#previewWanted = false;
    }
  }

  /** "Create new version to edit": the service makes an editable version; the tab reopens on it. */
  async createVersion(): Promise<void> {
    const { tab } = this.#context;
    const target = this.#context.target();
    const session = this.#context.session();
    if (!target || !tab.client || !session) return;
    tab.busy = true;
    try {
      const result = await tab.client.request('workspace.createVersion', {
        facet: target.facet,
        view: target.view,
        id: target.id,
      });
      if (result.outcome === 'queued')
        tab.notice = { kind: 'info', text: t('editor.readOnly.versionQueued') };
      else if (result.outcome === 'warning')
        tab.notice = {
          kind: 'info',
          text: t('editor.readOnly.versionWarning', { messages: result.messages.join(' ') }),
        };
      else await this.open(target, session);
    } catch (error) {
      this.#context.reportError(error);
    } finally {
      tab.busy = false;
      this.#context.reportStatus();
    }
  }

  /** Stores the editor's XML as the draft of `target` (default: the tab's process); true when stored. */
  async saveDraft(target = this.#context.target()): Promise<boolean> {
    const { tab } = this.#context;
    const session = this.#context.session();
    if (!target || !tab.client || !session) return false;
    try {
      // User timing (lanes.save.*): how a save divides between bpmn-js's saveXML and main (bench/editor-save.ts).
      const started = performance.now();
      const xml = await session.xml();
      const serialised = performance.now();
      performance.measure('lanes.save.serialise', { start: started, end: serialised, detail: xml.length });
      const { savedAt } = await tab.client.request('editor.saveDraft', { ...target, xml });
      performance.measure('lanes.save.request', { start: serialised });
      if (target === this.#context.target()) {
        session.markSaved();
        if (tab.doc) tab.doc = { ...tab.doc, source: 'draft', draftSavedAt: savedAt };
      }
      tab.notice = { kind: 'info', text: t('editor.saved.draft', { time: formatTime(savedAt) }) };
      this.#context.reportStatus();
      return true;
    } catch (error) {
      this.#context.reportError(error);
      return false;
    }
  }

  /** "Save as draft of…" (local files): the user picks the process first. */
  pickProcess(open = true): void {
    this.#pickerOpen = open;
    this.#context.tab.requestUpdate();
  }

  async #saveAsDraftOf(picked: PickedElement): Promise<void> {
    this.pickProcess(false);
    const culture = this.#context.tab.doc?.culture ?? 1033;
    await this.saveDraft({ facet: picked.facet, view: picked.view, id: picked.id, culture });
  }

  renderPicker(): unknown {
    const { tab } = this.#context;
    return html`<lanes-element-picker
      .client=${tab.client}
      .culture=${tab.doc?.culture ?? 1033}
      .open=${this.#pickerOpen}
      @element-picked=${(event: CustomEvent<PickedElement>) => void this.#saveAsDraftOf(event.detail)}
      @dialog-cancel=${() => this.pickProcess(false)}
    ></lanes-element-picker>`;
  }
}
