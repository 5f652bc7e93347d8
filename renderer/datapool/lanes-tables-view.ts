/**
 * "Push what Lanes knows": the inventory and the model-quality metrics of the
 * whole landscape, each with a preview and one-click push; while a table is
 * gathered (the listing page by page, then the diagrams) its card shows how
 * far, with Stop; offline, how much of the landscape is known.
 */
import { html, nothing, type TemplateResult } from 'lit';
import {
  lanesTableKinds,
  tableNamePattern,
  type GatherProgress,
  type LanesTableKind,
  type LanesTablePreview,
} from '../../shared/domain/datapool.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { t } from '../i18n/locale-controller.ts';
import { problemText } from './problems.ts';

export interface LanesTablesState {
  tables: Record<LanesTableKind, string>;
  previews: Partial<Record<LanesTableKind, LanesTablePreview>>;
  /** Tables being gathered now, with how far. */
  gathering: Partial<Record<LanesTableKind, GatherProgress>>;
  problems: Partial<Record<LanesTableKind, LanesErrorData | undefined>>;
}

interface LanesTablesActions {
  rename(kind: LanesTableKind, table: string): void;
  preview(kind: LanesTableKind): void;
  push(kind: LanesTableKind): void;
  stop(kind: LanesTableKind): void;
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
  const gathering = state.gathering[kind];
  const problem = state.problems[kind];
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
    ${gathering ? renderGathering(gathering, what, () => actions.stop(kind)) : nothing}
    ${
      problem
        ? html`<p
            class="pool-problem"
            role="alert"
            data-testid="pool-lanes-problem"
            data-problem=${problem.params.problem ?? problem.code}
          >
            ${problemText(problem)}
          </p>`
        : nothing
    }
    ${preview && !gathering ? renderPreview(preview, what) : nothing}
  </article>`;
}

function renderGathering(progress: GatherProgress, what: string, stop: () => void): TemplateResult {
  const counted = progress.total > 0;
  return html`<div class="pool-gathering" data-testid="pool-lanes-gathering" role="status">
    <progress
      max=${Math.max(1, progress.total)}
      .value=${counted ? progress.done : undefined}
      aria-label=${t('dataPool.lanes.gatherLabel', { what })}
    ></progress>
    <span>
      ${
        counted
          ? t(`dataPool.lanes.gather.${progress.step}`, {
              done: progress.done,
              total: progress.total,
            })
          : t('dataPool.lanes.gatherLabel', { what })
      }
    </span>
    <button type="button" data-testid="pool-lanes-stop" @click=${stop}>${t('dataPool.lanes.stop')}</button>
  </div>`;
}

/** Whole landscape, or how much of it is known offline. */
function coverage(preview: LanesTablePreview): string {
  const metrics = preview.kind === 'metrics';
  if (preview.source === 'live')
    return t(metrics ? 'dataPool.lanes.wholeMetrics' : 'dataPool.lanes.whole', {
      total: preview.landscapeTotal ?? preview.total,
    });
  if (preview.landscapeTotal === undefined)
    return t('dataPool.lanes.offlineUnknown', { known: preview.total });
  return t(metrics ? 'dataPool.lanes.offlineMetrics' : 'dataPool.lanes.offline', {
    known: preview.total,
    total: preview.landscapeTotal,
  });
}

function renderPreview(preview: LanesTablePreview, what: string): TemplateResult {
  return html`<p
      data-testid="pool-lanes-coverage"
      data-source=${preview.source}
      class=${preview.source === 'cache' ? 'pool-lanes-offline' : 'muted'}
    >
      ${coverage(preview)}
    </p>
    <p data-testid="pool-lanes-count">
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
