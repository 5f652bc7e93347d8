/**
 * Translation coverage on the Reports overview: per facet and target
 * language, the processes' texts by state as a stacked bar chart with its
 * table; a bar or a number lists the processes, and a process opens the
 * translation workbench on the rows in that state.
 */
import { ColorSchemeController } from './color-scheme.ts';
import { html, nothing, type PropertyValues } from 'lit';
import type { Chart } from 'chart.js';
import type { TranslationCoverage } from '../../shared/domain/translation.ts';
import type { ServiceNames } from '../../shared/domain/reports.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { ClientElement } from '../base/client-element.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { formatRoute, type TranslateFilter } from '../base/routes.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { t, uiLanguage } from '../i18n/locale-controller.ts';
import { formatCount } from '../i18n/numbers.ts';
import { drawBarChart, loadChartJs } from './bar-chart.ts';
import { facetName } from './report-table.ts';
import { coverageRows, coverageStates, processesWith, type CoverageState } from './coverage-model.ts';
import './translation-coverage.css';

const CULTURES = [1031, 1033, 3082] as const;
type Culture = (typeof CULTURES)[number];
const COLORS: Record<CoverageState, string> = {
  translated: '--coverage-translated',
  same: '--coverage-same',
  outdated: '--coverage-outdated',
  missing: '--coverage-missing',
};
/** The workbench's filter for a coverage state. */
const FILTER: Record<CoverageState, TranslateFilter> = {
  translated: 'done',
  same: 'same',
  outdated: 'outdated',
  missing: 'missing',
};

const language = (culture: number): string => t(`translate.language.${culture}` as MessageKey);
const stateName = (state: CoverageState): string => t(`coverage.series.${state}`);

interface Selection {
  facet: string;
  culture: number;
  state: CoverageState | null;
}

