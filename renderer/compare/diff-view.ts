import { html, nothing } from 'lit';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import type EventBus from 'diagram-js/lib/core/EventBus';
import { getBBox } from 'diagram-js/lib/util/Elements';
import { t } from '../i18n/locale-controller.ts';
import { changeTypeLabel } from '../base/element-format.ts';
import { LightElement, toErrorData } from '../base/light-element.ts';
import { tError } from '../i18n/locale-controller.ts';
import { changeKinds, diffBpmn, type DiagramChange } from './bpmn-diff.ts';
import { attributeLabel, renderValueChanges } from './value-changes.ts';
import {
  fitViewbox,
  focusViewbox,
  READABLE_SCALE,
  scaleOf,
  startViewbox,
  union,
  type Box,
} from './diff-viewport.ts';
import './compare.css';

type Side = 'older' | 'newer';
type Status = 'idle' | 'loading' | 'ready' | 'failed';
type Viewbox = Box;

/** Which side shows a change: an added element exists only on the newer side, a removed one only on the older. */
const markedOn: Record<DiagramChange['kind'], readonly Side[]> = {
  added: ['newer'],
  removed: ['older'],
  changed: ['older', 'newer'],
  moved: ['older', 'newer'],
  labelMoved: ['older', 'newer'],
};
const FOCUS_MARKER = 'diff-focus';
/** Pane heights in pixels: a task and its neighbours at 100 %, never so much that the change list leaves the screen. */
const MIN_PANE_HEIGHT = 260;
const MAX_PANE_HEIGHT = 520;

/**
 * Two versions of a diagram side by side (older left, newer right) in
 * read-only bpmn-js viewers that pan and zoom together, with the changed
 * elements marked and listed. A list entry shows its element in both.
 */
export class DiffView extends LightElement {
  static override properties = {
    olderXml: { attribute: false },
    newerXml: { attribute: false },
    olderLabel: { attribute: false },
    newerLabel: { attribute: false },
    bothChanged: { attribute: false },
    focusId: { attribute: false },
    changes: { state: true },
    status: { state: true },
    failure: { state: true },
    focusedId: { state: true },
  };
  declare olderXml: string;
  declare newerXml: string;
  declare olderLabel: string;
  declare newerLabel: string;
  /** Elements changed on both sides of a conflict: flagged in the list. */
  declare bothChanged: ReadonlySet<string>;
  /** The element to show first, zoomed in (the first one changed on both sides); else the first change. */
  declare focusId: string | null;
  declare changes: DiagramChange[];
  declare status: Status;
  declare failure: string;
  declare focusedId: string | null;
  readonly #viewers = new Map<Side, NavigatedViewer>();
  #syncingViewbox = false;
  #comparison = 0;

  constructor() {
    super();
    this.olderXml = '';
    this.newerXml = '';
    this.olderLabel = '';
    this.newerLabel = '';
    this.bothChanged = new Set();
    this.focusId = null;
    this.changes = [];
    this.status = 'idle';
    this.failure = '';
    this.focusedId = null;
  }

  protected override firstUpdated(): void {
    for (const side of ['older', 'newer'] as const) {
      const container = this.querySelector<HTMLElement>(`[data-side=${side}]`);
      if (!container) continue;
      const viewer = new NavigatedViewer({ container });
      this.#viewers.set(side, viewer);
      const events = viewer.get<EventBus>('eventBus');
      events.on('canvas.viewbox.changed', (event: { viewbox: Viewbox }) =>
        this.#mirrorViewbox(side, event.viewbox),
      );
      // A click on any element marks it in both diagrams, so the same element can be found on the other side.
      events.on('element.click', (event: { element: { id: string; parent?: unknown } }) => {
        if (event.element.parent) this.#mark(event.element.id);
      });
    }
  }

  protected override updated(changed: Map<string, unknown>): void {
    if ((changed.has('olderXml') || changed.has('newerXml')) && this.olderXml && this.newerXml)
      void this.#compare();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const viewer of this.#viewers.values()) viewer.destroy();
    this.#viewers.clear();
  }

  async #compare(): Promise<void> {
    const comparison = ++this.#comparison;
    this.status = 'loading';
    this.focusedId = null;
    try {
      const [changes] = await Promise.all([
        diffBpmn(this.olderXml, this.newerXml),
        this.#viewers.get('older')?.importXML(this.olderXml),
        this.#viewers.get('newer')?.importXML(this.newerXml),
      ]);
      if (comparison !== this.#comparison) return;
      this.changes = changes;
      this.#markChanges(changes);
      this.#fitBoth();
      this.#showFirst(changes);
      this.status = 'ready';
    } catch (error) {
      if (comparison !== this.#comparison) return;
      this.changes = [];
      this.failure = tError(toErrorData(error));
      this.status = 'failed';
      this.reportError(error);
    }
  }

  /** Shows all of both diagrams (a removed element may lie outside the newer one), clear of the logo. */
  #content(): Box | null {
    return union(
      (['older', 'newer'] as const).flatMap((side) => {
        const inner = this.#canvas(side)?.viewbox().inner;
        return inner && inner.width > 0 ? [inner] : [];
      }),
    );
  }

