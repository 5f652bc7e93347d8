/** "Push what Lanes knows": the inventory and the model-quality metrics, each with a preview and one-click push. */
import { html, nothing, type TemplateResult } from 'lit';
import {
  lanesTableKinds,
  tableNamePattern,
  type LanesTableKind,
  type LanesTablePreview,
} from '../../shared/domain/datapool.ts';
import { t } from '../i18n/locale-controller.ts';

export interface LanesTablesState {
  tables: Record<LanesTableKind, string>;
  previews: Partial<Record<LanesTableKind, LanesTablePreview>>;
}

export interface LanesTablesActions {
  rename(kind: LanesTableKind, table: string): void;
  preview(kind: LanesTableKind): void;
  push(kind: LanesTableKind): void;
}

export const defaultLanesTables: Record<LanesTableKind, string> = {
  inventory: 'lanes_inventory',
  metrics: 'lanes_model_quality',
};

export function renderLanesTables(
  state: LanesTablesState,
  busy: boolean,
  actions: LanesTablesActions,
): TemplateResult {
  return html`<section class="pool-lanes" aria-labelledby="pool-lanes-heading">
    <h3 id="pool-lanes-heading">${t('dataPool.lanesHeading')}</h3>
    <p class="muted">${t('dataPool.lanesIntro')}</p>
    <div class="pool-lanes-cards">
      ${lanesTableKinds.map((kind) => renderCard(kind, state, busy, actions))}
    </div>
  </section>`;
}

function renderCard(
  kind: LanesTableKind,
  state: LanesTablesState,
  busy: boolean,
  actions: LanesTablesActions,
): TemplateResult {
  const what = t(`dataPool.lanes.${kind}`);
  const table = state.tables[kind];
  const valid = tableNamePattern.test(table);
  const preview = state.previews[kind];
  return html`<article
    class="pool-lanes-card"
    data-testid=${`pool-lanes-${kind}`}
    aria-labelledby=${`pool-lanes-${kind}-title`}
  >
    <h4 id=${`pool-lanes-${kind}-title`}>${what}</h4>
    <p class="muted">
      ${t(kind === 'inventory' ? 'dataPool.lanes.inventoryHint' : 'dataPool.lanes.metricsHint')}
    </p>
    <label class="pool-field">
      <span>${t('dataPool.table')}</span>
      <input
        type="text"
        data-testid="pool-lanes-table"
        aria-label=${t('dataPool.lanes.tableLabel', { what })}
        aria-invalid=${valid ? 'false' : 'true'}
        .value=${table}
        ?disabled=${busy}
        @input=${(event: Event) => actions.rename(kind, (event.target as HTMLInputElement).value.trim())}
      />
    </label>
    ${valid ? nothing : html`<p class="pool-problem">${t('dataPool.tableInvalid')}</p>`}
    <div class="pool-row">
      <button
        type="button"
        data-testid="pool-lanes-preview"
        aria-label=${t('dataPool.lanes.previewLabel', { what })}
        ?disabled=${busy}
        @click=${() => actions.preview(kind)}
      >
        ${t('dataPool.lanes.preview')}
      </button>
      <button
        type="button"
        class="primary"
        data-testid="pool-lanes-push"
        aria-label=${t('dataPool.lanes.pushLabel', { what })}
        aria-disabled=${busy || !valid ? 'true' : 'false'}
        @click=${() => {
          if (!busy && valid) actions.push(kind);
        }}
      >
        ${t('dataPool.lanes.push')}
      </button>
    </div>
    ${preview ? renderPreview(preview, what) : nothing}
  </article>`;
}

function renderPreview(preview: LanesTablePreview, what: string): TemplateResult {
  if (preview.total === 0) return html`<p data-testid="pool-lanes-count">${t('dataPool.lanes.empty')}</p>`;
  return html`<p data-testid="pool-lanes-count">
      ${t('dataPool.lanes.rows', { rows: preview.total, key: preview.key })}
      ${
        preview.total > preview.rows.length
          ? t('dataPool.lanes.more', {
              shown: preview.rows.length,
              rows: preview.total,
            })
          : ''
      }
    </p>
    <div
      class="pool-scroll"
      tabindex="0"
      role="region"
      aria-label=${t('dataPool.lanes.previewLabel', { what })}
    >
      <table class="pool-table" data-testid="pool-lanes-rows">
        <thead>
          <tr>
            ${preview.columns.map((c) => html`<th scope="col">${c.columnName}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${preview.rows.map(
            (row) =>
              html`<tr>
                ${row.map((v) => html`<td>${v}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}
