import { html } from 'lit';
import { OpenedOnce } from '../../base/opened-once.ts';
import { t } from '../../i18n/locale-controller.ts';
import { printHeaderOfFile, printHeaderOfPage, type PrintHeader } from '../../print/print-header.ts';
import type { PrintContent, PrintPurpose } from '../../print/print-dialog.ts';
import { exportFileName } from '../../base/file-names.ts';
import type { TabContext } from './tab-context.ts';
import { exportDiagramImage } from '../canvas/image-export.ts';
import '../../print/print-dialog.ts';

/**
 * Print, Export PDF and (for a process) Save to file of one editor tab. The
 * printed header names the element as the element page does; a local file
 * prints its file name.
 */
export class PrintActions {
  readonly #context: TabContext;
  #purpose: PrintPurpose | null = null;
  readonly #dialog = new OpenedOnce();

  constructor(context: TabContext) {
    this.#context = context;
  }

  open(purpose: PrintPurpose): void {
    this.#purpose = purpose;
    this.#context.tab.requestUpdate();
  }

  /** Export SVG / PNG: written where the user chooses; the tab says where. */
  async exportImage(format: 'svg' | 'png', fileName: string | null): Promise<void> {
    const { tab } = this.#context;
    const session = this.#context.session();
    if (!session) return;
    try {
      const path = await exportDiagramImage(tab.client, session, this.#name(fileName), format);
      if (path) tab.state.say(t('editor.exported', { path }));
    } catch (error) {
      this.#context.reportError(error);
    }
  }

  #name(fileName: string | null): string {
    return fileName?.replace(/\.bpmn$/i, '') ?? this.#context.tab.state.doc?.name ?? 'diagram';
  }

  async #header(fileName: string | null): Promise<PrintHeader> {
    const target = this.#context.target();
    const client = this.#context.tab.client;
    const doc = this.#context.tab.state.doc;
    if (!target) return printHeaderOfFile(this.#name(fileName));
    try {
      const page = await client.request('workspace.element', {
        facet: target.facet,
        view: target.view,
        id: target.id,
      });
      return printHeaderOfPage(page, target.culture);
    } catch {
      // Not in the cache and the service unreachable: the tab's own facts still make a header.
      return {
        name: doc?.name ?? target.id,
        state: doc?.state ?? null,
        version: doc?.versionLabel ?? null,
        attributes: [],
      };
    }
  }

  async #content(fileName: string | null): Promise<PrintContent> {
    const session = this.#context.session();
    if (!session) throw new Error('The diagram is not open.');
    const [svg, header] = await Promise.all([session.svg(), this.#header(fileName)]);
    return { svg, header, baseName: this.#name(fileName) };
  }

  /** A process's BPMN as a .bpmn file where the user chooses; the tab stays the process's. */
  async saveProcessToFile(): Promise<void> {
    const session = this.#context.session();
    const client = this.#context.tab.client;
    if (!session) return;
    try {
      const saved = await client.request('files.saveBpmn', {
        path: null,
        xml: await session.xml(),
        suggestedName: exportFileName(this.#name(null), 'bpmn'),
      });
      if (saved) this.#context.tab.state.say(t('print.savedFile', { path: saved.path }));
    } catch (error) {
      this.#context.reportError(error);
    }
  }

  render(fileName: string | null): unknown {
    return this.#dialog.render(
      this.#purpose !== null,
      () =>
        html`<lanes-print-dialog
          .purpose=${this.#purpose}
          .load=${() => this.#content(fileName)}
          @print-closed=${(event: CustomEvent<string | null>) => {
            event.stopPropagation();
            this.#purpose = null;
            if (event.detail) this.#context.tab.state.say(event.detail);
            this.#context.tab.requestUpdate();
          }}
        ></lanes-print-dialog>`,
    );
  }
}
