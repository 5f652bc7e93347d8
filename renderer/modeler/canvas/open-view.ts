/**
 * Where the canvas looks when a diagram opens, on "Fit diagram" and on
 * "Whole diagram", and which of its edges have more of the diagram beyond
 * them: pure arithmetic on boxes, so it is tested without a browser. The
 * diagram is fitted into what is visible of the canvas: the palette (left)
 * and the banners (top) float over it and are left free.
 */
import { READABLE_ZOOM } from '../../base/readable-zoom.ts';

export { READABLE_ZOOM };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels of the canvas's edges something floats over (the palette on the left, banners on top). */
export interface Covered {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const uncovered: Covered = { left: 0, top: 0, right: 0, bottom: 0 };

/**
 * 'readable' (opening, "Fit diagram"): the whole diagram when it can be read
 * so, else at the readable zoom from its start (left and top edge). 'whole'
 * ("Whole diagram"): all of it, however small.
 */
export type FitMode = 'readable' | 'whole';

export interface ViewInput {
  /** The canvas's size in pixels. */
  client: { width: number; height: number };
  /** The diagram's bounds in diagram units. */
  inner: Box;
  covered: Covered;
  /** Pixels left free around the diagram, inside what is visible. */
  margin: number;
}

/** The part of the canvas the diagram is fitted into, in pixels from the canvas's top left. */
function visibleArea({ client, covered, margin }: Omit<ViewInput, 'inner'>): Box {
  const x = covered.left + margin;
  const y = covered.top + margin;
  return {
    x,
    y,
    width: Math.max(client.width - covered.right - margin - x, 1),
    height: Math.max(client.height - covered.bottom - margin - y, 1),
  };
}

const fitInto = (area: Box, inner: Box): number =>
  Math.min(area.width / inner.width, area.height / inner.height, 1);

/**
 * The zoom at which the whole diagram fits the visible canvas, never beyond
 * 100 % (a three-shape diagram blown up to fill the screen reads as a mistake).
 * The margin gives way before readability does: a diagram that fits at the
 * readable zoom only without it is shown whole at that zoom.
 */
export function wholeZoom(input: ViewInput): number {
  const fit = fitInto(visibleArea(input), input.inner);
  if (fit >= READABLE_ZOOM) return fit;
  return fitInto(visibleArea({ ...input, margin: 0 }), input.inner) >= READABLE_ZOOM ? READABLE_ZOOM : fit;
}

/** The viewbox for a fit: centred where the diagram fits, from its start where it does not. */
export function viewFor(input: ViewInput & { mode: FitMode }): Box {
  const { client, inner, mode } = input;
  const fit = wholeZoom(input);
  const scale = mode === 'readable' ? Math.max(fit, READABLE_ZOOM) : fit;
  const drawnWidth = inner.width * scale;
  const drawnHeight = inner.height * scale;
  const withMargin = visibleArea(input);
  const tight = visibleArea({ ...input, margin: 0 });
  const fitsIn = (box: Box): boolean => drawnWidth <= box.width + 1e-6 && drawnHeight <= box.height + 1e-6;
  // Centred within the margin; where only the margin's room lets it be whole, within all that is visible.
  const area = !fitsIn(withMargin) && fitsIn(tight) ? tight : withMargin;
  // Too wide to show whole: from its left edge. Too tall: from its top.
  const offsetX = drawnWidth <= area.width ? area.x + (area.width - drawnWidth) / 2 : area.x;
  const offsetY = drawnHeight <= area.height ? area.y + (area.height - drawnHeight) / 2 : area.y;
  return {
    x: inner.x - offsetX / scale,
    y: inner.y - offsetY / scale,
    width: client.width / scale,
    height: client.height / scale,
  };
}

/** Which edges of the visible canvas have more of the diagram beyond them. */
export interface Beyond {
  left: boolean;
  top: boolean;
  right: boolean;
  bottom: boolean;
}

/** Diagram units a diagram may stick out before an edge says there is more (a stroke, rounding). */
const slack = 4;

/** `view` is the canvas's viewbox (diagram units; its width spans the whole canvas). */
export function beyondView(view: Box, input: Omit<ViewInput, 'margin'>): Beyond {
  const { client, inner, covered } = input;
  if (inner.width === 0 || inner.height === 0)
    return { left: false, top: false, right: false, bottom: false };
  const scale = client.width / view.width;
  const left = view.x + covered.left / scale;
  const top = view.y + covered.top / scale;
  const right = view.x + (client.width - covered.right) / scale;
  const bottom = view.y + (client.height - covered.bottom) / scale;
  return {
    left: inner.x < left - slack,
    top: inner.y < top - slack,
    right: inner.x + inner.width > right + slack,
    bottom: inner.y + inner.height > bottom + slack,
  };
}

/**
 * What the canvas shows, for the toolbar and the edge hints: its zoom, the
 * zoom at which the whole diagram would fit what is visible of it, the edges
 * with more of the diagram beyond them, and what floats over its edges.
 */
export interface CanvasView {
  zoom: number;
  wholeZoom: number;
  beyond: Beyond;
  covered: Covered;
}

/** Before a diagram is drawn: 100 %, nothing beyond. */
export const initialView: CanvasView = {
  zoom: 1,
  wholeZoom: 1,
  beyond: { left: false, top: false, right: false, bottom: false },
  covered: uncovered,
};

const sides = ['left', 'top', 'right', 'bottom'] as const;

/** Whether two views look the same (zoom levels as the toolbar shows them, whole per cent). */
export function sameView(next: CanvasView, last: CanvasView | undefined): boolean {
  if (!last) return false;
  const percent = (zoom: number): number => Math.round(zoom * 100);
  return (
    percent(next.zoom) === percent(last.zoom) &&
    percent(next.wholeZoom) === percent(last.wholeZoom) &&
    next.zoom >= READABLE_ZOOM === last.zoom >= READABLE_ZOOM &&
    next.wholeZoom >= READABLE_ZOOM === last.wholeZoom >= READABLE_ZOOM &&
    sides.every(
      (side) =>
        next.beyond[side] === last.beyond[side] &&
        Math.round(next.covered[side]) === Math.round(last.covered[side]),
    )
  );
}
