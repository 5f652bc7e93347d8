/**
 * Zoom for a rendered SVG diagram: "fit" scales the whole diagram into the
 * space it has (width, and a height cap), zoom steps scale from there, and
 * the scroll container pans (scroll bars, wheel, or dragging the
 * background). Sizes go through the SVG's width/height attributes, so the
 * strict CSP (no inline styles) holds.
 */
export const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.05;
const MAX_SCALE = 8;

export interface NaturalSize {
  width: number;
  height: number;
}

/** The diagram's own size: its viewBox, else its width/height attributes. Sets a viewBox when missing. */
export function naturalSize(svg: SVGSVGElement): NaturalSize | null {
  const box = svg
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0)
    return { width: box[2]!, height: box[3]! };
  const width = Number.parseFloat(svg.getAttribute('width') ?? '');
  const height = Number.parseFloat(svg.getAttribute('height') ?? '');
  if (!(width > 0 && height > 0)) return null;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return { width, height };
}

/** The scale at which the whole diagram fits `available` (never enlarged past 100 %). */
export function fitScale(natural: NaturalSize, available: NaturalSize): number {
  const scale = Math.min(available.width / natural.width, available.height / natural.height, 1);
  return clampScale(scale);
}

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** The size, in whole CSS pixels, the diagram is shown at for `scale`. */
export function scaledSize(natural: NaturalSize, scale: number): NaturalSize {
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) };
}

/**
 * Sets the size for `scale` (of the SVG, or of the picture standing in for it); an unchanged size is not
 * set again (that would lay a big SVG out anew).
 */
export function applyScale(svg: SVGSVGElement | HTMLImageElement, natural: NaturalSize, scale: number): void {
  const size = scaledSize(natural, scale);
  const [width, height] = [String(size.width), String(size.height)];
  if (svg.getAttribute('width') !== width) svg.setAttribute('width', width);
  if (svg.getAttribute('height') !== height) svg.setAttribute('height', height);
}

/** Dragging the background (not a shape) scrolls the container: pan as in the editor. */
export function enableDragPan(
  container: HTMLElement,
  isShape: (target: EventTarget | null) => boolean,
): void {
  let start: { x: number; y: number; left: number; top: number } | null = null;
  container.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || isShape(event.target)) return;
    start = { x: event.clientX, y: event.clientY, left: container.scrollLeft, top: container.scrollTop };
    container.setPointerCapture(event.pointerId);
    container.classList.add('panning');
  });
  container.addEventListener('pointermove', (event) => {
    if (!start) return;
    container.scrollLeft = start.left - (event.clientX - start.x);
    container.scrollTop = start.top - (event.clientY - start.y);
  });
  const stop = (event: PointerEvent): void => {
    if (!start) return;
    start = null;
    container.classList.remove('panning');
    if (container.hasPointerCapture(event.pointerId)) container.releasePointerCapture(event.pointerId);
  };
  container.addEventListener('pointerup', stop);
  container.addEventListener('pointercancel', stop);
}
