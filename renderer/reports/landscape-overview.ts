/**
 * The landscape overview: elements per facet at once (the first paint, from
 * the facet counts), then by facet × state, by type and changes per day as
 * each facet's elements are counted. Every chart has its numbers as a table
 * below it (for screen readers and for reading exact values); a bar, or a
 * number in the table, opens the matching elements.
 */
import { ColorSchemeController } from './color-scheme.ts';
import { releaseStates } from '../../shared/domain/release-states.ts';
import { html, nothing, type TemplateResult } from 'lit';
import type { FacetOverview, ReportFacets } from '../../shared/domain/reports.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import { t, uiLanguage } from '../i18n/locale-controller.ts';
import { formatCount } from '../i18n/numbers.ts';
import { ClientElement } from '../base/client-element.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { formatDate, stateLabel } from '../base/element-format.ts';
import { navigateEvent } from '../base/routes.ts';
import { pickCulture } from '../../shared/domain/culture.ts';
import { drawBarChart, loadChartJs, type ChartModule } from './bar-chart.ts';
import { exportCsv } from './csv-export.ts';
import { facetName, fieldLabel, typeName, valueLabel } from './report-table.ts';
import {
  byFacetChart,
  byStateChart,
  byTypeChart,
  changesChart,
  latestChanges,
  OVERVIEW_DAYS,
  type ChartModel,
} from './overview-model.ts';

const FACET_COLOURS = 8;
const RECENT_SHOWN = 10;
const KNOWN_STATES = new Set<string>(releaseStates);

type Chart = ReturnType<typeof drawBarChart>;

