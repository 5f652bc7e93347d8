import { html, nothing } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { printHeaderOfPage } from '../print/print-header.ts';
import type { PrintContent, PrintPurpose } from '../print/print-dialog.ts';
import '../print/print-dialog.ts';

/**
 * Print and PDF of the element's diagram as the service renders it (the
 * Diagram tab's horizontal layout), with the element's name, state, version
 * and attributes as the header.
 */
class ElementPrint extends ClientElement {
  static override properties = {
    page: { attribute: false },
    culture: { attribute: false },
    purpose: { state: true },
    result: { state: true },
  };
  declare page: ElementPage;
  declare culture: number;
  declare purpose: PrintPurpose | null;
  declare result: string;

  constructor() {
    super();
    this.purpose = null;
    this.result = '';
  }

  async #content(): Promise<PrintContent> {
    const diagram = await this.client.request('workspace.diagram', {
      id: this.page.element.id,
      layout: 'horizontal',
      culture: this.culture,
    });
    const header = printHeaderOfPage(this.page, this.culture);
    return { svg: diagram.svg, header, baseName: header.name };
  }

  protected override render(): unknown {
    if (this.page.readOnlyVersion) return nothing;
    return html`<div class="element-print" role="group" aria-label=${t('print.button')}>
      <button type="button" data-testid="element-print" @click=${() => (this.purpose = 'print')}>
        ${t('print.toolbar.print')}
      </button>
      <button type="button" data-testid="element-pdf" @click=${() => (this.purpose = 'pdf')}>
        ${t('print.toolbar.exportPdf')}
      </button>
      <span class="muted" role="status" data-testid="element-print-result">${this.result}</span>
      <lanes-print-dialog
        .purpose=${this.purpose}
        .load=${() => this.#content()}
        @print-closed=${(event: CustomEvent<string | null>) => {
          event.stopPropagation();
          this.purpose = null;
          this.result = event.detail ?? '';
        }}
      ></lanes-print-dialog>
    </div>`;
  }
}
customElements.define('lanes-element-print', ElementPrint);
