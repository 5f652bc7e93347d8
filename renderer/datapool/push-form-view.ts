/**
 * The push form: how the file is read, its first rows as the pool will hold
 * them, its columns with type, how numbers and dates are written, length and
 * key to correct, the target table, the mode and the optional rows to delete.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { columnTypes, type ColumnType } from '../../shared/domain/datapush.ts';
import { tableNamePattern, type ChosenFile, type PoolColumn } from '../../shared/domain/datapool.ts';
import type { TableFormat } from '../../shared/domain/table-format.ts';
import { readingForType } from '../../shared/tables/column-inference.ts';
import { compileDatePattern } from '../../shared/tables/date-patterns.ts';
import {
  decimalSeparators,
  thousandsSeparators,
  type DecimalSeparator,
  type ThousandsSeparator,
} from '../../shared/tables/value-reading.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';
import { t } from '../i18n/locale-controller.ts';
import { renderFileReading } from './file-reading-view.ts';
import { renderPreviewTable } from './preview-table-view.ts';

export interface PushDraft {
  file: ChosenFile;
  columns: PoolColumn[];
  table: string;
  mode: 'DELTA' | 'REPLACE';
  deletedFile: ChosenFile | undefined;
}

interface PushFormActions {
  change(draft: PushDraft): void;
  reread(format: TableFormat): void;
  chooseDeleted(): void;
  start(): void;
}

/** Why the draft cannot be pushed yet, or undefined when it can. */
function draftProblem(draft: PushDraft): 'empty' | 'table' | 'keys' | 'dateFormat' | undefined {
  if (draft.columns.length === 0) return 'empty';
  if (!tableNamePattern.test(draft.table)) return 'table';
  if (draft.columns.some((c) => c.dateFormat !== undefined && compileDatePattern(c.dateFormat) === null))
    return 'dateFormat';
  if (draft.mode === 'DELTA' && !draft.columns.some((c) => c.pkField)) return 'keys';
  return undefined;
}

/** A table name from a file name: `Sales 2026.csv` → `Sales_2026`. */
export function tableNameOf(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .slice(0, 128);
  return /^[A-Za-z_]/.test(base) ? base : `t_${base}`.slice(0, 128);
}

const thousandsNames: Record<ThousandsSeparator, string | MessageKey> = {
  '': 'dataPool.thousands.none',
  ',': ',',
  '.': '.',
  ' ': 'dataPool.thousands.space',
  '\u00a0': 'dataPool.thousands.nbsp',
  '\u202f': 'dataPool.thousands.narrow',
  "'": "'",
};
const label = (name: string): string => (name.startsWith('dataPool.') ? t(name as MessageKey) : name);

/** A column's "written as": separators for numbers, the pattern for dates, nothing for the rest. */
function renderReading(
  column: PoolColumn,
  busy: boolean,
  set: (patch: Partial<PoolColumn>) => void,
): TemplateResult | typeof nothing {
  if (column.columnType === 'INTEGER' || column.columnType === 'FLOAT')
    return html`<span class="pool-reading-cell">
      <select
        data-testid="column-decimal"
        aria-label=${t('dataPool.column.decimalLabel', { name: column.columnName })}
        title=${t('dataPool.decimalSeparator')}
        ?disabled=${busy}
        @change=${(event: Event) =>
          set({ decimalSeparator: (event.target as HTMLSelectElement).value as DecimalSeparator })}
      >
        ${decimalSeparators.map(
          (d) => html`<option value=${d} ?selected=${d === (column.decimalSeparator ?? '.')}>${d}</option>`,
        )}
      </select>
      <select
        data-testid="column-thousands"
        aria-label=${t('dataPool.column.thousandsLabel', { name: column.columnName })}
        title=${t('dataPool.thousandsSeparator')}
        ?disabled=${busy}
        @change=${(event: Event) =>
          set({ thousandsSeparator: (event.target as HTMLSelectElement).value as ThousandsSeparator })}
      >
        ${thousandsSeparators.map(
          (sep) =>
            html`<option value=${sep} ?selected=${sep === (column.thousandsSeparator ?? '')}>
              ${label(thousandsNames[sep])}
            </option>`,
        )}
      </select>
    </span>`;
  if (column.columnType === 'DATE' || column.columnType === 'TIME' || column.columnType === 'DATETIME') {
    const valid = column.dateFormat === undefined || compileDatePattern(column.dateFormat) !== null;
    return html`<input
      type="text"
      class="pool-date-format"
      data-testid="column-date-format"
      spellcheck="false"
      aria-label=${t('dataPool.column.dateFormatLabel', { name: column.columnName })}
      title=${valid ? t('dataPool.dateFormat') : t('dataPool.dateFormatInvalid')}
      aria-invalid=${valid ? 'false' : 'true'}
      .value=${column.dateFormat ?? ''}
      ?disabled=${busy}
      @change=${(event: Event) => set({ dateFormat: (event.target as HTMLInputElement).value.trim() })}
    />`;
  }
  return nothing;
}