export class LandscapeOverview extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facets: { state: true },
    overviews: { state: true },
    counting: { state: true },
  };
  declare culture: number;
  declare facets: ReportFacets | null;
  declare overviews: FacetOverview[];
  declare counting: { facet: string; done: number; total: number } | null;
  #generation = 0;
  readonly #charts = new Map<string, Chart>();
  readonly #drawn = new Map<string, string>();
  #chartJs: ChartModule | undefined;

  constructor() {
    super();
    // Registers itself with this component: the charts are drawn again in the new colours.
    new ColorSchemeController(this, () => this.#redraw(true));
    this.culture = 1033;
    this.facets = null;
    this.overviews = [];
    this.counting = null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const chart of this.#charts.values()) chart.destroy();
    this.#charts.clear();
    this.#drawn.clear();
    this.#generation++;
  }

  protected override willUpdate(): void {
    if (!this.hasUpdated) void this.reload();
  }

  protected override updated(): void {
    this.#redraw(false);
  }

  #report(freshness: Freshness): void {
    this.dispatchEvent(
      new CustomEvent<Freshness>('freshness', {
        detail: { source: freshness.source, fetchedAt: freshness.fetchedAt },
        bubbles: true,
      }),
    );
  }

  /** Counts again from the start (first shown, after a sync). */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    let facets: ReportFacets;
    try {
      facets = await this.client.request('reports.facets', {});
    } catch (error) {
      if (generation === this.#generation) this.reportError(error);
      return;
    }
    if (generation !== this.#generation) return;
    this.facets = facets;
    this.#report(facets);
    const overviews: FacetOverview[] = [];
    let failed: unknown;
    for (const [index, facet] of facets.items.entries()) {
      this.counting = { facet: facet.name, done: index, total: facets.items.length };
      try {
        const overview = await this.client.request('reports.overview', { facet: facet.name });
        if (generation !== this.#generation) return;
        overviews.push(overview);
        this.overviews = [...overviews];
        if (overview.source === 'cache') this.#report(overview);
      } catch (error) {
        if (generation !== this.#generation) return;
        failed ??= error;
      }
    }
    this.counting = null;
    if (failed) this.reportError(failed);
  }

  #open(target: ReturnType<ChartModel['target']>): void {
    this.dispatchEvent(
      navigateEvent({
        name: 'reports',
        facet: target.facet,
        tab: 'elements',
        ...(target.where ? target.where : {}),
      }),
    );
  }

  #chartList(): { model: ChartModel; title: string; categoryHeading: string }[] {
    const charts = [];
    if (this.facets)
      charts.push({
        model: byFacetChart(this.facets.items),
        title: t('reports.chart.byFacet'),
        categoryHeading: t('reports.col.facet'),
      });
    if (this.overviews.length > 0) {
      charts.push(
        {
          model: byStateChart(this.overviews),
          title: t('reports.chart.byState'),
          categoryHeading: t('reports.col.facet'),
        },
        {
          model: byTypeChart(this.overviews),
          title: t('reports.chart.byType'),
          categoryHeading: fieldLabel('type'),
        },
        {
          model: changesChart(this.overviews),
          title: t('reports.chart.changes', { days: OVERVIEW_DAYS }),
          categoryHeading: fieldLabel('changedOn'),
        },
      );
    }
    return charts;
  }

  /** Category and series names as people read them. */
  #categoryLabel(model: ChartModel, raw: string): string {
    if (model.key === 'byType') return typeName(raw, this.facets?.names);
    if (model.key === 'byFacet' || model.key === 'byState') return facetName(raw, this.facets?.names);
    if (model.key === 'changes')
      return new Intl.DateTimeFormat(uiLanguage(), {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(raw));
    return raw;
  }

  #seriesLabel(model: ChartModel, raw: string): string {
    if (model.key === 'byFacet') return t('reports.col.count');
    if (model.key === 'byState') return valueLabel('state', raw);
    if (model.key === 'byType' || model.key === 'changes') return facetName(raw, this.facets?.names);
    return raw;
  }

  #seriesColour(model: ChartModel, raw: string, index: number): string {
    if (model.key === 'byState' && KNOWN_STATES.has(raw)) return `--lanes-state-${raw}-fg`;
    if (model.key === 'byFacet') return '--lanes-accent';
    const facetIndex = this.facets?.items.findIndex((f) => f.name === raw) ?? index;
    return `--lanes-chart-${((facetIndex < 0 ? index : facetIndex) % FACET_COLOURS) + 1}`;
  }

  #redraw(force: boolean): void {
    const charts = this.#chartList();
    if (charts.length === 0) return;
    const chartJs = this.#chartJs;
    if (!chartJs) {
      // The first chart loads chart.js; drawing waits for it and then happens in one go.
      void loadChartJs().then(
        (module) => {
          this.#chartJs = module;
          if (this.isConnected) this.#redraw(true);
        },
        (error: unknown) => this.reportError(error),
      );
      return;
    }
    for (const { model } of charts) {
      const canvas = this.querySelector<HTMLCanvasElement>(`canvas[data-chart="${model.key}"]`);
      if (!canvas) continue;
      const signature = JSON.stringify([model.categories, model.series, uiLanguage()]);
      const current = this.#charts.get(model.key);
      if (!force && this.#drawn.get(model.key) === signature && current?.canvas === canvas) continue;
      this.#drawn.set(model.key, signature);
      current?.destroy();
      this.#charts.set(
        model.key,
        drawBarChart(chartJs, canvas, {
          labels: model.categories.map((raw) => this.#categoryLabel(model, raw)),
          series: model.series.map((s, i) => ({
            label: this.#seriesLabel(model, s.raw),
            data: s.data,
            color: this.#seriesColour(model, s.raw, i),
          })),
          stacked: model.stacked,
          horizontal: model.horizontal,
          onBar: (s, c) => this.#open(model.target(s, c)),
        }),
      );
    }
  }

  #numbers(model: ChartModel, title: string, categoryHeading: string): TemplateResult {
    const seriesLabels = model.series.map((s) => this.#seriesLabel(model, s.raw));
    const rows = model.categories.map((raw, c) => ({ raw, c }));
    const visible =
      model.key === 'changes' ? rows.filter(({ c }) => model.series.some((s) => s.data[c]! > 0)) : rows;
    const csv = (): void =>
      void exportCsv(this, this.client, `overview-${model.key}`, {
        header: [categoryHeading, ...seriesLabels],
        rows: visible.map(({ raw, c }) => [raw, ...model.series.map((s) => String(s.data[c] ?? 0))]),
      });
    return html`<details class="report-numbers" data-testid="numbers-${model.key}">
      <summary>${t('reports.numbers')}</summary>
      <button type="button" class="report-numbers-export" @click=${csv}>${t('reports.exportCsv')}</button>
      <table class="report-numbers-table">
        <caption class="visually-hidden">
          ${title}
        </caption>
        <thead>
          <tr>
            <th scope="col">${categoryHeading}</th>
            ${seriesLabels.map((label) => html`<th scope="col">${label}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${visible.map(
            ({ raw, c }) =>
              html`<tr>
                <th scope="row">${this.#categoryLabel(model, raw)}</th>
                ${model.series.map((s, i) => {
                  const count = s.data[c] ?? 0;
                  if (count === 0) return html`<td>0</td>`;
                  const target = model.target(i, c);
                  const value = target.where
                    ? valueLabel(target.where.field, target.where.value, this.facets?.names)
                    : t('reports.allFacets');
                  return html`<td>
                    <button
                      type="button"
                      class="link-button"
                      aria-label=${t('reports.openMatching', {
                        count,
                        facet: facetName(target.facet, this.facets?.names),
                        value,
                      })}
                      @click=${() => this.#open(target)}
                    >
                      ${formatCount(count)}
                    </button>
                  </td>`;
                })}
              </tr>`,
          )}
        </tbody>
      </table>
    </details>`;
  }

  #recent(): TemplateResult | typeof nothing {
    const changes = latestChanges(this.overviews, RECENT_SHOWN);
    if (changes.length === 0) return nothing;
    const name = (names: Record<string, string>, id: string): string =>
      pickCulture(names, this.culture).text || id;
    const header = [
      fieldLabel('names'),
      t('reports.col.facet'),
      fieldLabel('type'),
      fieldLabel('state'),
      fieldLabel('changedOn'),
    ];
    const csv = (): void =>
      void exportCsv(this, this.client, 'latest-changes', {
        header,
        rows: changes.map((c) => [name(c.names, c.id), c.facet, c.type, c.state, c.changedOn]),
      });
    return html`<section class="report-card report-recent" aria-labelledby="report-recent-title">
      <div class="report-card-head">
        <h3 id="report-recent-title">${t('reports.recent')}</h3>
        <button type="button" @click=${csv}>${t('reports.exportCsv')}</button>
      </div>
      <table class="report-numbers-table" data-testid="report-recent">
        <thead>
          <tr>
            ${header.map((h) => html`<th scope="col">${h}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${changes.map(
            (c) =>
              html`<tr>
                <td>${name(c.names, c.id)}</td>
                <td>${facetName(c.facet, this.facets?.names)}</td>
                <td>${typeName(c.type, this.facets?.names)}</td>
                <td>${stateLabel(c.state)}</td>
                <td>${formatDate(c.changedOn)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  }

  protected override render(): unknown {
    if (!this.facets) return html`<p class="muted">${t('reports.loading')}</p>`;
    const total = this.facets.totalCount;
    return html`
      <p
        class="muted report-overview-status"
        role="status"
        data-testid="overview-status"
        ?data-complete=${!this.counting}
      >
        ${
          this.counting
            ? t('reports.overview.counting', {
                ...this.counting,
                facet: facetName(this.counting.facet, this.facets?.names),
              })
            : t('reports.overview.complete', { count: total })
        }
        ${t('reports.chart.hint')}
      </p>
      <div class="report-charts">
        ${this.#chartList().map(
          ({ model, title, categoryHeading }) =>
            html`<section
              class="report-card report-chart-${model.key}"
              aria-labelledby="chart-title-${model.key}"
            >
              <h3 id="chart-title-${model.key}">${title}</h3>
              <div
                class="report-chart-box"
                ${cssomStyle(
                  model.horizontal ? { height: `${Math.max(280, 24 * model.categories.length + 80)}px` } : {},
                )}
              >
                <canvas
                  data-chart=${model.key}
                  data-testid="chart-${model.key}"
                  role="img"
                  aria-label=${t('reports.chart.summary', { title })}
                ></canvas>
              </div>
              ${this.#numbers(model, title, categoryHeading)}
            </section>`,
        )}
      </div>
      ${this.#recent()}
    `;
  }
}

customElements.define('lanes-landscape-overview', LandscapeOverview);
