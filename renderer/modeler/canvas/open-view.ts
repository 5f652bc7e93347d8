/**
 * Where the canvas looks when a diagram opens, and on "Fit diagram": pure
 * arithmetic on boxes, so it is tested without a browser. A diagram that
 * does not fit at the readable zoom opens at it, from its start (left edge).
 */
import { READABLE_ZOOM } from '../../base/readable-zoom.ts';

export { READABLE_ZOOM };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ViewInput {
  /** The canvas's size in pixels. */
  client: { width: number; height: number };
  /** The diagram's bounds in diagram units. */
  inner: Box;
  /** Pixels on the left the palette covers (it floats over the canvas). */
  paletteRight: number;
  /** Pixels left free around the diagram. */
  margin: number;
  /** Opening: never below READABLE_ZOOM. Fit (Ctrl+1): the whole diagram, however small. */
  readable: boolean;
}

/**
 * The viewbox: the whole diagram right of the palette, centred, never
 * magnified beyond 100 % (a diagram that fits at 100 % opens at 100 %); when
 * opening, never below a readable zoom, and then from the diagram's start.
 */
export function viewFor({ client, inner, paletteRight, margin, readable }: ViewInput): Box {
  const left = paletteRight + margin;
  const width = Math.max(client.width - left - margin, 1);
  const height = Math.max(client.height - 2 * margin, 1);
  const fit = Math.min(width / inner.width, height / inner.height, 1);
  const scale = readable ? Math.max(fit, READABLE_ZOOM) : fit;
  const drawnWidth = inner.width * scale;
  const drawnHeight = inner.height * scale;
  // Too wide to show whole: from its left edge. Too tall: from its top.
  const offsetX = drawnWidth <= width ? left + (width - drawnWidth) / 2 : left;
  const offsetY = drawnHeight <= height ? margin + (height - drawnHeight) / 2 : margin;
  return {
    x: inner.x - offsetX / scale,
    y: inner.y - offsetY / scale,
    width: client.width / scale,
    height: client.height / scale,
  };
}