export function renderPushForm(draft: PushDraft, busy: boolean, actions: PushFormActions): TemplateResult {
  const { file } = draft;
  const csv = file.format.kind === 'csv';
  const problem = draftProblem(draft);
  const valuesOf = (index: number): string[] => file.rows.map((row) => row[index] ?? '');
  const setColumn = (index: number, patch: Partial<PoolColumn>): void => {
    const columns = draft.columns.map((c, i) => {
      if (i !== index) return c;
      let next: PoolColumn = { ...c, ...patch };
      if (patch.columnType && patch.columnType !== c.columnType) {
        // Another type: read its values the way they are written (a date pattern, separators).
        const reading = readingForType(c, patch.columnType, valuesOf(index), file.hints);
        next = { ...reading, ...(c.pkField ? { pkField: true } : {}) } as PoolColumn;
      }
      if (next.columnType !== 'STRING') delete next.fieldLength;
      else next.fieldLength ??= 80;
      if (next.columnType === 'FLOAT') next.decimals ??= 2;
      else delete next.decimals;
      return next;
    });
    actions.change({ ...draft, columns });
  };
  return html`
    <p class="pool-file-facts" data-testid="pool-file-facts">
      ${t('dataPool.fileFacts', { name: file.name, size: file.bytes, columns: file.header.length })}
    </p>
    ${renderFileReading(file, busy, actions.reread)}
    ${
      draft.columns.length > 0
        ? html`<h4>${t('dataPool.previewHeading')}</h4>
            ${renderPreviewTable(file, draft.columns)}`
        : nothing
    }
    <h4>${t('dataPool.columnsHeading')}</h4>
    <p class="muted">${t('dataPool.columnsHint')}</p>
    <div class="pool-scroll pool-scroll-columns">
      <table class="pool-table pool-columns" data-testid="pool-columns">
        <thead>
          <tr>
            <th scope="col">${t('dataPool.column.name')}</th>
            <th scope="col">${t('dataPool.column.type')}</th>
            ${csv ? html`<th scope="col">${t('dataPool.column.written')}</th>` : nothing}
            <th scope="col">${t('dataPool.column.length')}</th>
            <th scope="col">${t('dataPool.column.key')}</th>
          </tr>
        </thead>
        <tbody>
          ${draft.columns.map(
            (column, index) =>
              html`<tr data-column=${column.columnName}>
                <th scope="row">${column.columnName}</th>
                <td>
                  <select
                    aria-label=${t('dataPool.column.typeLabel', { name: column.columnName })}
                    data-testid="column-type"
                    .value=${column.columnType}
                    ?disabled=${busy}
                    @change=${(event: Event) =>
                      setColumn(index, {
                        columnType: (event.target as HTMLSelectElement).value as ColumnType,
                      })}
                  >
                    ${columnTypes.map(
                      (type) =>
                        html`<option value=${type} ?selected=${type === column.columnType}>
                          ${t(`dataPool.type.${type}`)}
                        </option>`,
                    )}
                  </select>
                </td>
                ${
                  // A workbook's values are written by Lanes in one fixed form: nothing to correct there.
                  csv
                    ? html`<td>${renderReading(column, busy, (patch) => setColumn(index, patch))}</td>`
                    : nothing
                }
                <td>
                  ${
                    column.columnType === 'STRING'
                      ? html`<input
                          type="number"
                          min="1"
                          max="65535"
                          class="pool-length"
                          aria-label=${t('dataPool.column.lengthLabel', { name: column.columnName })}
                          .value=${String(column.fieldLength ?? 80)}
                          ?disabled=${busy}
                          @change=${(event: Event) => {
                            const value = Number((event.target as HTMLInputElement).value);
                            if (Number.isInteger(value) && value >= 1 && value <= 65_535)
                              setColumn(index, { fieldLength: value });
                          }}
                        />`
                      : nothing
                  }
                </td>
                <td>
                  <input
                    type="checkbox"
                    data-testid="column-key"
                    aria-label=${t('dataPool.column.keyLabel', { name: column.columnName })}
                    .checked=${column.pkField === true}
                    ?disabled=${busy}
                    @change=${(event: Event) => setColumn(index, { pkField: (event.target as HTMLInputElement).checked })}
                  />
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <div class="pool-options">
      <label class="pool-field">
        <span>${t('dataPool.table')}</span>
        <input
          type="text"
          data-testid="pool-table-name"
          .value=${draft.table}
          ?disabled=${busy}
          aria-invalid=${problem === 'table' ? 'true' : 'false'}
          aria-describedby=${problem === 'table' ? 'pool-table-problem' : nothing}
          @input=${(event: Event) => actions.change({ ...draft, table: (event.target as HTMLInputElement).value.trim() })}
        />
      </label>
      ${
        problem === 'table'
          ? html`<p class="pool-problem" id="pool-table-problem">${t('dataPool.tableInvalid')}</p>`
          : nothing
      }
      <fieldset class="pool-mode">
        <legend>${t('dataPool.mode')}</legend>
        ${(['DELTA', 'REPLACE'] as const).map(
          (mode) =>
            html`<label>
              <input
                type="radio"
                name="pool-mode"
                value=${mode}
                data-testid=${`pool-mode-${mode}`}
                .checked=${draft.mode === mode}
                ?disabled=${busy}
                @change=${() => actions.change({ ...draft, mode, ...(mode === 'REPLACE' ? { deletedFile: undefined } : {}) })}
              />
              ${t(`dataPool.mode.${mode}`)}
            </label>`,
        )}
      </fieldset>
      ${
        draft.mode === 'DELTA'
          ? html`<div class="pool-deleted">
              <span class="pool-field-label">${t('dataPool.deleted')}</span>
              <span class="muted">${t('dataPool.deletedHint')}</span>
              <div class="pool-row">
                ${
                  draft.deletedFile
                    ? html`<span data-testid="pool-deleted-name">${draft.deletedFile.name}</span>
                        <button
                          type="button"
                          ?disabled=${busy}
                          @click=${() => actions.change({ ...draft, deletedFile: undefined })}
                        >
                          ${t('dataPool.removeDeleted')}
                        </button>`
                    : html`<button type="button" ?disabled=${busy} @click=${() => actions.chooseDeleted()}>
                        ${t('dataPool.chooseDeleted')}
                      </button>`
                }
              </div>
            </div>`
          : nothing
      }
      ${problem === 'keys' ? html`<p class="pool-problem" data-testid="pool-keys-problem">${t('dataPool.keysNeeded')}</p>` : nothing}
      ${problem === 'dateFormat' ? html`<p class="pool-problem">${t('dataPool.dateFormatInvalid')}</p>` : nothing}
      <div class="pool-row">
        <button
          type="button"
          class="primary"
          data-testid="pool-start"
          aria-disabled=${busy || problem ? 'true' : 'false'}
          @click=${() => {
            if (!busy && !problem) actions.start();
          }}
        >
          ${t('dataPool.start')}
        </button>
      </div>
    </div>
  `;
}
