/**
 * Exchange with translators on the workbench: the export menu (open or all
 * texts, XLIFF 2.0 or CSV), the import button, and the preview of what an
 * imported file changes, in a dialog, before anything changes.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ImportPreview, TranslationSheet } from '../../shared/domain/translation.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import type { TranslationModel } from './translation-model.ts';
import type { TranslationRow } from '../../shared/domain/translation-rows.ts';
import { targetText } from '../../shared/domain/translation-rows.ts';
import { icon } from '../base/icons.ts';
import { t } from '../i18n/locale-controller.ts';
import { elementLabel } from './translation-table.ts';
import '../base/confirm-dialog.ts';

export type ExportChoice = { format: 'xliff' | 'csv'; rows: 'open' | 'all' };

const CHOICES: readonly ExportChoice[] = [
  { format: 'xliff', rows: 'open' },
  { format: 'xliff', rows: 'all' },
  { format: 'csv', rows: 'open' },
  { format: 'csv', rows: 'all' },
];

/** Rows of the preview's table shown at most; the rest are counted. */
const SHOWN = 200;

export function renderExchangeButtons(actions: {
  onExport(choice: ExportChoice): void;
  onImport(): void;
}): unknown {
  return html`<div class="translate-exchange" role="group" aria-label=${t('translate.exchange.label')}>
    <details class="translate-menu" data-testid="translate-export-menu">
      <summary>${icon('export')} ${t('translate.exchange.export')}</summary>
      <div class="translate-menu-items">
        ${CHOICES.map(
          (choice) =>
            html`<button
              type="button"
              data-format=${choice.format}
              data-rows=${choice.rows}
              @click=${(event: Event) => {
                (event.currentTarget as HTMLElement).closest('details')?.removeAttribute('open');
                actions.onExport(choice);
              }}
            >
              ${t(`translate.exchange.${choice.rows}.${choice.format}`)}
            </button>`,
        )}
      </div>
    </details>
    <button type="button" data-testid="translate-import" @click=${() => actions.onImport()}>
      ${t('translate.exchange.import')}
    </button>
  </div>`;
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function changesTable(preview: ImportPreview, row: (key: string) => TranslationRow | undefined): unknown {
  if (preview.changes.length === 0) return nothing;
  return html`<table class="translate-import-table" data-testid="translate-import-changes">
      <thead>
        <tr>
          <th scope="col">${t('translate.import.col.text')}</th>
          <th scope="col">${t('translate.import.col.now')}</th>
          <th scope="col">${t('translate.import.col.file')}</th>
        </tr>
      </thead>
      <tbody>
        ${preview.changes.slice(0, SHOWN).map((change) => {
          const known = row(change.key);
          return html`<tr data-key=${change.key}>
            <td>${known ? `${elementLabel(known)}: ${known.source ?? ''}` : change.key}</td>
            <td>${change.from ?? html`<span class="muted">${t('translate.noSource')}</span>`}</td>
            <td>${change.to}</td>
          </tr>`;
        })}
      </tbody>
    </table>
    ${
      preview.changes.length > SHOWN
        ? html`<p class="muted">${t('translate.import.more', { count: preview.changes.length - SHOWN })}</p>`
        : nothing
    }`;
}

function refusedList(preview: ImportPreview, row: (key: string) => TranslationRow | undefined): unknown {
  if (preview.refused.length === 0) return nothing;
  return html`<p>${t('translate.import.refused', { count: preview.refused.length })}</p>
    <ul class="translate-import-refused" data-testid="translate-import-refused">
      ${preview.refused.slice(0, SHOWN).map((refused) => {
        const known = row(refused.key);
        const what = known
          ? `${elementLabel(known)} “${refused.fileSource ?? known.source ?? ''}”`
          : refused.key;
        return html`<li data-key=${refused.key} data-reason=${refused.reason}>
          ${what}: ${t(`translate.import.reason.${refused.reason}`, { now: refused.source ?? '' })}
        </li>`;
      })}
    </ul>`;
}

export function renderImportDialog(
  preview: ImportPreview | null,
  row: (key: string) => TranslationRow | undefined,
  answer: (apply: boolean) => void,
): unknown {
  if (!preview) return nothing;
  const body = html`<div class="translate-import" data-testid="translate-import-preview">
    <p>${t('translate.import.changes', { count: preview.changes.length })}</p>
    ${changesTable(preview, row)}
    ${preview.unchanged ? html`<p class="muted">${t('translate.import.unchanged', { count: preview.unchanged })}</p>` : nothing}
    ${preview.empty ? html`<p class="muted">${t('translate.import.empty', { count: preview.empty })}</p>` : nothing}
    ${refusedList(preview, row)}
  </div>`;
  return html`<lanes-confirm-dialog
    open
    .heading=${t('translate.import.heading', { file: fileName(preview.path) })}
    .body=${body}
    .confirmLabel=${t('translate.import.apply', { count: preview.changes.length })}
    .cancelLabel=${t('translate.import.cancel')}
    @dialog-confirm=${() => answer(true)}
    @dialog-cancel=${() => answer(false)}
  ></lanes-confirm-dialog>`;
}

/** The changes a preview makes, for the model (only rows the table still has as they were). */
function changesToApply(
  preview: ImportPreview,
  row: (key: string) => TranslationRow | undefined,
): Array<{ key: string; text: string }> {
  return preview.changes
    .filter((change) => {
      const known = row(change.key);
      return known !== undefined && targetText(known) === change.from;
    })
    .map((change) => ({ key: change.key, text: change.to }));
}

interface ExchangeHost {
  client(): LanesClient;
  sheet(): TranslationSheet | null;
  model(): TranslationModel | null;
  /** Saves the table's unsaved texts first, so the file has them. */
  save(): Promise<void>;
  /** The model changed (the import's texts): draw and save. */
  edited(): void;
  reportError(error: unknown): void;
}

/** The workbench's export and import: the preview shown, and what the last one came to. */
export class ExchangeController {
  preview: ImportPreview | null = null;
  message = '';
  readonly #host: ReactiveControllerHost;
  readonly #on: ExchangeHost;

  constructor(host: ReactiveControllerHost, on: ExchangeHost) {
    this.#host = host;
    this.#on = on;
  }

  async export(choice: ExportChoice): Promise<void> {
    const sheet = this.#on.sheet();
    if (!sheet) return;
    const client = this.#on.client();
    await this.#on.save();
    const { facet, view, id, source, target } = sheet;
    try {
      const saved = await client.request('translation.export', {
        facet,
        view,
        id,
        source,
        target,
        ...choice,
      });
      if (saved) this.#say(t('translate.exchange.exported', { count: saved.count, path: saved.path }));
    } catch (error) {
      this.#on.reportError(error);
    }
  }

  async import(): Promise<void> {
    const sheet = this.#on.sheet();
    if (!sheet) return;
    const client = this.#on.client();
    await this.#on.save();
    const { facet, view, id, source, target } = sheet;
    try {
      this.preview = await client.request('translation.importPreview', { facet, view, id, source, target });
      this.#host.requestUpdate();
    } catch (error) {
      this.#on.reportError(error);
    }
  }

  /** The dialog's answer: the changes go into the table as one undoable step, not yet published. */
  answer(apply: boolean): void {
    const preview = this.preview;
    const model = this.#on.model();
    this.preview = null;
    this.#host.requestUpdate();
    if (!apply || !preview || !model) return;
    const changes = changesToApply(preview, (key) => model.row(key));
    if (changes.length === 0) return;
    model.setMany(changes);
    this.#on.edited();
    this.#say(t('translate.import.applied', { count: changes.length }));
  }

  dismiss(): void {
    this.#say('');
  }

  #say(message: string): void {
    this.message = message;
    this.#host.requestUpdate();
  }
}
