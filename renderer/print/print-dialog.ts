import { html, nothing } from 'lit';
import { paperSizes, type PaperSize } from '../../shared/domain/paper.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { exportFileName } from '../base/file-names.ts';
import type { PrintHeader } from './print-header.ts';
import { preparePrintSheet, type PrintLayout } from './print-sheet.ts';
import '../base/confirm-dialog.ts';
import './print.css';

/** What to print: the diagram's SVG, the header above it, and a file name to suggest. */
export interface PrintContent {
  svg: string;
  header: PrintHeader;
  /** Without extension. */
  baseName: string;
}

export type PrintPurpose = 'print' | 'pdf';

/** Paper choices remembered for this run: the next print starts where the last one left off. */
const lastLayout: PrintLayout = { pageSize: 'A4', landscape: true, fit: true };

/**
 * Print or Save PDF, with the paper options (A4/A3, landscape/portrait, fit
 * to page). The host opens it with `purpose` and hands `load`, which
 * produces the content when the user confirms (the diagram as it is then).
 */
class PrintDialog extends ClientElement {
  static override properties = {
    purpose: { attribute: false },
    load: { attribute: false },
    layout: { state: true },
    busy: { state: true },
  };
  /** null: closed. */
  declare purpose: PrintPurpose | null;
  declare load: (() => Promise<PrintContent>) | undefined;
  declare layout: PrintLayout;
  declare busy: boolean;

  constructor() {
    super();
    this.purpose = null;
    this.layout = { ...lastLayout };
    this.busy = false;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('purpose') && this.purpose) this.layout = { ...lastLayout };
  }

  #close(message: string | null): void {
    this.busy = false;
    this.dispatchEvent(new CustomEvent('print-closed', { detail: message, bubbles: true }));
  }

  async #run(): Promise<void> {
    const purpose = this.purpose;
    if (!purpose || !this.load || this.busy) return;
    this.busy = true;
    Object.assign(lastLayout, this.layout);
    const { pageSize, landscape } = this.layout;
    let cleanup: (() => void) | null = null;
    try {
      const content = await this.load();
      cleanup = await preparePrintSheet(content.svg, content.header, this.layout);
      if (purpose === 'pdf') {
        const saved = await this.client.request('files.exportPdf', {
          pageSize,
          landscape,
          suggestedName: exportFileName(content.baseName, 'pdf'),
        });
        this.#close(saved ? t('print.saved', { path: saved.path }) : null);
      } else {
        const { printed } = await this.client.request('files.print', { pageSize, landscape });
        this.#close(printed ? t('print.printed') : null);
      }
    } catch (error) {
      this.busy = false;
      this.reportError(error);
    } finally {
      cleanup?.();
    }
  }

  #set(change: Partial<PrintLayout>): void {
    this.layout = { ...this.layout, ...change };
  }

  #renderBody(): unknown {
    const layout = this.layout;
    return html`<div class="print-options" data-testid="print-options">
      <fieldset>
        <legend>${t('print.paper')}</legend>
        ${paperSizes.map(
          (size: PaperSize) =>
            html`<label
              ><input
                type="radio"
                name="print-paper"
                value=${size}
                data-testid="print-paper-${size}"
                .checked=${layout.pageSize === size}
                @change=${() => this.#set({ pageSize: size })}
              />
              ${size}</label
            >`,
        )}
      </fieldset>
      <fieldset>
        <legend>${t('print.orientation')}</legend>
        <label
          ><input
            type="radio"
            name="print-orientation"
            data-testid="print-landscape"
            .checked=${layout.landscape}
            @change=${() => this.#set({ landscape: true })}
          />
          ${t('print.landscape')}</label
        >
        <label
          ><input
            type="radio"
            name="print-orientation"
            data-testid="print-portrait"
            .checked=${!layout.landscape}
            @change=${() => this.#set({ landscape: false })}
          />
          ${t('print.portrait')}</label
        >
      </fieldset>
      <label class="print-fit"
        ><input
          type="checkbox"
          data-testid="print-fit"
          .checked=${layout.fit}
          @change=${(event: Event) => this.#set({ fit: (event.target as HTMLInputElement).checked })}
        />
        ${t('print.fit')}</label
      >
      ${this.busy ? html`<p class="muted" role="status">${t('print.preparing')}</p>` : nothing}
    </div>`;
  }

  protected override render(): unknown {
    const purpose = this.purpose;
    return html`<lanes-confirm-dialog
      data-testid="print-dialog"
      data-purpose=${purpose ?? 'closed'}
      ?open=${purpose !== null}
      ?busy=${this.busy}
      .heading=${t(purpose === 'pdf' ? 'print.heading.pdf' : 'print.heading.print')}
      .body=${purpose ? this.#renderBody() : nothing}
      .confirmLabel=${t(purpose === 'pdf' ? 'print.savePdf' : 'print.print')}
      .cancelLabel=${t('print.cancel')}
      @dialog-cancel=${() => this.#close(null)}
      @dialog-confirm=${() => void this.#run()}
    ></lanes-confirm-dialog>`;
  }
}
customElements.define('lanes-print-dialog', PrintDialog);
