import { html, nothing } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { ANY_VIEW } from '../base/routes.ts';
import { reloadAfterSync } from '../base/view-refresh.ts';
import { renderAttributes } from './attributes-section.ts';
import { renderContent } from './content-section.ts';
import { renderHeader } from './element-header.ts';
import { renderInfo } from './info-section.ts';
import { renderRelated } from './related-section.ts';
import '../diagram/server-diagram.ts';
import { DiagramPrefetch } from '../diagram/diagram-prefetch.ts';
import './element-print.ts';
import './release-actions.ts';
import './versions-section.ts';
import '../styles/states.css';
import './element.css';

const TABS = ['attributes', 'related', 'info', 'content', 'diagram', 'versions'] as const;
type Tab = (typeof TABS)[number];

/** Content and diagram tabs only for elements that have a diagram. */
function tabsOf(page: ElementPage): Tab[] {
  const hasDiagram = Boolean(page.info?.hasDiagram) || (page.content?.length ?? 0) > 0;
  return TABS.filter((tab) => hasDiagram || (tab !== 'content' && tab !== 'diagram'));
}

/** One element: attributes, related, info, content, server diagram, release and versions. */
class ElementPageView extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facet: { attribute: false },
    view: { attribute: false },
    elementId: { attribute: false },
    versionId: { attribute: false },
    page: { state: true },
    tab: { state: true },
    loadFailed: { state: true },
  };
  declare culture: number;
  declare facet: string;
  declare view: string;
  declare elementId: string;
  declare versionId: string | undefined;
  declare page: ElementPage | null;
  declare tab: Tab;
  declare loadFailed: boolean;
  #request = 0;
  #unsubscribe: (() => void) | undefined;
  #diagramPrefetch: DiagramPrefetch | null = null;

  constructor() {
    super();
    this.page = null;
    this.tab = 'attributes';
    this.loadFailed = false;
    this.culture = 1033;
    this.addEventListener('page-changed', (event) => {
      event.stopPropagation();
      const page = (event as CustomEvent<ElementPage | null>).detail;
      if (page) this.#show(page);
      else void this.#load(true);
    });
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    const target = ['facet', 'view', 'elementId', 'versionId'];
    if (!this.hasUpdated || target.some((key) => changed.has(key))) {
      // Another element: its page, not the last one's, while it loads.
      if (changed.has('elementId') || changed.has('versionId')) this.page = null;
      // A new element starts on its attributes; another version of the same one keeps the tab.
      if (changed.has('elementId')) this.tab = 'attributes';
      void this.#load(false);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe();
  }

  /**
   * The outbox of this element changed (an action queued here or elsewhere,
   * sent by a sync, refused): the page is read again to show or drop the
   * pending marker and the state the service now has.
   */
  #subscribe(): void {
    const client = this.client;
    const queue = client.on('outbox.changed', ({ elementIds }) => {
      if (this.page && this.elementId && elementIds.includes(this.elementId)) void this.#load(true);
    });
    // Read from the cache and a sync reached the service since: read again, live, on the same tab.
    const stale = reloadAfterSync(
      client,
      () => (this.page ? { source: this.page.source, fetchedAt: this.page.fetchedAt } : null),
      () => void this.#load(true),
    );
    this.#unsubscribe = () => {
      queue();
      stale();
    };
  }

  async #load(quiet: boolean): Promise<void> {
    if (!this.facet || !this.elementId) return;
    const request = ++this.#request;
    try {
      const page = await this.client.request('workspace.element', {
        facet: this.facet,
        ...(this.view && this.view !== ANY_VIEW ? { view: this.view } : {}),
        id: this.elementId,
        ...(this.versionId ? { versionId: this.versionId } : {}),
      });
      if (request !== this.#request) return;
      this.loadFailed = false;
      this.#show(page);
    } catch (error) {
      if (request !== this.#request) return;
      if (!quiet || !this.page) this.loadFailed = true;
      this.reportError(error);
    }
  }

  #show(page: ElementPage): void {
    this.page = page;
    if (!tabsOf(page).includes(this.tab)) this.tab = 'attributes';
    this.#prefetchDiagram(page);
    this.dispatchEvent(
      new CustomEvent('freshness', {
        detail: { source: page.source, fetchedAt: page.fetchedAt },
        bubbles: true,
      }),
    );
  }

  /**
   * The Diagram tab's rendering, fetched and imported in idle time while the
   * page is read, so the tab opens drawing at once (diagram-prefetch.ts).
   */
  #prefetchDiagram(page: ElementPage): void {
    this.#diagramPrefetch = null;
    if (this.tab === 'diagram' || !tabsOf(page).includes('diagram')) return;
    const request = this.#request;
    requestIdleCallback(
      () => {
        if (request !== this.#request || this.tab === 'diagram') return;
        this.#diagramPrefetch = new DiagramPrefetch(this.client, page.element.id, this.culture);
      },
      { timeout: 500 },
    );
  }

  /** WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump. */
  #onTabKey(event: KeyboardEvent, tabs: Tab[]): void {
    const index = tabs.indexOf(this.tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.tab = tabs[(next + tabs.length) % tabs.length]!;
    void this.updateComplete.then(() => this.querySelector<HTMLElement>(`#element-tab-${this.tab}`)?.focus());
  }

  #renderPanel(page: ElementPage): unknown {
    switch (this.tab) {
      case 'attributes':
        return renderAttributes(page, this.culture);
      case 'related':
        return renderRelated(page, this.culture);
      case 'info':
        return renderInfo(page);
      case 'content':
        return renderContent(page, this.culture);
      case 'diagram':
        return html`<lanes-server-diagram
          .diagramId=${page.element.id}
          .culture=${this.culture}
          .facet=${page.facet}
          .shapes=${page.content}
          .prefetch=${this.#diagramPrefetch}
        ></lanes-server-diagram>`;
      case 'versions':
        return html`<lanes-versions-section .page=${page} .culture=${this.culture}></lanes-versions-section>`;
    }
  }

  protected override render(): unknown {
    const page = this.page;
    if (!page) {
      return html`<section class="panel element-page" aria-busy=${this.loadFailed ? 'false' : 'true'}>
        ${
          this.loadFailed
            ? html`<p data-testid="element-failed">${t('element.loadFailed')}</p>
                <button type="button" @click=${() => this.#load(false)}>${t('element.retry')}</button>`
            : html`<p class="muted" data-testid="element-loading">${t('element.loading')}</p>`
        }
      </section>`;
    }
    const tabs = tabsOf(page);
    return html`<section
      class="panel element-page"
      data-testid="element-page"
      data-element-id=${page.element.id}
    >
      ${renderHeader(page, this.culture)}
      <lanes-release-actions .page=${page} .culture=${this.culture}></lanes-release-actions>
      ${
        tabs.includes('diagram')
          ? html`<lanes-element-print .page=${page} .culture=${this.culture}></lanes-element-print>`
          : nothing
      }
      <div
        class="element-tabs"
        role="tablist"
        aria-label=${t('element.tabs')}
        @keydown=${(event: KeyboardEvent) => this.#onTabKey(event, tabs)}
      >
        ${tabs.map(
          (tab) =>
            html`<button
              type="button"
              role="tab"
              id="element-tab-${tab}"
              data-tab=${tab}
              aria-selected=${tab === this.tab ? 'true' : 'false'}
              aria-controls="element-panel"
              tabindex=${tab === this.tab ? '0' : '-1'}
              @click=${() => (this.tab = tab)}
            >
              ${t(`element.tab.${tab}`)}
            </button>`,
        )}
      </div>
      <div
        id="element-panel"
        class="element-panel"
        role="tabpanel"
        aria-labelledby="element-tab-${this.tab}"
        tabindex="0"
        data-testid="element-panel-${this.tab}"
      >
        ${this.#renderPanel(page)}
      </div>
      ${page.source === 'cache' ? html`<p class="muted">${t('element.fromCache')}</p>` : nothing}
    </section>`;
  }
}
customElements.define('lanes-element-page', ElementPageView);
