/**
 * The shapes of the service's rendering as links to their elements. The
 * service marks every shape with its element's id; each such shape opens its
 * element by click or by keyboard. One shape is in the tab order at a time (a
 * roving tabindex, so Tab leaves the diagram in one step): the arrow keys
 * move between shapes in the rendering's order, Home and End to the first and
 * the last, Enter or Space opens.
 */

/** The shape attribute the service puts on every shape: the element's id. */
const ELEMENT_ATTRIBUTE = 'data-pz-guid';

/** Makes every shape of `svg` a link named by its text (or its id when it has none); the first is the tab stop. */
export function shapesAsLinks(svg: SVGSVGElement): void {
  shapesOf(svg).forEach((shape, index) => {
    shape.setAttribute('tabindex', index === 0 ? '0' : '-1');
    shape.setAttribute('role', 'link');
    shape.setAttribute(
      'aria-label',
      shape.textContent?.trim() || shape.getAttribute(ELEMENT_ATTRIBUTE) || '',
    );
  });
}

/** The shape an event happened on (or within), if any. */
export function shapeOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(`[${ELEMENT_ATTRIBUTE}]`) : null;
}

/** The id of the element a shape stands for. */
export function elementIdOf(shape: Element): string | null {
  return shape.getAttribute(ELEMENT_ATTRIBUTE);
}

/** Where a key moves the focus from the shape at `index` of `count`; undefined for a key that does not move it. */
export function shapeIndexAfterKey(key: string, index: number, count: number): number | undefined {
  const next = {
    ArrowRight: index + 1,
    ArrowDown: index + 1,
    ArrowLeft: index - 1,
    ArrowUp: index - 1,
    Home: 0,
    End: count - 1,
  }[key];
  return next === undefined || count === 0 ? undefined : Math.max(0, Math.min(count - 1, next));
}

/**
 * A key pressed within `svg`: Enter or Space on a shape opens it, a moving
 * key takes the focus (and the one tab stop) to another shape. Keys the
 * shapes do not use are left to the page.
 */
export function onShapeKey(event: KeyboardEvent, svg: SVGSVGElement, open: (shape: Element) => void): void {
  const shape = shapeOf(event.target);
  if (!shape) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open(shape);
    return;
  }
  const shapes = shapesOf(svg);
  const next = shapeIndexAfterKey(event.key, shapes.indexOf(shape as SVGElement), shapes.length);
  const target = next === undefined ? undefined : shapes[next];
  if (!target) return;
  event.preventDefault();
  shapes.forEach((s) => s.setAttribute('tabindex', s === target ? '0' : '-1'));
  target.focus();
}

function shapesOf(svg: SVGSVGElement): SVGElement[] {
  return [...svg.querySelectorAll<SVGElement>(`[${ELEMENT_ATTRIBUTE}]`)];
}
