/**
 * The elements of a facet (or of all facets) as a virtualized table: pages of
 * at most 100 from the reporting interface, "Load all" with progress and
 * Cancel, sort and filter within what is loaded, and CSV export of what is
 * shown. Only the rows in view are in the DOM, so 10,000 rows scroll freely.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { REPORT_PAGE_SIZE, type ReportElement, type ServiceNames } from '../../shared/domain/reports.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { cssomStyle } from '../base/cssom-style.ts';
import { formatDate, stateLabel, tOr } from '../base/element-format.ts';
import { facetLabel, typeLabelOf } from '../base/service-labels.ts';
import { cellText, columnsOf, isIdColumn, NO_VALUE, visibleRows, type Where } from './report-rows.ts';
import { exportCsv } from './csv-export.ts';

const ROW_HEIGHT = 32;
const OVERSCAN = 10;
const DATE_FIELD = /(On|Date|At)$/;

export function fieldLabel(field: string): string {
  return tOr(`reports.field.${field}`, field);
}

/** A value as the overview, the table and the filter chip name it: keys of the service in words of the UI. */
export function valueLabel(field: string, value: string, names?: ServiceNames): string {
  if (value === NO_VALUE) return t('reports.none');
  if (field === 'state') return stateLabel(value);
  if (field === 'type') return typeName(value, names);
  if (field === 'facetName') return facetName(value, names);
  return value;
}

/** A type in the UI language: the service's name for it (its `config`), else the app's (service-labels.ts). */
export function typeName(type: string, names?: ServiceNames): string {
  return typeLabelOf(type, names?.types[type]);
}

/** A facet in the UI language: the service's display name, else the app's. */
export function facetName(facet: string, names?: ServiceNames): string {
  return facetLabel(facet, names?.facets[facet]);
}