  #fitBoth(): void {
    const content = this.#content();
    const canvas = this.#canvas('newer');
    if (!canvas || !content) return;
    this.#sizeToContent(content);
    const pane = this.#paneSize();
    if (pane) canvas.viewbox(fitViewbox(content, pane));
  }

  /**
   * The element asked for, or, when the whole diagram is drawn too small to
   * read, the first change: centred at 100 % in both diagrams.
   */
  #showFirst(changes: readonly DiagramChange[]): void {
    const wanted = this.focusId && this.#onEitherSide(this.focusId) ? this.focusId : null;
    if (wanted) return this.show(wanted);
    const pane = this.#paneSize();
    const canvas = this.#canvas('newer');
    if (!pane || !canvas || scaleOf(canvas.viewbox(), pane) >= READABLE_SCALE) return;
    const first = changes.find((change) => this.#onEitherSide(change.id));
    if (first) return this.show(first.id);
    // Nothing changed, and the whole is too small to read: its start, readable; both panes pan together.
    const content = this.#content();
    if (content) canvas.viewbox(startViewbox(content, pane));
  }

  #paneSize(): { width: number; height: number } | null {
    const container = this.querySelector<HTMLElement>('[data-side=newer]');
    return container && container.clientWidth > 0
      ? { width: container.clientWidth, height: container.clientHeight }
      : null;
  }

  /**
   * Both panes as tall as the diagram needs at the panes' width (a wide,
   * flat process gets a flat pane, not a small drawing above empty space),
   * between a floor and a cap that leaves the change list in sight.
   */
  #sizeToContent(content: Box): void {
    for (const side of ['older', 'newer'] as const) {
      const container = this.querySelector<HTMLElement>(`[data-side=${side}]`);
      if (!container || container.clientWidth === 0) continue;
      const cap = Math.max(MIN_PANE_HEIGHT, Math.min(window.innerHeight * 0.55, MAX_PANE_HEIGHT));
      const wanted = Math.round((container.clientWidth * content.height) / content.width);
      // CSSOM, which the CSP allows (cssom-style.ts).
      container.style.setProperty('height', `${Math.max(MIN_PANE_HEIGHT, Math.min(cap, wanted))}px`);
      this.#canvas(side)?.resized();
    }
  }

  /** The whole of both diagrams again (after looking at one element). */
  showAll(): void {
    this.#fitBoth();
  }

  #canvas(side: Side): Canvas | undefined {
    return this.#viewers.get(side)?.get<Canvas>('canvas');
  }

  /**
   * The element as drawn on one side: a shape or a connection. The root (the
   * process or collaboration itself) is no place to show: it has no bounds.
   */
  #elementOn(side: Side, id: string): { parent?: unknown } | undefined {
    const element = this.#viewers.get(side)?.get<ElementRegistry>('elementRegistry').get(id) as
      { parent?: unknown } | undefined;
    return element?.parent ? element : undefined;
  }

  #onEitherSide(id: string): boolean {
    return Boolean(this.#elementOn('newer', id) || this.#elementOn('older', id));
  }

  #markChanges(changes: readonly DiagramChange[]): void {
    for (const change of changes) {
      for (const side of markedOn[change.kind]) {
        // A change the viewer cannot draw (no shape in the diagram) is still listed, just not marked.
        if (this.#elementOn(side, change.id)) this.#canvas(side)?.addMarker(change.id, `diff-${change.kind}`);
      }
    }
  }

  /** Keeps both viewers on the same part of the diagram; the guard stops the echo from the other side. */
  #mirrorViewbox(from: Side, viewbox: Viewbox): void {
    if (this.#syncingViewbox) return;
    this.#syncingViewbox = true;
    try {
      this.#canvas(from === 'older' ? 'newer' : 'older')?.viewbox(viewbox);
    } finally {
      this.#syncingViewbox = false;
    }
  }

  /** Outlines the element in both diagrams (where it exists) and marks its row. */
  #mark(id: string): void {
    for (const side of ['older', 'newer'] as const) {
      const canvas = this.#canvas(side);
      if (this.focusedId && this.#elementOn(side, this.focusedId))
        canvas?.removeMarker(this.focusedId, FOCUS_MARKER);
      if (this.#elementOn(side, id)) canvas?.addMarker(id, FOCUS_MARKER);
    }
    this.focusedId = id;
  }

  /**
   * Shows one element in both diagrams: outlined, centred and at 100 % (a
   * label is readable, the logo covers none of it). The side that has it
   * leads; the other follows through the viewbox mirror.
   */
  show(id: string): void {
    this.#mark(id);
    const side = this.#elementOn('newer', id) ? 'newer' : 'older';
    const element = this.#elementOn(side, id);
    const canvas = this.#canvas(side);
    const pane = this.#paneSize();
    if (!element || !canvas || !pane) return;
    const box = getBBox(element as Parameters<typeof getBBox>[0]);
    if (![box.x, box.y, box.width, box.height].every(Number.isFinite)) return;
    canvas.viewbox(focusViewbox(box, pane));
  }

  protected override render(): unknown {
    return html`<div class="diff-view" data-testid="diff-view" data-status=${this.status}>
      ${this.#renderLegend()}
      <div class="diff-viewers">
        ${this.#renderViewer('older', this.olderLabel)} ${this.#renderViewer('newer', this.newerLabel)}
      </div>
      ${this.status === 'loading' ? html`<p class="muted" role="status">${t('compare.diff.loading')}</p>` : nothing}
      ${
        this.status === 'failed'
          ? html`<p class="inline-error" role="alert">
              ${t('compare.diff.failed', { reason: this.failure })}
            </p>`
          : nothing
      }
      ${this.status === 'ready' ? this.#renderChanges() : nothing}
    </div>`;
  }

  /** The colours' meaning, and the way back to the whole diagram after looking at one element. */
  #renderLegend(): unknown {
    return html`<div class="diff-view-actions">
      <ul class="diff-legend" aria-label=${t('compare.legend')}>
        ${changeKinds.map(
          (kind) =>
            html`<li>
              <span class="diff-swatch diff-swatch-${kind}" aria-hidden="true"></span
              >${t(`compare.kind.${kind}`)}
            </li>`,
        )}
      </ul>
      <button type="button" data-testid="diff-show-all" @click=${() => this.showAll()}>
        ${t('compare.diff.showAll')}
      </button>
    </div>`;
  }

  #renderViewer(side: Side, label: string): unknown {
    return html`<figure class="diff-pane">
      <figcaption class="diff-pane-label">${label}</figcaption>
      <div class="diff-canvas" data-side=${side} data-testid="diff-viewer-${side}"></div>
    </figure>`;
  }

  #renderChanges(): unknown {
    if (this.changes.length === 0)
      return html`<p class="diff-identical" data-testid="diff-identical">${t('compare.diff.identical')}</p>`;
    return html`<section class="diff-changes" aria-labelledby="diff-changes-heading">
      <h3 id="diff-changes-heading">${t('compare.diff.changes', { count: this.changes.length })}</h3>
      <ol class="diff-change-list" data-testid="diff-change-list">
        ${this.changes.map((change) => this.#renderChange(change))}
      </ol>
    </section>`;
  }

  #renderChange(change: DiagramChange): unknown {
    const name = change.name || t('compare.diff.unnamed');
    const both = this.bothChanged.has(change.id);
    return html`<li>
      <button
        type="button"
        class="diff-change ${both ? 'diff-change-both' : ''}"
        data-testid="diff-change"
        data-change-kind=${change.kind}
        data-element-id=${change.id}
        aria-current=${this.focusedId === change.id ? 'true' : 'false'}
        title=${t('compare.diff.show', { name })}
        @click=${() => this.show(change.id)}
      >
        <span class="diff-badge diff-badge-${change.kind}">${t(`compare.kind.${change.kind}`)}</span>
        <span class="diff-change-type">${changeTypeLabel(change.type)}</span>
        <span class="diff-change-name">${name}</span>
        ${
          // A named element is known by its name; the id only tells unnamed ones apart.
          change.name ? nothing : html`<code class="diff-change-id muted">${change.id}</code>`
        }
        ${
          change.values.length > 0
            ? renderValueChanges(change.values)
            : change.attributes.length > 0
              ? html`<span class="muted"
                  >${t('compare.diff.attributes', { attributes: change.attributes.map(attributeLabel).join(', ') })}</span
                >`
              : nothing
        }
        ${both ? html`<span class="diff-badge diff-badge-both">${t('compare.bothChanged')}</span>` : nothing}
      </button>
    </li>`;
  }
}
customElements.define('lanes-diff-view', DiffView);