class TranslationCoveragePanel extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    names: { attribute: false },
    source: { state: true },
    coverage: { state: true },
    counting: { state: true },
    selection: { state: true },
  };
  declare culture: number;
  /** The service's names of the facets (from the page's `reports.facets`). */
  declare names: ServiceNames | undefined;
  declare source: Culture | null;
  declare coverage: TranslationCoverage | null;
  declare counting: boolean;
  declare selection: Selection | null;
  #chart: Chart<'bar'> | null = null;
  #request = 0;
  /** What the chart was drawn for: the data, the UI language and the colour scheme. */
  #drawn = '';
  readonly #scheme = new ColorSchemeController(this, () => {
    this.#drawn = '';
    this.requestUpdate();
  });

  constructor() {
    super();
    this.culture = 1033;
    this.source = null;
    this.coverage = null;
    this.counting = false;
    this.selection = null;
  }

  get #source(): Culture {
    return (
      this.source ??
      ((CULTURES as readonly number[]).includes(this.culture) ? (this.culture as Culture) : 1031)
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#chart?.destroy();
    this.#chart = null;
    this.#drawn = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('source')) void this.#count(false);
  }

  async #count(fresh: boolean): Promise<void> {
    const request = ++this.#request;
    this.counting = true;
    try {
      const coverage = await this.client.request('reports.translationCoverage', {
        source: this.#source,
        ...(fresh ? { fresh: true } : {}),
      });
      if (request !== this.#request) return;
      this.coverage = coverage;
      this.selection = null;
    } catch (error) {
      if (request === this.#request) this.reportError(error);
    } finally {
      if (request === this.#request) this.counting = false;
    }
  }

  protected override async updated(): Promise<void> {
    const canvas = this.querySelector<HTMLCanvasElement>('canvas[data-testid=chart-coverage]');
    const coverage = this.coverage;
    if (!canvas || !coverage) return;
    const signature = `${this.#request}:${uiLanguage()}:${this.#scheme.dark}:${this.names ? 'named' : ''}`;
    if (this.#chart?.canvas === canvas && this.#drawn === signature) return;
    this.#drawn = signature;
    const rows = coverageRows(coverage);
    const module = await loadChartJs();
    if (!canvas.isConnected) return;
    this.#chart?.destroy();
    this.#chart = drawBarChart(module, canvas, {
      labels: rows.map((row) =>
        t('coverage.category', {
          facet: facetName(row.facet, this.names),
          language: language(row.culture),
        }),
      ),
      series: coverageStates.map((state) => ({
        label: stateName(state),
        data: rows.map((row) => row.texts[state]),
        color: COLORS[state],
      })),
      stacked: true,
      horizontal: true,
      onBar: (s, c) =>
        this.#select({ facet: rows[c]!.facet, culture: rows[c]!.culture, state: coverageStates[s]! }),
    });
  }

  #select(selection: Selection): void {
    this.selection = selection;
    void this.updateComplete.then(() => this.querySelector<HTMLElement>('.coverage-processes h4')?.focus());
  }

  protected override render(): unknown {
    const coverage = this.coverage;
    return html`<section class="report-card coverage" aria-labelledby="coverage-title" data-testid="coverage">
      <h3 id="coverage-title">${t('coverage.title')}</h3>
      <p class="muted">${t('coverage.intro')}</p>
      <div class="coverage-controls">
        <label
          >${t('coverage.from')}
          <select
            data-testid="coverage-source"
            @change=${(event: Event) => (this.source = Number((event.target as HTMLSelectElement).value) as Culture)}
          >
            ${CULTURES.map(
              (culture) =>
                html`<option value=${culture} ?selected=${culture === this.#source}>
                  ${language(culture)}
                </option>`,
            )}
          </select></label
        >
        <button type="button" ?disabled=${this.counting} @click=${() => void this.#count(true)}>
          ${t('coverage.refresh')}
        </button>
        <span class="muted" role="status" data-testid="coverage-status"
          >${
            this.counting
              ? t('coverage.counting')
              : coverage?.cachedSince
                ? t('coverage.cached', { time: formatDateTime(coverage.cachedSince) })
                : ''
          }</span
        >
      </div>
      ${
        coverage?.unavailable
          ? html`<p class="muted">${t('coverage.unavailable', { count: coverage.unavailable })}</p>`
          : nothing
      }
      ${coverage ? this.#body(coverage) : nothing}
    </section>`;
  }

  #body(coverage: TranslationCoverage): unknown {
    if (coverage.facets.length === 0) return html`<p class="muted">${t('coverage.none')}</p>`;
    const rows = coverageRows(coverage);
    return html`<div
        class="report-chart-box"
        ${cssomStyle({ height: `${Math.max(160, 44 * rows.length + 90)}px` })}
      >
        <canvas data-testid="chart-coverage" role="img" aria-label=${t('coverage.chartSummary')}></canvas>
      </div>
      <table class="report-numbers-table coverage-table" data-testid="coverage-table">
        <caption class="visually-hidden">
          ${t('coverage.title')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${t('coverage.col.facet')}</th>
            <th scope="col">${t('coverage.col.language')}</th>
            <th scope="col">${t('coverage.col.processesDone')}</th>
            <th scope="col">${t('coverage.col.processesMissing')}</th>
            <th scope="col">${t('coverage.col.processesOutdated')}</th>
            ${coverageStates.map(
              (state) => html`<th scope="col">${t('coverage.col.texts', { state: stateName(state) })}</th>`,
            )}
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (row) =>
              html`<tr data-facet=${row.facet} data-culture=${row.culture}>
                <th scope="row">${facetName(row.facet, this.names)}</th>
                <td>${language(row.culture)}</td>
                <td>${formatCount(row.processes.translated)}</td>
                <td>${formatCount(row.processes.missing)}</td>
                <td>${formatCount(row.processes.outdated)}</td>
                ${coverageStates.map(
                  (state) =>
                    html`<td>
                      <button
                        type="button"
                        class="link-button"
                        data-state=${state}
                        aria-label=${t('coverage.show', {
                          count: row.texts[state],
                          facet: facetName(row.facet, this.names),
                          language: language(row.culture),
                          state: stateName(state),
                        })}
                        @click=${() => this.#select({ facet: row.facet, culture: row.culture, state })}
                      >
                        ${formatCount(row.texts[state])}
                      </button>
                    </td>`,
                )}
              </tr>`,
          )}
        </tbody>
      </table>
      ${this.#processes(coverage)}`;
  }

  #processes(coverage: TranslationCoverage): unknown {
    const selection = this.selection;
    if (!selection) return nothing;
    const { facet, culture, state } = selection;
    const list = processesWith(coverage, facet, culture, state);
    const heading = state
      ? t('coverage.processes.heading', { facet, state: stateName(state), language: language(culture) })
      : t('coverage.processes.all', { facet, language: language(culture) });
    return html`<div class="coverage-processes" data-testid="coverage-processes">
      <h4 tabindex="-1">${heading}</h4>
      ${
        list.length === 0
          ? html`<p class="muted">${t('coverage.processes.empty')}</p>`
          : html`<ul>
              ${list.map((process) => {
                const counts = process.cultures[String(culture)]!;
                const href = formatRoute({
                  name: 'translate',
                  facet,
                  view: '*',
                  id: process.id,
                  source: coverage.source,
                  target: culture,
                  state: state ? FILTER[state] : 'all',
                });
                return html`<li>
                  <a
                    href=${href}
                    data-id=${process.id}
                    title=${t('coverage.process.open', { name: process.name, language: language(culture) })}
                    >${process.name}</a
                  >
                  <span class="muted">${t('coverage.process.counts', counts)}</span>
                </li>`;
              })}
            </ul>`
      }
    </div>`;
  }
}

customElements.define('lanes-translation-coverage', TranslationCoveragePanel);