export class ReportTable extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facet: { attribute: false },
    where: { attribute: false },
    names: { attribute: false },
    elements: { state: true },
    total: { state: true },
    busy: { state: true },
    progress: { state: true },
    stopped: { state: true },
    text: { state: true },
    sort: { state: true },
    scrollTop: { state: true },
    viewportHeight: { state: true },
  };
  declare culture: number;
  /** Undefined: every element of the tenant. */
  declare facet: string | undefined;
  /** Set by a bar of the overview: all elements are loaded, then filtered by it. */
  declare where: Where | undefined;
  /** The service's names of facets and types (from the page's `reports.facets`). */
  declare names: ServiceNames | undefined;
  declare elements: ReportElement[];
  declare total: number | null;
  declare busy: boolean;
  declare progress: { done: number; total: number } | null;
  declare stopped: { done: number; total: number } | null;
  declare text: string;
  declare sort: { column: string; descending: boolean } | undefined;
  declare scrollTop: number;
  declare viewportHeight: number;
  #generation = 0;
  #cancel = false;
  #frame = 0;

  constructor() {
    super();
    this.culture = 1033;
    this.elements = [];
    this.total = null;
    this.busy = false;
    this.progress = null;
    this.stopped = null;
    this.text = '';
    this.sort = undefined;
    this.scrollTop = 0;
    this.viewportHeight = 600;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('facet') || changed.has('where')) void this.reload();
  }

  /** Reads the table again from the start (a new facet, or after a sync). */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#cancel = true;
    this.elements = [];
    this.total = null;
    this.progress = null;
    this.stopped = null;
    this.scrollTop = 0;
    this.querySelector('.report-table-scroll')?.scrollTo({ top: 0 });
    const loaded = await this.#loadPage(generation);
    if (loaded && this.where) await this.loadAll();
  }

  async #loadPage(generation: number): Promise<boolean> {
    this.busy = true;
    try {
      const page = await this.client.request('reports.elements', {
        ...(this.facet ? { facet: this.facet } : {}),
        skip: this.elements.length,
        take: REPORT_PAGE_SIZE,
      });
      if (generation !== this.#generation) return false;
      this.elements = [...this.elements, ...page.items];
      this.total = page.totalCount;
      this.dispatchEvent(
        new CustomEvent<Freshness>('freshness', {
          detail: { source: page.source, fetchedAt: page.fetchedAt },
          bubbles: true,
        }),
      );
      return page.items.length > 0;
    } catch (error) {
      if (generation === this.#generation) this.reportError(error);
      return false;
    } finally {
      if (generation === this.#generation) this.busy = false;
    }
  }

  /** Every remaining page, one after the other, until done or Cancel. */
  async loadAll(): Promise<void> {
    const generation = this.#generation;
    this.#cancel = false;
    this.stopped = null;
    while (this.total !== null && this.elements.length < this.total) {
      this.progress = { done: this.elements.length, total: this.total };
      if (this.#cancel || generation !== this.#generation) break;
      if (!(await this.#loadPage(generation))) break;
    }
    if (generation !== this.#generation) return;
    if (this.#cancel && this.total !== null && this.elements.length < this.total) {
      this.stopped = { done: this.elements.length, total: this.total };
    }
    this.progress = null;
  }

  #cancelLoad(): void {
    this.#cancel = true;
  }

  #onScroll(event: Event): void {
    const target = event.currentTarget as HTMLElement;
    cancelAnimationFrame(this.#frame);
    this.#frame = requestAnimationFrame(() => {
      this.scrollTop = target.scrollTop;
      this.viewportHeight = target.clientHeight;
    });
  }

  protected override firstUpdated(): void {
    const scroller = this.querySelector<HTMLElement>('.report-table-scroll');
    if (scroller) this.viewportHeight = scroller.clientHeight || this.viewportHeight;
  }

  #toggleSort(column: string): void {
    const descending = this.sort?.column === column ? !this.sort.descending : false;
    this.sort = { column, descending };
  }

  #clearWhere(): void {
    if (!this.facet) return;
    this.dispatchEvent(new CustomEvent('clear-where', { bubbles: true }));
  }

  async #export(columns: string[], rows: ReportElement[]): Promise<void> {
    const name = `${this.facet ?? 'elements'}${this.where ? `-${this.where.field}-${this.where.value}` : ''}`;
    await exportCsv(this, this.client, name, {
      header: columns,
      rows: rows.map((element) => columns.map((column) => cellText(element, column, this.culture))),
    });
  }

  #display(element: ReportElement, column: string): string {
    const text = cellText(element, column, this.culture);
    if ((column === 'state' || column === 'type' || column === 'facetName') && text)
      return valueLabel(column, text, this.names);
    return DATE_FIELD.test(column) ? formatDate(text) : text;
  }

  protected override render(): unknown {
    const columns = columnsOf(this.elements);
    const rows = visibleRows(this.elements, {
      where: this.where,
      text: this.text,
      sort: this.sort,
      culture: this.culture,
      shown: (element, column) => this.#display(element, column),
    });
    const first = Math.max(0, Math.floor(this.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(
      rows.length,
      Math.ceil((this.scrollTop + this.viewportHeight) / ROW_HEIGHT) + OVERSCAN,
    );
    const total = this.total ?? 0;
    const complete = this.total !== null && this.elements.length >= this.total;
    const shownFacet = this.facet ? facetName(this.facet, this.names) : t('reports.allFacets');
    return html`
      <div class="report-table-tools">
        ${
          this.where
            ? html`<button
                type="button"
                class="report-chip"
                data-testid="report-where"
                aria-label=${t('reports.table.clearWhere', {
                  field: fieldLabel(this.where.field),
                  value: valueLabel(this.where.field, this.where.value, this.names),
                })}
                @click=${() => this.#clearWhere()}
              >
                ${t('reports.table.where', {
                  field: fieldLabel(this.where.field),
                  value: valueLabel(this.where.field, this.where.value, this.names),
                })}
                <span aria-hidden="true">×</span>
              </button>`
            : nothing
        }
        <input
          type="search"
          class="report-filter"
          data-testid="report-filter"
          aria-label=${t('reports.table.filter')}
          placeholder=${t('reports.table.filter')}
          .value=${this.text}
          @input=${(event: Event) => (this.text = (event.target as HTMLInputElement).value)}
        />
        <span class="muted report-count" data-testid="report-count" role="status">
          ${
            this.total === null
              ? t('reports.loading')
              : t('reports.table.shown', { shown: rows.length, loaded: this.elements.length, total })
          }
        </span>
        <span class="report-table-actions">
          ${
            this.progress
              ? html`<progress
                    data-testid="report-progress"
                    max=${this.progress.total}
                    .value=${this.progress.done}
                    aria-label=${t('reports.table.loadingAll', this.progress)}
                  ></progress>
                  <span class="muted">${t('reports.table.loadingAll', this.progress)}</span>
                  <button type="button" data-testid="report-cancel" @click=${() => this.#cancelLoad()}>
                    ${t('reports.table.cancel')}
                  </button>`
              : complete
                ? nothing
                : html`<button
                      type="button"
                      data-testid="report-load-more"
                      ?disabled=${this.busy || this.total === null}
                      @click=${() => void this.#loadPage(this.#generation)}
                    >
                      ${t('reports.table.loadMore', { count: Math.min(REPORT_PAGE_SIZE, total - this.elements.length) })}
                    </button>
                    <button
                      type="button"
                      data-testid="report-load-all"
                      ?disabled=${this.busy || this.total === null}
                      @click=${() => void this.loadAll()}
                    >
                      ${t('reports.table.loadAll')}
                    </button>`
          }
          <button
            type="button"
            data-testid="report-export"
            ?disabled=${rows.length === 0}
            @click=${() => void this.#export(columns, rows)}
          >
            ${t('reports.exportCsv')}
          </button>
        </span>
      </div>
      ${
        this.stopped
          ? html`<p class="muted" data-testid="report-stopped">
              ${t('reports.table.cancelled', this.stopped)}
            </p>`
          : !complete && (this.text || this.sort || this.where)
            ? html`<p class="muted">${t('reports.table.partial')}</p>`
            : nothing
      }
      <div class="report-table-scroll" @scroll=${(event: Event) => this.#onScroll(event)}>
        <table
          class="report-table"
          data-testid="report-table"
          aria-label=${t('reports.table.label', { facet: shownFacet })}
          aria-rowcount=${rows.length + 1}
        >
          <thead>
            <tr aria-rowindex="1">
              ${columns.map((column) => {
                const sorted = this.sort?.column === column;
                return html`<th
                  scope="col"
                  class=${isIdColumn(column) ? 'report-id' : ''}
                  aria-sort=${sorted ? (this.sort!.descending ? 'descending' : 'ascending') : 'none'}
                >
                  <button
                    type="button"
                    data-column=${column}
                    title=${t('reports.table.sortBy', { column: fieldLabel(column) })}
                    @click=${() => this.#toggleSort(column)}
                  >
                    ${fieldLabel(column)}
                    <span aria-hidden="true">${sorted ? (this.sort!.descending ? '▼' : '▲') : ''}</span>
                  </button>
                </th>`;
              })}
            </tr>
          </thead>
          <tbody>
            <tr class="report-spacer" aria-hidden="true" ${cssomStyle({ height: `${first * ROW_HEIGHT}px` })}>
              <td colspan=${Math.max(1, columns.length)}></td>
            </tr>
            ${rows.slice(first, last).map(
              (element, i) =>
                html`<tr aria-rowindex=${first + i + 2} data-id=${element.id}>
                  ${columns.map((column) => {
                    const shown = this.#display(element, column);
                    const kind = isIdColumn(column) ? 'report-id' : '';
                    return html`<td class=${kind} title=${shown}>${shown}</td>`;
                  })}
                </tr>`,
            )}
            <tr
              class="report-spacer"
              aria-hidden="true"
              ${cssomStyle({ height: `${(rows.length - last) * ROW_HEIGHT}px` })}
            >
              <td colspan=${Math.max(1, columns.length)}></td>
            </tr>
          </tbody>
        </table>
        ${
          this.total !== null && rows.length === 0
            ? html`<p class="muted report-empty">${t('reports.table.empty')}</p>`
            : nothing
        }
      </div>
    `;
  }
}

customElements.define('lanes-report-table', ReportTable);
