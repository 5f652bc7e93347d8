/**
 * The cached server rendering a process tab shows while bpmn-js imports the
 * diagram. Asked for before anything else of the tab, and painted before the
 * import takes the page (an import is one long task: a preview that arrives
 * during it would show only after it, when it is of no use).
 *
 * What is painted is as cheap as it can be: main keeps the rendering
 * sanitised (main/cache/render-store.ts) and, once the renderer has drawn it,
 * a PNG of it: a later preview is one picture to decode (off the page's
 * thread) and paint, not ~20,000 SVG nodes to parse, style and lay out. The
 * first preview of a rendering is its SVG; its picture is drawn afterwards,
 * when the page is idle, and kept by main for the next time.
 */
import type { EditorPreview, EditorTarget } from '../../../shared/domain/editor.ts';
import type { RenderRaster } from '../../../shared/domain/workspace.ts';
import type { LanesClient } from '../../bridge/lanes-client.ts';
import { importSvg } from '../../diagram/svg-import.ts';
import { decodePicture, rasterise } from '../../diagram/render-picture.ts';
import { afterNextPaint } from '../../base/next-paint.ts';

/** How long an open waits for the preview's answer before importing without it (main answers from SQLite). */
const PREVIEW_WAIT_MS = 1000;

export class CachedPreview {
  readonly #client: LanesClient;
  readonly #target: EditorTarget;
  readonly #show: (element: Element | null) => Promise<unknown>;
  /** Settles once the preview is painted, or known to be absent. */
  readonly shown: Promise<void>;
  #element: Element | null = null;
  /** The rendering shown as SVG: its picture is to be drawn and kept once the page is idle. */
  #toRasterise: EditorPreview | null = null;
  #cancelled = false;

  /** `show` puts an element in the preview's place (null: none) and resolves once it is rendered. */
  constructor(
    client: LanesClient,
    target: EditorTarget,
    show: (element: Element | null) => Promise<unknown>,
  ) {
    this.#client = client;
    this.#target = target;
    this.#show = show;
    const loaded = this.#load();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, PREVIEW_WAIT_MS));
    this.shown = Promise.race([loaded, timeout]);
  }

  get element(): Element | null {
    return this.#element;
  }

  /** Drawn in the page's SVG (not a picture): left in the page it would be laid out again with the canvas. */
  get isSvg(): boolean {
    return this.#element instanceof SVGSVGElement;
  }

  async #load(): Promise<void> {
    let preview: EditorPreview;
    performance.mark('lanes.preview.asked');
    try {
      preview = await this.#client.request('editor.preview', {
        id: this.#target.id,
        culture: this.#target.culture,
      });
    } catch {
      return; // a preview is a courtesy: the editor opens without it
    }
    performance.mark('lanes.preview.answered');
    if (this.#cancelled) return;
    let element: Element | null = null;
    if (preview.raster) element = await decodePicture(preview.raster, 'editor-preview-picture');
    if (!element && preview.svg) {
      const imported = importSvg(preview.svg);
      if (!imported) return;
      imported.svg.classList.add('editor-preview-svg');
      element = imported.svg;
      this.#toRasterise = preview;
    }
    if (this.#cancelled) return;
    performance.mark('lanes.preview.decoded');
    this.#element = element;
    await this.#show(element);
    await afterNextPaint();
    // User timing (bench/editor-open.ts): from asking main to the preview painted.
    performance.measure('lanes.preview.painted', 'lanes.preview.asked');
  }

  /** The editor has the diagram: the preview leaves the page (and no late answer brings it back). */
  async hide(): Promise<void> {
    this.#cancelled = true;
    if (!this.#element) return;
    this.#element = null;
    await this.#show(null);
  }

  /** After a failed import the preview stays: it is all there is to see. */
  async restore(element: Element | null): Promise<void> {
    if (!element) return;
    this.#element = element;
    await this.#show(element);
  }

  /**
   * When the page is idle, draws the rendering shown as SVG into a PNG the
   * size it was shown (width-fitted, as the preview's CSS shows it) and gives
   * it to main for the next preview. Once per cached rendering.
   */
  keepPictureWhenIdle(boxOf: () => { width: number; height: number }): void {
    const preview = this.#toRasterise;
    this.#toRasterise = null;
    if (!preview?.svg || !preview.layout || !preview.fetchedAt) return;
    const { svg, layout, fetchedAt } = preview;
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o: object) => void })
      .requestIdleCallback;
    // Measured then, not now: the page has just been given the whole diagram and is not laid out yet.
    const run = (): void =>
      void pictureOfTop(svg, boxOf())
        .then((raster) =>
          raster
            ? this.#client.request('workspace.storeDiagramRaster', {
                id: this.#target.id,
                culture: this.#target.culture,
                layout,
                fetchedAt,
                view: 'preview',
                raster,
              })
            : null,
        )
        .catch(() => {}); // only the next preview is slower
    if (idle) idle(run, { timeout: 10_000 });
    else setTimeout(run, 1000);
  }
}

/** How much of a tall diagram's preview the picture covers, in heights of the canvas: what is seen at first. */
const PICTURE_HEIGHTS = 1.5;

/**
 * The sanitised SVG as a PNG, as the preview's CSS shows it (fitted to the
 * box's width, never enlarged) at the screen's pixel ratio: a tile of its
 * top, at most 1.5 box heights and RASTER_LIMITS.side pixels a side (a tall
 * diagram's preview shows its top; scrolled further during the load, it is
 * blank).
 */
function pictureOfTop(svgText: string, box: { width: number; height: number }): Promise<RenderRaster | null> {
  if (!(box.width > 0 && box.height > 0)) return Promise.resolve(null);
  return rasterise(svgText, { top: { width: box.width, maxHeight: box.height * PICTURE_HEIGHTS } });
}
