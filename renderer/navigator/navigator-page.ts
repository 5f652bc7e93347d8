/**
 * The landscape: facets → views → elements. The route (`#/browse/{facet}/{view}`)
 * decides what is shown, so back/forward and deep links work; the page only
 * loads, remembers where the user was in each view, and reports where the
 * data came from (live or the offline cache) to the status bar.
 */
import { html, nothing, type PropertyValues } from 'lit';
import type { Facet, FacetView } from '../../shared/domain/process.ts';
import type { ElementSummary, Freshness } from '../../shared/domain/workspace.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { t } from '../i18n/locale-controller.ts';
import { toErrorData } from '../base/light-element.ts';
import { ClientElement } from '../base/client-element.ts';
import { navigateEvent } from '../base/routes.ts';
import { reloadAfterSync } from '../base/view-refresh.ts';
import type { Choice } from './choice-list.ts';
import { facetLabel, viewLabel } from '../base/service-labels.ts';
import type { ElementRows } from './element-rows.ts';
import { ElementTreeModel } from './element-tree-model.ts';
import { problemState } from './navigator-states.ts';
import { recallPlace, rememberPlace } from './view-memory.ts';
import { rememberLandscapePlace, returnToLandscapePlace } from './landscape-place.ts';
import './choice-list.ts';
import './element-rows.ts';
import './pin-toggle.ts';
import './recent-elements.ts';
import '../styles/states.css';
import './navigator.css';

const PAGE_SIZE = 200;
const FILTER_DELAY_MS = 250;

