/**
 * The push form: the chosen file's first rows, its columns with type, length
 * and key to correct, the target table, the mode and the optional rows to delete.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { columnTypes, type ColumnType } from '../../shared/domain/datapush.ts';
import { tableNamePattern, type ChosenFile, type PoolColumn } from '../../shared/domain/datapool.ts';
import { t } from '../i18n/locale-controller.ts';

export interface PushDraft {
  file: ChosenFile;
  columns: PoolColumn[];
  table: string;
  mode: 'DELTA' | 'REPLACE';
  deletedFile: ChosenFile | undefined;
}

export interface PushFormActions {
  change(draft: PushDraft): void;
  chooseDeleted(): void;
  start(): void;
}

/** Why the draft cannot be pushed yet, or undefined when it can. */
export function draftProblem(draft: PushDraft): 'table' | 'keys' | undefined {
  if (!tableNamePattern.test(draft.table)) return 'table';
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

export function renderPushForm(draft: PushDraft, busy: boolean, actions: PushFormActions): TemplateResult {
  const { file } = draft;
  const problem = draftProblem(draft);
  const setColumn = (index: number, patch: Partial<PoolColumn>): void => {
    const columns = draft.columns.map((c, i) => {
      if (i !== index) return c;
      const next: PoolColumn = { ...c, ...patch };
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
    <h4>${t('dataPool.previewHeading')}</h4>
    <div
      class="pool-scroll"
      tabindex="0"
      role="region"
      aria-label=${t('dataPool.previewLabel', { name: file.name })}
    >
      <table class="pool-table" data-testid="pool-preview">
        <thead>
          <tr>
            ${file.header.map((name) => html`<th scope="col">${name}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${file.rows.map(
            (row) =>
              html`<tr>
                ${row.map((value) => html`<td>${value}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <h4>${t('dataPool.columnsHeading')}</h4>
    <p class="muted">${t('dataPool.columnsHint')}</p>
    <table class="pool-table pool-columns" data-testid="pool-columns">
      <thead>
        <tr>
          <th scope="col">${t('dataPool.column.name')}</th>
          <th scope="col">${t('dataPool.column.type')}</th>
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
                    setColumn(index, { columnType: (event.target as HTMLSelectElement).value as ColumnType })}
                >
                  ${columnTypes.map(
                    (type) =>
                      html`<option value=${type} ?selected=${type === column.columnType}>
                        ${t(`dataPool.type.${type}`)}
                      </option>`,
                  )}
                </select>
              </td>
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
