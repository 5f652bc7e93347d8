import { html, nothing } from 'lit';
import { layoutKeys, type ContentShape, type LayoutKey } from '../../shared/domain/process.ts';
import type { ServerDiagram } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { ANY_VIEW, navigateEvent } from '../base/routes.ts';
import type { SvgImport } from './svg-import.ts';
import {
  DEFAULT_LAYOUT,
  loadDiagram,
  type DiagramPrefetch,
  type LoadedDiagram,
  type ShownPicture,
} from './diagram-prefetch.ts';
import { rasterise } from './render-picture.ts';
import { afterNextPaint } from '../base/next-paint.ts';
import type { SvgBudgetProblem } from './svg-budget.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import {
  applyScale,
  clampScale,
  enableDragPan,
  fitScale,
  naturalSize,
  scaledSize,
  ZOOM_STEP,
  type NaturalSize,
} from './diagram-zoom.ts';
import { elementIdOf, onShapeKey, shapeOf, shapesAsLinks } from './shape-links.ts';
import './server-diagram.css';

/** The most of the window's height the diagram takes when fitted (the rest: header, tabs, hint). */
const FIT_HEIGHT_SHARE = 0.7;

/**
 * The service's own rendering of a process diagram, in any of its layouts.
 * Shapes open their elements by click, or by keyboard (shape-links.ts).
 *
 * When main keeps a picture of the rendering (diagram-prefetch.ts), that is
 * painted first, at the size the SVG will have, and the SVG replaces it in
 * the task after that frame: a zoom, scroll or drag done on the picture
 * meanwhile carries over, and a click on it opens the shape under it once the
 * SVG is in place (if nothing moved). Without a picture the SVG is shown as
 * it comes, and its picture is drawn afterwards, in idle time, for the next
 * visit.
 */
class ServerDiagramView extends ClientElement {
  static override properties = {
    diagramId: { attribute: false },
    culture: { attribute: false },
    facet: { attribute: false },
    shapes: { attribute: false },
    prefetch: { attribute: false },
    layout: { state: true },
    svg: { state: true },
    picture: { state: true },
    loading: { state: true },
    failed: { state: true },
    tooLarge: { state: true },
    scale: { state: true },
    shownScale: { state: true },
  };
  declare diagramId: string;
  declare culture: number;
  /** The facet of shapes the content list does not know. */
  declare facet: string;
  /** The content list: which facet each shape's element lives in. */
  declare shapes: readonly ContentShape[] | null;
  /** The element page's background fetch of the first layout, taken by the first load. */
  declare prefetch: DiagramPrefetch | null;
  declare layout: LayoutKey;
  declare svg: SVGSVGElement | null;
  /** The kept picture, shown until the SVG replaces it; null otherwise. */
  declare picture: HTMLImageElement | null;
  declare loading: boolean;
  declare failed: boolean;
  /** Why the diagram is not shown when it would cost too much to draw; null otherwise. */
  declare tooLarge: SvgBudgetProblem | null;
  /** The current zoom; null: fitted to the space (follows resizes). */
  declare scale: number | null;
  /** The scale on screen (what "fit" came to), for the zoom level. */
  declare shownScale: number;
  #request = 0;
  #natural: NaturalSize | null = null;
  #resize: ResizeObserver | null = null;
  #panning: HTMLElement | null = null;
  /** The SVG just loaded was sized fitted before it was drawn: the next update need not measure again. */
  #sizedBeforeInsert = false;
  /** A click on the picture, in the page and where the canvas was scrolled and zoomed then. */
  #pictureClick: { x: number; y: number; left: number; top: number; scale: number | null } | null = null;

  constructor() {
    super();
    this.layout = DEFAULT_LAYOUT;
    this.prefetch = null;
    this.svg = null;
    this.picture = null;
    this.loading = false;
    this.failed = false;
    this.tooLarge = null;
    this.shapes = null;
    this.scale = null;
    this.shownScale = 1;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize?.disconnect();
    this.#resize = null;
  }

