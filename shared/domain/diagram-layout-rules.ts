/**
 * When a difference in a diagram's layout (its diagram interchange, DI) is a
 * change a person made, and when it is only what a tool recomputed, rounded
 * or left implicit. One declaration for both sides: main's change lists
 * (conflict, review, the merge's overlaps: main/bpmn/meaningful-change.ts)
 * and the renderer's Compare versions (renderer/compare/layout-change.ts).
 * Pure rules over numbers and metamodel names: no bpmn-moddle, no zod.
 *
 * Why each rule exists is said beside it. They are decided from the BPMN DI
 * metamodel and from what bpmn-js does with it, never from the text of values.
 */

/**
 * Pixels a position, size or bend may differ by and still be the same place.
 * Tools round differently (bpmn-js writes integers, others halves or
 * `136.0000001`, a label re-centred on an odd width lands half a pixel off);
 * nobody drags a shape by one or two pixels on purpose at a readable zoom.
 */
export const LAYOUT_TOLERANCE = 2;

/** A `dc:Bounds` (or anything with its four numbers). */
export interface LayoutBox {
  x?: unknown;
  y?: unknown;
  width?: unknown;
  height?: unknown;
}

/** A `dc:Point` (a waypoint). */
export interface LayoutPoint {
  x?: unknown;
  y?: unknown;
}

const near = (a: unknown, b: unknown): boolean => {
  const [x, y] = [Number(a ?? 0), Number(b ?? 0)];
  if (!Number.isFinite(x) || !Number.isFinite(y)) return a === b;
  return Math.abs(x - y) <= LAYOUT_TOLERANCE;
};

/** A shape's place and size: the same when each of x, y, width and height is within the tolerance. */
export function sameBounds(a: LayoutBox | undefined, b: LayoutBox | undefined): boolean {
  if (!a || !b) return !a && !b;
  return near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);
}

/** An edge's route: the same number of points, each within the tolerance. */
export function sameWaypoints(a: unknown, b: unknown): boolean {
  const left = Array.isArray(a) ? (a as LayoutPoint[]) : [];
  const right = Array.isArray(b) ? (b as LayoutPoint[]) : [];
  return (
    left.length === right.length &&
    left.every((point, i) => near(point?.x, right[i]?.x) && near(point?.y, right[i]?.y))
  );
}

/**
 * Where an external label (an event's, a gateway's, a flow's name) is placed.
 * bpmn-js recomputes the label's bounds whenever its text changes: on a
 * rename the label is re-centred on the same middle and top, and only its
 * width and height follow the new text (TextRenderer.getExternalLabelBounds).
 * That is part of the rename, not a move. A label a person dragged has its
 * middle or top somewhere else. A label one side does not place at all (no
 * bounds; bpmn-js writes an empty `<bpmndi:BPMNLabel/>` when a task is
 * renamed, other tools write none) is drawn where bpmn-js puts labels by
 * default: nobody placed it, so there is nothing to compare.
 */
export function sameLabelPlace(a: LayoutBox | undefined, b: LayoutBox | undefined): boolean {
  if (!a || !b) return true;
  const middle = (box: LayoutBox) => Number(box.x ?? 0) + Number(box.width ?? 0) / 2;
  return near(middle(a), middle(b)) && near(a.y, b.y);
}

/** What a DI attribute's default depends on: the drawn element's type, and for a pool its process. */
export interface DrawnElement {
  $instanceOf?: (type: string) => boolean;
  processRef?: unknown;
}

/**
 * The value a boolean BPMNShape attribute has when it is not written, as
 * bpmn-js reads (and on import writes) it; undefined where it means nothing
 * for the drawn element. The DI metamodel declares no defaults for these, so
 * one tool writes `isMarkerVisible="true"` and another leaves it out, and
 * both mean the same drawing:
 * - `isMarkerVisible` on an exclusive gateway: absent is shown (bpmn-js's
 *   ElementFactory sets it to true on import, so every save adds it);
 * - `isHorizontal` on a pool or lane: absent is horizontal (DiUtil.isHorizontal);
 * - `isExpanded` on a sub-process: absent is collapsed (DiUtil.isExpanded);
 *   on a pool: expanded when it has a process (bpmn-js writes true for a new
 *   pool with one); a call activity is always drawn collapsed.
 */
export function diAttributeDefault(attribute: string, drawn: DrawnElement | undefined): boolean | undefined {
  const is = (type: string): boolean => drawn?.$instanceOf?.(type) ?? false;
  switch (attribute) {
    case 'isMarkerVisible':
      return is('bpmn:ExclusiveGateway') ? true : undefined;
    case 'isHorizontal':
      return is('bpmn:Participant') || is('bpmn:Lane') ? true : undefined;
    case 'isExpanded':
      if (is('bpmn:CallActivity')) return false;
      if (is('bpmn:SubProcess')) return false;
      if (is('bpmn:Participant')) return Boolean(drawn?.processRef);
      return undefined;
    default:
      return undefined;
  }
}

/** The DI attributes `diAttributeDefault` knows: a difference in them is read through their defaults. */
export const DEFAULTED_DI_ATTRIBUTES: ReadonlySet<string> = new Set([
  'isMarkerVisible',
  'isHorizontal',
  'isExpanded',
]);

/**
 * Two values of one defaulted DI attribute (undefined: not written) mean the
 * same drawing. Where the attribute means nothing for the drawn element (a
 * marker flag on a task), no value of it changes the drawing.
 */
export function sameDiAttribute(
  attribute: string,
  a: unknown,
  b: unknown,
  drawn: DrawnElement | undefined,
): boolean {
  const fallback = diAttributeDefault(attribute, drawn);
  if (fallback === undefined) return true;
  const read = (value: unknown) => (value === undefined || value === null ? fallback : value === true);
  return read(a) === read(b);
}
