/**
 * The first rows as the pool will hold them: every cell read with its
 * column's type and reading (shared/tables/value-reading.ts, the way the
 * service reads it with the options Lanes sends), so a number in the wrong
 * format or a date in another order shows here, marked, before anything is
 * sent. The table scrolls inside its frame; it never widens the page.
 */
import { html, type TemplateResult } from 'lit';
import type { ChosenFile, PoolColumn } from '../../shared/domain/datapool.ts';
import { readCell } from '../../shared/tables/value-reading.ts';
import { t } from '../i18n/locale-controller.ts';

export function renderPreviewTable(file: ChosenFile, columns: readonly PoolColumn[]): TemplateResult {
  let bad = 0;
  const body = file.rows.map(
    (row) =>
      html`<tr>
        ${columns.map((column, index) => {
          const raw = row[index] ?? '';
          const cell = readCell(raw, column);
          if (!cell.ok) {
            bad++;
            const why = t('dataPool.cellBad', { type: t(`dataPool.type.${column.columnType}`), value: raw });
            return html`<td class="pool-cell-bad" title=${why} data-bad="true">
              <span aria-hidden="true">⚠ </span>${raw}<span class="pool-sr-only">(${why})</span>
            </td>`;
          }
          const numeric = typeof cell.value === 'number';
          return html`<td
            class=${numeric ? 'pool-cell-number' : ''}
            title=${cell.cut ? t('dataPool.cellCut', { length: column.fieldLength ?? 80 }) : raw !== cell.shown ? raw : ''}
          >
            ${cell.shown}${cell.cut ? '…' : ''}
          </td>`;
        })}
      </tr>`,
  );
  return html`<div
      class="pool-scroll"
      tabindex="0"
      role="region"
      aria-label=${t('dataPool.previewLabel', { name: file.name })}
    >
      <table class="pool-table" data-testid="pool-preview">
        <thead>
          <tr>
            ${columns.map(
              (c) =>
                html`<th scope="col">
                  ${c.columnName}<span class="pool-column-type">${t(`dataPool.type.${c.columnType}`)}</span>
                </th>`,
            )}
          </tr>
        </thead>
        <tbody>
          ${body}
        </tbody>
      </table>
    </div>
    <p class=${bad > 0 ? 'pool-problem' : 'muted'} data-testid="pool-preview-check" data-bad=${bad}>
      ${bad > 0 ? t('dataPool.previewBad', { count: bad }) : t('dataPool.previewAllRead')}
    </p>`;
}
