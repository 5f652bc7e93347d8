import { html, nothing } from 'lit';
import Modeler from 'bpmn-js/lib/Modeler';
import { t } from '../i18n/locale-controller.ts';
import { LightElement } from '../shell/light-element.ts';
import { newDiagramXml } from './new-diagram.ts';

type EditorStatus = 'loading' | 'ready' | 'failed';

/** A bpmn-js Modeler in the light DOM, opened on a new empty diagram. */
export class BpmnEditor extends LightElement {
  static override properties = { status: { state: true }, failure: { state: true } };
  declare status: EditorStatus;
  declare failure: string | undefined;
  #modeler: Modeler | undefined;

  constructor() {
    super();
    this.status = 'loading';
  }

  protected override render(): unknown {
    return html`<section class="editor" aria-labelledby="editor-heading">
      <header class="editor-header">
        <h2 id="editor-heading">${t('editor.heading')}</h2>
        ${this.status === 'loading' ? html`<span class="muted">${t('editor.loading')}</span>` : nothing}
      </header>
      ${
        this.status === 'failed'
          ? html`<p class="inline-error" role="alert">
              ${t('editor.failed', { reason: this.failure ?? '' })}
            </p>`
          : nothing
      }
      <div class="editor-canvas" data-testid="bpmn-canvas"></div>
    </section>`;
  }

  protected override async firstUpdated(): Promise<void> {
    const container = this.querySelector<HTMLElement>('.editor-canvas');
    if (!container) return;
    this.#modeler = new Modeler({ container });
    try {
      const { warnings } = await this.#modeler.importXML(newDiagramXml(t('editor.heading')));
      if (warnings.length > 0) console.warn('bpmn-js import warnings', warnings);
      this.status = 'ready';
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
      this.status = 'failed';
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#modeler?.destroy();
    this.#modeler = undefined;
  }
}
customElements.define('lanes-bpmn-editor', BpmnEditor);
