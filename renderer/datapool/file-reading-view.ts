/**
 * How Lanes reads the chosen file, to correct when the preview looks wrong:
 * a CSV file's encoding and separator, or a workbook's sheet and header row;
 * and what the user should know about the file (merged header cells, error
 * cells, an empty sheet). A change reads the file again in main.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChosenFile, PoolNotice } from '../../shared/domain/datapool.ts';
import {
  charSets,
  csvSeparators,
  type CharSet,
  type CsvSeparator,
  type TableFormat,
} from '../../shared/domain/table-format.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';
import { t } from '../i18n/locale-controller.ts';

const charSetNames: Record<CharSet, MessageKey> = {
  'UTF-8': 'dataPool.encoding.utf8',
  'windows-1252': 'dataPool.encoding.cp1252',
  'UTF-16LE': 'dataPool.encoding.utf16le',
  'UTF-16BE': 'dataPool.encoding.utf16be',
};
const separatorNames: Record<CsvSeparator, MessageKey> = {
  ',': 'dataPool.separator.comma',
  ';': 'dataPool.separator.semicolon',
  '\t': 'dataPool.separator.tab',
  '|': 'dataPool.separator.bar',
};
const noticeKeys: Record<PoolNotice['code'], MessageKey> = {
  mergedHeader: 'dataPool.notice.mergedHeader',
  unnamedColumn: 'dataPool.notice.unnamedColumn',
  repeatedHeader: 'dataPool.notice.repeatedHeader',
  emptyRowsLeftOut: 'dataPool.notice.emptyRowsLeftOut',
  errorCells: 'dataPool.notice.errorCells',
  formulaWithoutResult: 'dataPool.notice.formulaWithoutResult',
  emptySheet: 'dataPool.notice.emptySheet',
};

export function renderFileReading(
  file: ChosenFile,
  busy: boolean,
  reread: (format: TableFormat) => void,
): TemplateResult {
  const format = file.format;
  return html`<fieldset class="pool-reading" data-testid="pool-reading">
      <legend>${t('dataPool.readingHeading')}</legend>
      ${
        format.kind === 'csv'
          ? html`<label class="pool-field">
                <span>${t('dataPool.encoding')}</span>
                <select
                  data-testid="pool-encoding"
                  ?disabled=${busy}
                  @change=${(event: Event) =>
                    reread({ ...format, charSet: (event.target as HTMLSelectElement).value as CharSet })}
                >
                  ${charSets.map(
                    (c) =>
                      html`<option value=${c} ?selected=${c === format.charSet}>
                        ${t(charSetNames[c])}
                      </option>`,
                  )}
                </select>
              </label>
              <label class="pool-field">
                <span>${t('dataPool.separator')}</span>
                <select
                  data-testid="pool-separator"
                  ?disabled=${busy}
                  @change=${(event: Event) =>
                    reread({
                      ...format,
                      separator: (event.target as HTMLSelectElement).value as CsvSeparator,
                    })}
                >
                  ${csvSeparators.map(
                    (s) =>
                      html`<option value=${s} ?selected=${s === format.separator}>
                        ${t(separatorNames[s])}
                      </option>`,
                  )}
                </select>
              </label>`
          : html`<label class="pool-field">
                <span>${t('dataPool.sheet')}</span>
                <select
                  data-testid="pool-sheet"
                  ?disabled=${busy}
                  @change=${(event: Event) =>
                    reread({ ...format, sheet: (event.target as HTMLSelectElement).value, headerRow: 1 })}
                >
                  ${(file.sheets ?? [format.sheet]).map(
                    (s) => html`<option value=${s} ?selected=${s === format.sheet}>${s}</option>`,
                  )}
                </select>
              </label>
              <label class="pool-field">
                <span>${t('dataPool.headerRow')}</span>
                <input
                  type="number"
                  min="1"
                  class="pool-length"
                  data-testid="pool-header-row"
                  .value=${String(format.headerRow)}
                  ?disabled=${busy}
                  aria-describedby="pool-header-row-hint"
                  @change=${(event: Event) => {
                    const row = Number((event.target as HTMLInputElement).value);
                    if (Number.isInteger(row) && row >= 1) reread({ ...format, headerRow: row });
                  }}
                />
                <span class="muted" id="pool-header-row-hint">${t('dataPool.headerRowHint')}</span>
              </label>`
      }
      <p class="muted pool-reading-hint">${t('dataPool.readingHint')}</p>
    </fieldset>
    ${
      file.notices.length > 0
        ? html`<ul class="pool-notices" data-testid="pool-notices">
            ${file.notices.map(
              (notice) =>
                html`<li data-code=${notice.code}>${t(noticeKeys[notice.code], noticeParams(notice))}</li>`,
            )}
          </ul>`
        : nothing
    }`;
}

/** Counts come as text over IPC; the sentences count them in the UI language. */
function noticeParams(notice: PoolNotice): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(notice.params).map(([key, value]) => [key, key === 'count' ? Number(value) : value]),
  );
}
