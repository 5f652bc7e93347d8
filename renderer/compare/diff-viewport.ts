import { READABLE_ZOOM } from '../base/readable-zoom.ts';

/**
 * Where the two diff viewers look, computed from plain boxes so it can be
 * tested without a browser: the whole of both diagrams, or one element at a
 * size a person can read, never under the bpmn.io logo in the pane's
 * bottom right corner.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Below this scale bpmn-js's labels drop under about 10 px (base/readable-zoom.ts). */
export const READABLE_SCALE = READABLE_ZOOM;
/** An element is shown at 100 % unless it is larger than the pane (a pool, a wide sub-process). */
const FOCUS_SCALE = 1;
/** Pixels kept free at the pane's bottom for the bpmn.io logo (about 52 × 22 px, 15 px from the edges). */
export const LOGO_STRIP = 44;
/** Diagram units around the diagrams when both are fitted, and around a focused element. */
const MARGIN = 30;

/** The viewbox showing `content` whole in `pane`, centred above the logo strip, which is left free. */
export function fitViewbox(content: Box, pane: Size): Box {
  const width = content.width + 2 * MARGIN;
  const height = content.height + 2 * MARGIN;
  const usable = Math.max(1, pane.height - LOGO_STRIP);
  const scale = Math.min(pane.width / width, usable / height);
  const viewWidth = pane.width / scale;
  const viewHeight = pane.height / scale;
  return {
    x: content.x - MARGIN - (viewWidth - width) / 2,
    y: content.y - MARGIN - (usable / scale - height) / 2,
    width: viewWidth,
    height: viewHeight,
  };
}

/**
 * A diagram too large to read whole, from its start: its left edge at 100 %,
 * vertically centred above the logo strip (or its top, when taller).
 */
export function startViewbox(content: Box, pane: Size): Box {
  const usable = Math.max(1, pane.height - LOGO_STRIP);
  const height = content.height + 2 * MARGIN;
  return {
    x: content.x - MARGIN,
    y: content.y - MARGIN - Math.max(0, (usable - height) / 2),
    width: pane.width,
    height: pane.height,
  };
}

/** The scale a viewbox draws at in a pane. */
export function scaleOf(viewbox: Size, pane: Size): number {
  return Math.min(pane.width / viewbox.width, pane.height / viewbox.height);
}

/**
 * The viewbox centring `element` in the part of the pane above the logo
 * strip, at 100 % (or smaller when the element would not fit), so its label
 * is readable and the logo covers none of it.
 */
export function focusViewbox(element: Box, pane: Size): Box {
  const usable = Math.max(1, pane.height - LOGO_STRIP);
  const scale = Math.min(
    FOCUS_SCALE,
    pane.width / (element.width + 2 * MARGIN),
    usable / (element.height + 2 * MARGIN),
  );
  const viewWidth = pane.width / scale;
  const viewHeight = pane.height / scale;
  const centreX = element.x + element.width / 2;
  const centreY = element.y + element.height / 2;
  return {
    x: centreX - viewWidth / 2,
    // Centred in the usable part: the strip below is the logo's.
    y: centreY - usable / scale / 2,
    width: viewWidth,
    height: viewHeight,
  };
}

/** The smallest box around all of them; null for none. */
export function union(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
