/**
 * A facet's hierarchy from the reporting interface, as nested disclosure
 * lists: children are drawn only once their parent is opened, so a facet of
 * thousands of elements opens at once.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { ReportNode, ServiceNames } from '../../shared/domain/reports.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { stateLabel } from '../base/element-format.ts';
import { facetName, typeName } from './report-table.ts';
import { cellText } from './report-rows.ts';

export class ReportTree extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    facet: { attribute: false },
    names: { attribute: false },
    nodes: { state: true },
    open: { state: true },
  };
  declare culture: number;
  declare facet: string;
  /** The service's names of facets and types (from the page's `reports.facets`). */
  declare names: ServiceNames | undefined;
  declare nodes: ReportNode[] | null;
  declare open: ReadonlySet<string>;
  #generation = 0;

  constructor() {
    super();
    this.culture = 1033;
    this.facet = '';
    this.nodes = null;
    this.open = new Set();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('facet')) void this.reload();
  }

  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.nodes = null;
    if (!this.facet) return;
    try {
      const tree = await this.client.request('reports.hierarchy', { facet: this.facet });
      if (generation !== this.#generation) return;
      this.nodes = tree.items;
      this.dispatchEvent(
        new CustomEvent<Freshness>('freshness', {
          detail: { source: tree.source, fetchedAt: tree.fetchedAt },
          bubbles: true,
        }),
      );
    } catch (error) {
      if (generation !== this.#generation) return;
      this.nodes = [];
      this.reportError(error);
    }
  }

  #toggle(id: string, event: Event): void {
    const isOpen = (event.currentTarget as HTMLDetailsElement).open;
    if (isOpen === this.open.has(id)) return;
    const next = new Set(this.open);
    if (isOpen) next.add(id);
    else next.delete(id);
    this.open = next;
  }

  #node(node: ReportNode): TemplateResult {
    const name = cellText(node, 'names', this.culture) || node.id;
    const type = cellText(node, 'type', this.culture);
    const state = cellText(node, 'state', this.culture);
    const children = node.children ?? [];
    const label = html`<span class="report-node-name">${name}</span>
      <span class="muted"
        >${[type && typeName(type, this.names), state && stateLabel(state)].filter(Boolean).join(' · ')}</span
      >`;
    if (children.length === 0) return html`<li class="report-leaf" data-id=${node.id}>${label}</li>`;
    const isOpen = this.open.has(node.id);
    return html`<li data-id=${node.id}>
      <details ?open=${isOpen} @toggle=${(event: Event) => this.#toggle(node.id, event)}>
        <summary>
          ${label} <span class="muted">(${t('reports.tree.children', { count: children.length })})</span>
        </summary>
        ${
          isOpen
            ? html`<ul>
                ${children.map((child) => this.#node(child))}
              </ul>`
            : nothing
        }
      </details>
    </li>`;
  }

  protected override render(): unknown {
    if (this.nodes === null) return html`<p class="muted">${t('reports.loading')}</p>`;
    if (this.nodes.length === 0) return html`<p class="muted">${t('reports.tree.empty')}</p>`;
    return html`<ul
      class="report-tree"
      data-testid="report-tree"
      aria-label=${t('reports.tree.label', { facet: facetName(this.facet, this.names) })}
    >
      ${this.nodes.map((node) => this.#node(node))}
    </ul>`;
  }
}

customElements.define('lanes-report-tree', ReportTree);