class NavigatorPage extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facet: { attribute: false },
    view: { attribute: false },
    facets: { state: true },
    views: { state: true },
    problem: { state: true },
    rootsProblem: { state: true },
    filterText: { state: true },
    filter: { state: true },
    revision: { state: true },
  };
  declare culture: number;
  declare facet: string | undefined;
  declare view: string | undefined;
  declare facets: Facet[] | null;
  declare views: FacetView[] | null;
  /** Facets or views could not be read. */
  declare problem: LanesErrorData | null;
  /** The current view's first page could not be read. */
  declare rootsProblem: LanesErrorData | null;
  declare filterText: string;
  /** The filter in effect (filterText after the debounce). */
  declare filter: string;
  declare revision: number;
  #model: ElementTreeModel | undefined;
  #modelFor = '';
  #filterTimer: ReturnType<typeof setTimeout> | undefined;
  #opened = false;

  constructor() {
    super();
    this.culture = 1033;
    this.facets = null;
    this.views = null;
    this.problem = null;
    this.rootsProblem = null;
    this.filterText = '';
    this.filter = '';
    this.revision = 0;
  }

  override disconnectedCallback(): void {
    // Opening an element already remembered the place, with focus; once detached, focus reads as lost.
    if (!this.#opened) this.#rememberPlace();
    this.#opened = false;
    super.disconnectedCallback();
    this.#unfollowSync?.();
    this.#unfollowSync = undefined;
    clearTimeout(this.#filterTimer);
    this.#model?.dispose();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated) {
      this.#unfollowSync = reloadAfterSync(
        this.client,
        () => this.#freshness,
        () => this.#reload(),
      );
      void this.#loadFacets();
    }
    if (!this.hasUpdated || changed.has('facet') || changed.has('view')) void this.#followPlace();
    if (!this.hasUpdated || changed.has('facet')) void this.#loadViews();
    if (changed.has('facet') || changed.has('view')) {
      // The rows on screen still belong to the previous view: remember where the user was in it.
      this.#rememberPlace({
        facet: changed.has('facet') ? changed.get('facet') : this.facet,
        view: changed.has('view') ? changed.get('view') : this.view,
      });
      this.filterText = '';
      this.filter = '';
      clearTimeout(this.#filterTimer);
    }
    this.#ensureModel();
  }

  /** Remembers the landscape's place, or returns to the remembered one when opened bare. */
  async #followPlace(): Promise<void> {
    const { client, facet, view } = this;
    try {
      if (facet) await rememberLandscapePlace(client, { facet, ...(view ? { view } : {}) });
      else await returnToLandscapePlace(client, () => !this.facet && this.isConnected);
    } catch {
      // Not connected or settings unavailable: the landscape simply opens at its start.
    }
  }

  /** Where the rows on screen came from: after a sync that reached the service, cached rows are read again. */
  #freshness: Freshness | null = null;
  #unfollowSync: (() => void) | undefined;

  /** Read again, live, keeping the place (open branches, scroll): the model is rebuilt and restores it. */
  #reload(): void {
    this.#rememberPlace();
    this.#modelFor = '';
    void this.#loadFacets();
    void this.#loadViews();
    this.#ensureModel();
  }

  #report(freshness: Freshness): void {
    this.#freshness = freshness;
    this.dispatchEvent(
      new CustomEvent<Freshness>('freshness', {
        detail: { source: freshness.source, fetchedAt: freshness.fetchedAt },
        bubbles: true,
      }),
    );
  }

  async #loadFacets(): Promise<void> {
    try {
      const result = await this.client.request('workspace.facets', {});
      this.facets = result.items;
      this.problem = null;
      if (!this.view) this.#report(result);
    } catch (error) {
      this.facets = [];
      this.problem = toErrorData(error);
    }
  }

  async #loadViews(): Promise<void> {
    this.views = null;
    const facet = this.facet;
    if (!facet) return;
    try {
      const result = await this.client.request('workspace.views', { facet });
      if (facet !== this.facet) return;
      this.views = result.items;
      if (!this.view) this.#report(result);
    } catch (error) {
      if (facet !== this.facet) return;
      this.views = [];
      // Without views the elements may still load (a pinned view offline): only say so when nothing else does.
      if (!this.view) this.problem = toErrorData(error);
    }
  }

  /** One model per facet, view and filter; a new one replaces (and silences) the old. */
  #ensureModel(): void {
    const { client, facet, view, filter } = this;
    const key = facet && view ? `${facet}\u0000${view}\u0000${filter}` : '';
    if (key === this.#modelFor) return;
    this.#modelFor = key;
    this.#model?.dispose();
    this.#model = undefined;
    this.rootsProblem = null;
    if (!key || !facet || !view) return;
    const model = new ElementTreeModel(
      async (parentId, page) => {
        const result = await client.request('workspace.elements', {
          facet,
          view,
          ...(parentId ? { parentId } : {}),
          ...(filter ? { filter } : {}),
          page,
          pageSize: PAGE_SIZE,
        });
        if (this.#model === model) this.#report(result);
        return result;
      },
      () => this.revision++,
    );
    this.#model = model;
    void this.#loadRoots(model, facet, view, filter);
  }

  async #loadRoots(model: ElementTreeModel, facet: string, view: string, filter: string): Promise<void> {
    try {
      await model.loadRoots();
    } catch (error) {
      if (this.#model === model) this.rootsProblem = toErrorData(error);
      return;
    }
    const place = filter ? undefined : recallPlace(facet, view);
    if (!place || this.#model !== model) return;
    await model.restore(place.expanded);
    await this.updateComplete;
    await this.querySelector<ElementRows>('lanes-element-rows')?.restoreSnapshot(place.rows);
  }

  #rememberPlace(at: { facet: string | undefined; view: string | undefined } = this): void {
    const rows = this.querySelector<ElementRows>('lanes-element-rows');
    if (!at.facet || !at.view || !rows || !this.#model || this.filter) return;
    rememberPlace(at.facet, at.view, { expanded: this.#model.expandedKeys(), rows: rows.snapshot() });
  }

  #onFilterInput(event: Event): void {
    this.filterText = (event.target as HTMLInputElement).value;
    clearTimeout(this.#filterTimer);
    this.#filterTimer = setTimeout(() => (this.filter = this.filterText.trim()), FILTER_DELAY_MS);
  }

  #onFilterKey(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || !this.filterText) return;
    event.preventDefault();
    clearTimeout(this.#filterTimer);
    this.filterText = '';
    this.filter = '';
  }

  #open(element: ElementSummary): void {
    if (!this.facet || !this.view) return;
    this.#rememberPlace();
    this.#opened = true;
    this.dispatchEvent(
      navigateEvent({ name: 'element', facet: this.facet, view: this.view, id: element.id }),
    );
  }

  protected override render(): unknown {
    // Facets and views are configuration: named in the UI language, not the content culture.
    const facetChoices: Choice[] = (this.facets ?? []).map((f) => ({
      key: f.name,
      label: facetLabel(f.name, f.displayNames),
    }));
    const viewChoices: Choice[] = (this.views ?? []).map((v) => {
      return {
        key: v.name,
        label: viewLabel(v.name, v.displayNames),
        icon: v.isHierarchical ? '⊶' : '☰',
        ...(v.isHierarchical ? { note: t('navigator.hierarchical') } : {}),
      };
    });
    return html`<div class="navigator">
      <aside class="nav-side" aria-label=${t('navigator.heading')}>
        <h2 class="nav-side-heading">${t('navigator.facets')}</h2>
        <lanes-choice-list
          .choices=${facetChoices}
          .current=${this.facet}
          .label=${t('navigator.facets')}
          .testId=${'facet-list'}
          @choose=${(e: CustomEvent<string>) => this.dispatchEvent(navigateEvent({ name: 'browse', facet: e.detail }))}
        ></lanes-choice-list>
        ${
          this.facet
            ? html`<h2 class="nav-side-heading">${t('navigator.views')}</h2>
                <lanes-choice-list
                  .choices=${viewChoices}
                  .current=${this.view}
                  .label=${t('navigator.views')}
                  .testId=${'view-list'}
                  @choose=${(e: CustomEvent<string>) =>
                    this.dispatchEvent(navigateEvent({ name: 'browse', facet: this.facet!, view: e.detail }))}
                ></lanes-choice-list>`
            : nothing
        }
      </aside>
      <section class="nav-content">${this.#renderContent()}</section>
    </div>`;
  }

  #renderContent(): unknown {
    if (this.problem && (!this.view || this.problem.code === 'workspace.notConnected')) {
      return problemState(this.problem, () => void this.#loadFacets());
    }
    if (!this.facet || !this.view) {
      return html`<h2 class="nav-title">${t('navigator.heading')}</h2>
        <p class="muted">${this.facet ? t('navigator.chooseView') : t('navigator.chooseFacet')}</p>
        <lanes-recent-elements .culture=${this.culture}></lanes-recent-elements>`;
    }
    const view = this.views?.find((v) => v.name === this.view);
    const title = viewLabel(this.view, view?.displayNames);
    return html`<div class="nav-toolbar">
        <h2 class="nav-title" data-testid="nav-view-title">${title}</h2>
        <input
          type="search"
          class="nav-filter"
          data-testid="nav-filter"
          aria-label=${t('navigator.filter')}
          placeholder=${t('navigator.filterPlaceholder')}
          title=${t('navigator.filterHint')}
          .value=${this.filterText}
          @input=${this.#onFilterInput}
          @keydown=${this.#onFilterKey}
        />
        <lanes-pin-toggle .facet=${this.facet} .view=${this.view}></lanes-pin-toggle>
      </div>
      ${this.#renderRows(view, title)}`;
  }

  #renderRows(view: FacetView | undefined, title: string): unknown {
    if (this.rootsProblem) {
      return problemState(this.rootsProblem, () => {
        this.#modelFor = '';
        this.#ensureModel();
      });
    }
    const model = this.#model;
    if (!model || !model.rootsLoaded) {
      return html`<p class="muted nav-status" role="status">${t('navigator.loading')}</p>`;
    }
    const rows = model.rows();
    const count = rows.filter((r) => r.kind === 'element').length;
    const more = rows.some((r) => r.kind === 'pending' && r.level === 1);
    const hierarchical = view
      ? view.isHierarchical
      : rows.some((r) => r.kind === 'element' && r.element.childCount > 0);
    const status = this.filter
      ? count === 0
        ? t('navigator.noMatches', { filter: this.filter })
        : t(more ? 'navigator.filterCountMore' : 'navigator.filterCount', { count })
      : count === 0
        ? t('navigator.empty')
        : t(more ? 'navigator.rowsLoadedMore' : 'navigator.rowsLoaded', { count });
    return html`<p class="muted nav-status" role="status" data-testid="nav-count" data-count=${count}>
        ${status}
      </p>
      ${
        count === 0 && !more
          ? nothing
          : html`<lanes-element-rows
              .model=${model}
              .revision=${this.revision}
              .mode=${hierarchical && !this.filter ? 'tree' : 'list'}
              .culture=${this.culture}
              .label=${t('navigator.treeLabel', { view: title })}
              @element-open=${(e: CustomEvent<ElementSummary>) => this.#open(e.detail)}
            ></lanes-element-rows>`
      }
      <p class="muted nav-hint">${t('navigator.keyboardHint')}</p>`;
  }
}
customElements.define('lanes-navigator', NavigatorPage);
