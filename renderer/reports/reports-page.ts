/**
 * Reports (#/reports): the landscape overview, and per facet its elements
 * (a paged table) and its hierarchy, from the reporting interface. What is
 * shown is cached per profile in main; offline the page says when it was
 * fetched, and a finished sync reads everything again.
 */
import { html, nothing, type PropertyValues } from 'lit';
import type { ReportFacets } from '../../shared/domain/reports.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { ClientElement } from '../base/client-element.ts';
import { formatRoute, navigateEvent, type ReportsTab, type Route } from '../base/routes.ts';
import { CSV_EXPORTED } from './csv-export.ts';
import type { Where } from './report-rows.ts';
import type { LandscapeOverview } from './landscape-overview.ts';
import type { ReportTable } from './report-table.ts';
import type { ReportTree } from './report-tree.ts';
import { facetName } from './report-table.ts';
import './landscape-overview.ts';
import './report-table.ts';
import './translation-coverage.ts';
import './report-tree.ts';
import './reports.css';

class ReportsPage extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facet: { attribute: false },
    tab: { attribute: false },
    field: { attribute: false },
    value: { attribute: false },
    facets: { state: true },
    cachedAt: { state: true },
    exported: { state: true },
  };
  declare culture: number;
  declare facet: string | undefined;
  declare tab: ReportsTab;
  declare field: string | undefined;
  declare value: string | undefined;
  declare facets: ReportFacets | null;
  /** When the oldest cached read on screen was fetched; null while everything is live. */
  declare cachedAt: string | null;
  declare exported: string | null;
  #unsubscribe: (() => void) | undefined;
  #lastSyncAt: string | null | undefined;
  #where: Where | undefined;

  constructor() {
    super();
    this.culture = 1033;
    this.tab = 'elements';
    this.facets = null;
    this.cachedAt = null;
    this.exported = null;
    this.addEventListener('freshness', (event) => {
      const detail = (event as CustomEvent<Freshness>).detail;
      if (detail.source === 'cache' && (!this.cachedAt || detail.fetchedAt < this.cachedAt))
        this.cachedAt = detail.fetchedAt;
    });
    this.addEventListener(CSV_EXPORTED, (event) => (this.exported = (event as CustomEvent<string>).detail));
    this.addEventListener('clear-where', () =>
      this.#go({ name: 'reports', facet: this.facet!, tab: 'elements' }),
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated) void this.#loadFacets();
    if (changed.has('facet') || changed.has('tab') || changed.has('field') || changed.has('value')) {
      this.exported = null;
      const where =
        this.field && this.value !== undefined ? { field: this.field, value: this.value } : undefined;
      if (where?.field !== this.#where?.field || where?.value !== this.#where?.value) this.#where = where;
    }
  }

  /** A finished sync (lastSyncAt moves on) reads the reports again: the cache is refreshed with them. */
  #subscribe(): void {
    this.#unsubscribe = this.client.on('sync.statusChanged', (status) => {
      const synced =
        this.#lastSyncAt !== undefined && status.lastSyncAt !== this.#lastSyncAt && !status.running;
      if (!status.running) this.#lastSyncAt = status.lastSyncAt;
      if (synced) void this.#refresh();
    });
    // The sync before this page opened is the baseline: only a sync finished after it reads again.
    this.client.request('sync.status', {}).then(
      (status) => {
        if (this.#lastSyncAt === undefined && !status.running) this.#lastSyncAt = status.lastSyncAt;
      },
      () => {},
    );
  }

  async #refresh(): Promise<void> {
    this.cachedAt = null;
    await this.#loadFacets();
    await Promise.all([
      this.querySelector<LandscapeOverview>('lanes-landscape-overview')?.reload(),
      this.querySelector<ReportTable>('lanes-report-table')?.reload(),
      this.querySelector<ReportTree>('lanes-report-tree')?.reload(),
    ]);
  }

  async #loadFacets(): Promise<void> {
    try {
      this.facets = await this.client.request('reports.facets', {});
      if (this.facets.source === 'cache') this.dispatchEvent(this.#freshness(this.facets));
    } catch (error) {
      this.facets = {
        items: [],
        totalCount: 0,
        source: 'live',
        fetchedAt: '',
        names: { facets: {}, types: {} },
      };
      this.reportError(error);
    }
  }

  #freshness(f: Freshness): CustomEvent<Freshness> {
    return new CustomEvent<Freshness>('freshness', { detail: { source: f.source, fetchedAt: f.fetchedAt } });
  }

  #go(route: Route): void {
    this.dispatchEvent(navigateEvent(route));
  }

  #facetLink(name: string | undefined, label: string, count: number | null): unknown {
    const current = name === this.facet;
    const route: Route = name ? { name: 'reports', facet: name, tab: 'elements' } : { name: 'reports' };
    return html`<li>
      <a
        href=${formatRoute(route)}
        data-facet=${name ?? ''}
        aria-current=${current ? 'page' : 'false'}
        class=${current ? 'current' : ''}
      >
        <span class="report-facet-name">${label}</span>
        ${
          count === null
            ? nothing
            : html`<span class="muted report-facet-count">${t('reports.facetCount', { count })}</span>`
        }
      </a>
    </li>`;
  }

  #renderFacet(facet: string): unknown {
    const tabs: ReportsTab[] = ['elements', 'hierarchy'];
    return html`
      <div class="report-tabs" role="navigation" aria-label=${facetName(facet, this.facets?.names)}>
        ${tabs.map(
          (tab) =>
            html`<a
              href=${formatRoute({ name: 'reports', facet, tab })}
              data-tab=${tab}
              aria-current=${this.tab === tab ? 'page' : 'false'}
              class=${this.tab === tab ? 'current' : ''}
              >${t(`reports.tab.${tab}`)}</a
            >`,
        )}
      </div>
      ${
        this.tab === 'hierarchy'
          ? html`<lanes-report-tree
              .culture=${this.culture}
              .facet=${facet}
              .names=${this.facets?.names}
            ></lanes-report-tree>`
          : html`<lanes-report-table
              .culture=${this.culture}
              .facet=${facet}
              .names=${this.facets?.names}
              .where=${this.#where}
            ></lanes-report-table>`
      }
    `;
  }

  protected override render(): unknown {
    return html`<div class="reports-page">
      <nav class="reports-facets" aria-label=${t('reports.facets')}>
        <ul>
          ${this.#facetLink(undefined, t('reports.tab.overview'), null)}
          ${(this.facets?.items ?? []).map((f) =>
            this.#facetLink(f.name, facetName(f.name, this.facets?.names), f.totalCount),
          )}
        </ul>
      </nav>
      <section class="reports-main" aria-labelledby="reports-title">
        <div class="reports-head">
          <h2 id="reports-title">
            ${
              this.facet
                ? `${t('reports.title')}: ${facetName(this.facet, this.facets?.names)}`
                : t('reports.overview.title')
            }
          </h2>
          ${
            this.cachedAt
              ? html`<span class="cached-marker reports-cached" data-testid="reports-cached"
                  >${t('reports.cached', { time: formatDateTime(this.cachedAt) })}</span
                >`
              : nothing
          }
        </div>
        ${
          this.exported
            ? html`<p class="muted" role="status" data-testid="report-exported">
                ${t('reports.exported', { path: this.exported })}
              </p>`
            : nothing
        }
        ${
          this.facet
            ? this.#renderFacet(this.facet)
            : html`<lanes-landscape-overview .culture=${this.culture}></lanes-landscape-overview>
                <lanes-translation-coverage
                  .culture=${this.culture}
                  .names=${this.facets?.names}
                ></lanes-translation-coverage>`
        }
      </section>
    </div>`;
  }
}

customElements.define('lanes-reports-page', ReportsPage);
