/**
 * The small diagram beside the translation table: the process drawn by a
 * read-only bpmn-js viewer, the element of the current row marked and
 * brought into view. A click on an element asks the table for its row. The
 * texts not yet published are drawn in as typed, outlined (diagram-texts.ts).
 */
import { html } from 'lit';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import type EventBus from 'diagram-js/lib/core/EventBus';
import { LightElement } from '../base/light-element.ts';
import { t } from '../i18n/locale-controller.ts';
import { DiagramTexts } from './diagram-texts.ts';

const MARKER = 'translate-selected';
/** Diagram units kept free around the element shown. */
const MARGIN = 80;
/** The scale an element is shown at (labels readable), unless it is too large for the view. */
const READABLE_SCALE = 0.9;
/** A whole diagram smaller than this when fitted is shown from its start at the readable scale instead. */
const SMALLEST_FIT = 0.45;
/**
 * A diagram this large (in characters of XML, about 1,500 elements) holds the
 * page for seconds while bpmn-js draws it: it is drawn when the translator
 * first selects a row or asks for it, not while the table opens.
 */
const DRAW_ON_DEMAND = 600_000;

class TranslationDiagram extends LightElement {
  static override properties = {
    xml: { attribute: false },
    selectedId: { attribute: false },
    texts: { attribute: false },
    failure: { state: true },
    wanted: { state: true },
  };
  declare xml: string;
  declare selectedId: string | null;
  /** Texts not yet published, by row key (null: no text), drawn over the export's. */
  declare texts: ReadonlyMap<string, string | null>;
  declare failure: string;
  /** Large diagrams: drawn once asked for (a row selected, or the button). */
  declare wanted: boolean;
  #viewer: NavigatedViewer | null = null;
  #texts: DiagramTexts | null = null;
  #shownXml = '';
  #marked: string | null = null;
  #importing: Promise<void> = Promise.resolve();

  constructor() {
    super();
    this.xml = '';
    this.selectedId = null;
    this.texts = new Map();
    this.failure = '';
    this.wanted = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#viewer?.destroy();
    this.#viewer = null;
    this.#texts = null;
    this.#shownXml = '';
  }

  get #waiting(): boolean {
    return this.xml.length > DRAW_ON_DEMAND && !this.wanted && !this.selectedId;
  }

  protected override render(): unknown {
    return html`<div class="translate-diagram-canvas"></div>
      ${
        this.#waiting
          ? html`<p class="translate-diagram-waiting muted">
              ${t('translate.diagram.large')}
              <button type="button" @click=${() => (this.wanted = true)}>
                ${t('translate.diagram.draw')}
              </button>
            </p>`
          : ''
      }
      ${
        this.failure
          ? html`<p class="translate-diagram-failed muted" role="status">
              ${t('translate.diagram.failed', { reason: this.failure })}
            </p>`
          : ''
      }`;
  }

  protected override updated(): void {
    const container = this.querySelector<HTMLElement>('.translate-diagram-canvas');
    if (!container || this.#waiting) return;
    if (!this.#viewer) {
      this.#viewer = new NavigatedViewer({ container });
      this.#texts = new DiagramTexts(this.#viewer);
      this.#viewer.get<EventBus>('eventBus').on('element.click', (event: { element: { id: string } }) => {
        this.dispatchEvent(new CustomEvent('translate-select', { detail: event.element.id, bubbles: true }));
      });
    }
    if (this.xml !== this.#shownXml) {
      const xml = this.xml;
      this.#shownXml = xml;
      this.#marked = null;
      // After the table's first paint: importing a large diagram holds the page for a while.
      this.#importing = afterPaint()
        .then(() => (this.#shownXml === xml ? this.#viewer?.importXML(xml) : undefined))
        .then(() => {
          if (this.#shownXml !== xml) return;
          this.failure = '';
          this.#texts?.reset();
          this.#texts?.show(this.texts);
          this.#overview();
          this.#show(this.selectedId);
        })
        .catch((error: unknown) => {
          this.failure = error instanceof Error ? error.message : String(error);
        });
      return;
    }
    void this.#importing.then(() => {
      this.#texts?.show(this.texts);
      this.#show(this.selectedId);
    });
  }

  /** The whole diagram if it is readable so, else its start at a readable scale (a long process is a strip). */
  #overview(): void {
    const canvas = this.#canvas();
    if (!canvas) return;
    canvas.zoom('fit-viewport');
    const { inner, outer, scale } = canvas.viewbox();
    if (scale >= SMALLEST_FIT) return;
    canvas.viewbox({
      x: inner.x - MARGIN / 2,
      y: inner.y + inner.height / 2 - outer.height / READABLE_SCALE / 2,
      width: outer.width / READABLE_SCALE,
      height: outer.height / READABLE_SCALE,
    });
  }

  #canvas(): Canvas | undefined {
    return this.#viewer?.get<Canvas>('canvas');
  }

  /** Marks the element and centres it, keeping the zoom unless it does not fit. */
  #show(id: string | null): void {
    const canvas = this.#canvas();
    const registry = this.#viewer?.get<ElementRegistry>('elementRegistry');
    if (!canvas || !registry || id === this.#marked) return;
    if (this.#marked && registry.get(this.#marked)) canvas.removeMarker(this.#marked, MARKER);
    this.#marked = null;
    const element = id
      ? (registry.get(id) as
          | {
              x?: number;
              y?: number;
              width?: number;
              height?: number;
              waypoints?: Array<{ x: number; y: number }>;
            }
          | undefined)
      : undefined;
    if (!id || !element) return;
    canvas.addMarker(id, MARKER);
    this.#marked = id;
    const box = boundsOf(element);
    if (!box) return;
    const { outer } = canvas.viewbox();
    let width = Math.max(outer.width / READABLE_SCALE, box.width + 2 * MARGIN);
    let height = (width * outer.height) / Math.max(1, outer.width);
    if (height < box.height + 2 * MARGIN) {
      height = box.height + 2 * MARGIN;
      width = (height * outer.width) / Math.max(1, outer.height);
    }
    canvas.viewbox({
      x: box.x + box.width / 2 - width / 2,
      y: box.y + box.height / 2 - height / 2,
      width,
      height,
    });
  }
}

/** Resolves once the browser has painted what is on the page now. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function boundsOf(element: {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  waypoints?: Array<{ x: number; y: number }>;
}): { x: number; y: number; width: number; height: number } | null {
  if (element.waypoints?.length) {
    const xs = element.waypoints.map((p) => p.x);
    const ys = element.waypoints.map((p) => p.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }
  if (element.x === undefined || element.y === undefined) return null;
  return { x: element.x, y: element.y, width: element.width ?? 0, height: element.height ?? 0 };
}

customElements.define('lanes-translation-diagram', TranslationDiagram);