  #canvas(): HTMLElement | null {
    return this.querySelector<HTMLElement>('.server-diagram-canvas');
  }

  /** The scale that fits the whole diagram into the canvas's width and a share of the window's height. */
  #fitted(): number {
    const canvas = this.#canvas();
    if (!this.#natural || !canvas) return 1;
    // The canvas's inner width (border and a scroll bar excluded).
    const width = Math.max(50, canvas.clientWidth - 2);
    const height = Math.max(120, window.innerHeight * FIT_HEIGHT_SHARE - 2);
    return fitScale(this.#natural, { width, height });
  }

  /** What the canvas shows: the SVG, or the picture standing in for it. */
  #shown(): SVGSVGElement | HTMLImageElement | null {
    return this.svg ?? this.picture;
  }

  #applyZoom(): void {
    const shown = this.#shown();
    if (!shown || !this.#natural) return;
    const scale = this.scale ?? this.#fitted();
    applyScale(shown, this.#natural, scale);
    if (scale !== this.shownScale) this.shownScale = scale;
    shown.dataset.zoom = this.scale === null ? 'fit' : String(this.scale);
  }

  #zoom(factor: number | 'fit'): void {
    this.scale = factor === 'fit' ? null : clampScale((this.scale ?? this.#fitted()) * factor);
  }

  protected override updated(): void {
    const canvas = this.#canvas();
    if (canvas && canvas !== this.#panning) {
      this.#panning = canvas;
      enableDragPan(canvas, (target) => shapeOf(target) !== null);
      this.#resize?.disconnect();
      this.#resize = new ResizeObserver(() => {
        if (this.scale === null) this.#applyZoom();
      });
      this.#resize.observe(canvas);
    }
    // Measuring now would force a layout of the whole new SVG before its first paint; the resize
    // observer corrects the fit if the canvas changed size (a scroll bar) once it is drawn.
    if (this.#sizedBeforeInsert) this.#sizedBeforeInsert = false;
    else this.#applyZoom();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('diagramId') || changed.has('culture') || changed.has('layout') || !this.hasUpdated)
      void this.#load();
  }

  async #load(): Promise<void> {
    if (!this.diagramId) return;
    const request = ++this.#request;
    this.loading = true;
    const { diagramId, culture, layout } = this;
    const load =
      this.prefetch?.take(diagramId, culture, layout) ?? loadDiagram(this.client, diagramId, culture, layout);
    // Whichever is there first: a kept picture is painted at once; an SVG already there is shown itself.
    const first = await Promise.race([
      load.picture.then((picture) => ({ picture })),
      load.diagram.then(
        () => null,
        () => null,
      ),
    ]);
    if (request !== this.#request) return;
    const picture = first?.picture ?? null;
    if (picture) this.#showPicture(picture);
    let loaded: LoadedDiagram;
    try {
      loaded = await load.diagram;
    } catch (error) {
      if (request !== this.#request) return;
      this.loading = false;
      this.failed = true;
      this.svg = null;
      this.picture = null;
      // Too large is said in place of the diagram, not as a passing message: it will not change on retry.
      if (error instanceof LanesError && error.code === 'diagram.tooLarge') {
        this.tooLarge = {
          kind: (error.params.kind ?? 'elements') as SvgBudgetProblem['kind'],
          limit: Number(error.params.limit) || 0,
        };
      } else {
        this.tooLarge = null;
        this.reportError(error);
      }
      return;
    }
    if (request !== this.#request) return;
    const { diagram, imported } = loaded;
    if (picture) {
      // The picture is painted first; the SVG (one long task of style and layout) right after that frame:
      // waiting for an idle moment as well only kept the clickable diagram away longer (measured).
      await this.updateComplete;
      await afterNextPaint();
      if (request !== this.#request) return;
    }
    this.#showSvg(imported, picture !== null);
    // The page reported where the element came from; a render from the cache may be older than that.
    if (diagram.source === 'cache')
      this.dispatchEvent(
        new CustomEvent('freshness', {
          detail: { source: diagram.source, fetchedAt: diagram.fetchedAt },
          bubbles: true,
        }),
      );
    // No picture is kept of this rendering yet (none, or one of the rendering this fetch replaced): drawn.
    if (imported.ok)
      void load.picture.then((kept) => {
        if (kept?.fetchedAt !== diagram.fetchedAt) this.#keepPictureWhenIdle(diagram, request);
      });
  }

  /** A new diagram or layout opens fitted: the picture is sized as the SVG will be, before it enters the page. */
  #showPicture(picture: ShownPicture): void {
    this.loading = false;
    this.failed = false;
    this.tooLarge = null;
    this.scale = null;
    this.#natural = picture.natural;
    this.#pictureClick = null;
    this.shownScale = this.#fitted();
    applyScale(picture.image, picture.natural, this.shownScale);
    picture.image.dataset.zoom = 'fit';
    this.#sizedBeforeInsert = true;
    this.svg = null;
    this.picture = picture.image;
  }

  /**
   * The SVG in the page: fitted and sized before it enters it (laid out once); in place of the picture,
   * at the zoom and scroll the user left the picture at.
   */
  #showSvg(imported: SvgImport, replacesPicture: boolean): void {
    this.loading = false;
    this.failed = !imported.ok;
    this.tooLarge = !imported.ok && imported.reason === 'tooLarge' ? imported.problem : null;
    const svg = imported.ok ? this.#prepare(imported.svg) : null;
    const canvas = this.#canvas();
    const scrolled = replacesPicture && canvas ? { left: canvas.scrollLeft, top: canvas.scrollTop } : null;
    if (!replacesPicture) this.scale = null;
    this.#natural = svg ? naturalSize(svg) : null;
    if (svg && this.#natural) {
      this.shownScale = this.scale ?? this.#fitted();
      applyScale(svg, this.#natural, this.shownScale);
      svg.dataset.zoom = this.scale === null ? 'fit' : String(this.scale);
      this.#sizedBeforeInsert = true;
    }
    this.picture = null;
    this.svg = svg;
    const click = this.#pictureClick;
    this.#pictureClick = null;
    // Nothing scrolled nor clicked: nothing to restore, and no reason to lay the SVG out before its frame does.
    if (!scrolled || !svg || (scrolled.left === 0 && scrolled.top === 0 && !click)) return;
    void this.updateComplete.then(() => {
      const now = this.#canvas();
      if (!now || this.svg !== svg) return;
      // Same size as the picture: the browser keeps the scroll; restored should a rounding have moved it.
      if (now.scrollLeft !== scrolled.left) now.scrollLeft = scrolled.left;
      if (now.scrollTop !== scrolled.top) now.scrollTop = scrolled.top;
      if (
        click &&
        click.left === now.scrollLeft &&
        click.top === now.scrollTop &&
        click.scale === this.scale
      ) {
        const root = this.getRootNode() as Document | ShadowRoot;
        const shape = shapeOf(root.elementFromPoint(click.x, click.y));
        if (shape) this.#open(shape);
      }
    });
  }

  /**
   * In idle time after the SVG was shown, draws the whole diagram as the tab fitted it (at the screen's
   * pixel ratio, within RASTER_LIMITS) and gives it to main for the next visit's first paint.
   */
  #keepPictureWhenIdle(diagram: ServerDiagram, request: number): void {
    const natural = this.#natural;
    if (!natural) return;
    const { diagramId: id, culture, layout } = this;
    requestIdleCallback(
      () => {
        const canvas = this.#canvas();
        if (request !== this.#request || !canvas) return;
        // The box the fitted SVG has (applyScale's rounding): the picture is drawn into the same.
        void rasterise(diagram.svg, { box: scaledSize(natural, this.#fitted()), host: canvas })
          .then((raster) =>
            raster
              ? this.client.request('workspace.storeDiagramRaster', {
                  id,
                  culture,
                  layout,
                  fetchedAt: diagram.fetchedAt,
                  view: 'diagram',
                  raster: { ...raster, natural },
                })
              : null,
          )
          .catch(() => {}); // only the next visit paints later
      },
      { timeout: 10_000 },
    );
  }

  #prepare(svg: SVGSVGElement): SVGSVGElement {
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', t('diagram.label', { layout: t(`diagram.layout.${this.layout}`) }));
    svg.classList.add('server-diagram-svg');
    svg.querySelectorAll('title').forEach((title) => title.remove());
    shapesAsLinks(svg);
    return svg;
  }

  #open(shape: Element): void {
    const id = elementIdOf(shape);
    if (!id) return;
    const facet = this.shapes?.find((s) => s.id === id)?.facetName ?? this.facet;
    this.dispatchEvent(navigateEvent({ name: 'element', facet, view: ANY_VIEW, id }));
  }

  #onClick(event: MouseEvent): void {
    const shape = shapeOf(event.target);
    if (shape) this.#open(shape);
    else if (this.picture) {
      // Not clickable yet: remembered, and opened on the SVG if the view has not moved by then.
      const canvas = event.currentTarget as HTMLElement;
      const { clientX: x, clientY: y } = event;
      this.#pictureClick = { x, y, left: canvas.scrollLeft, top: canvas.scrollTop, scale: this.scale };
    }
  }

  #onKeyDown(event: KeyboardEvent): void {
    if (this.svg) onShapeKey(event, this.svg, (shape) => this.#open(shape));
  }

  #tooLargeText(problem: SvgBudgetProblem): string {
    return `${t('error.diagram.tooLarge')} (${t(`svgLimit.${problem.kind}`, { limit: problem.limit })})`;
  }

  protected override render(): unknown {
    return html`<div class="server-diagram">
      <div class="server-diagram-toolbar">
        <label
          >${t('diagram.layoutPicker')}
          <select
            data-testid="diagram-layout"
            @change=${(event: Event) => (this.layout = (event.target as HTMLSelectElement).value as LayoutKey)}
          >
            ${layoutKeys.map(
              (key) =>
                html`<option value=${key} ?selected=${key === this.layout}>
                  ${t(`diagram.layout.${key}`)}
                </option>`,
            )}
          </select></label
        >
        <span class="server-diagram-zoom" role="group" aria-label=${t('display.diagram.controls')}>
          <button
            type="button"
            data-testid="diagram-zoom-out"
            title=${t('display.diagram.zoomOut')}
            aria-label=${t('display.diagram.zoomOut')}
            @click=${() => this.#zoom(1 / ZOOM_STEP)}
          >
            −
          </button>
          <button type="button" data-testid="diagram-zoom-fit" @click=${() => this.#zoom('fit')}>
            ${t('display.diagram.fit')}
          </button>
          <button
            type="button"
            data-testid="diagram-zoom-in"
            title=${t('display.diagram.zoomIn')}
            aria-label=${t('display.diagram.zoomIn')}
            @click=${() => this.#zoom(ZOOM_STEP)}
          >
            +
          </button>
          <span class="muted" data-testid="diagram-zoom-level" aria-live="polite"
            >${this.#shown() ? `${Math.round(this.shownScale * 100)} %` : nothing}</span
          >
        </span>
        <span class="muted" aria-live="polite">${this.loading ? t('diagram.loading') : nothing}</span>
      </div>
      ${
        this.failed
          ? html`<p class="muted" data-testid="diagram-failed" role="status">
              ${this.tooLarge ? this.#tooLargeText(this.tooLarge) : t('diagram.failed')}
            </p>`
          : html`<div
              class="server-diagram-canvas"
              data-testid="diagram-canvas"
              data-layout=${this.svg?.getAttribute('data-pz-layout') ?? ''}
              data-shown=${this.svg ? 'svg' : this.picture ? 'picture' : ''}
              aria-busy=${this.picture ? 'true' : 'false'}
              @click=${(event: MouseEvent) => this.#onClick(event)}
              @keydown=${(event: KeyboardEvent) => this.#onKeyDown(event)}
            >
              ${this.#shown() ?? nothing}
            </div>`
      }
      <p class="muted diagram-hint">${t('diagram.keyboardHint')}</p>
    </div>`;
  }
}
customElements.define('lanes-server-diagram', ServerDiagramView);
