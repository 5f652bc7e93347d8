import type { ModdleElement } from 'bpmn-moddle';
import {
  DEFAULTED_DI_ATTRIBUTES,
  sameBounds,
  sameDiAttribute,
  sameLabelPlace,
  sameWaypoints,
  type DrawnElement,
  type LayoutBox,
} from '../../shared/domain/diagram-layout-rules.ts';
import { stableStringify } from './bpmn-canonical.ts';
import type { Item } from './bpmn-items.ts';
import type { PropertySplit } from './property-merge.ts';

/**
 * What the review calls a change: a change of meaning or layout a person
 * made, not what a tool recomputed, rounded or left implicit. Items are
 * first compared by their canonical snapshot (bpmn-canonical.ts already
 * reads metamodel defaults, ids of references, numbers as numbers); only
 * where the snapshots differ do these rules look closer, property by
 * property:
 *
 * - the diagrams and their planes are no change of their own: a person
 *   changes the shapes and edges on them (items of their own), while bpmn-js
 *   adds a diagram for every collapsed sub-process it opens and drops edges
 *   that draw nothing;
 * - a shape's bounds and an edge's waypoints within a couple of pixels are
 *   the same place (rounding), see `LAYOUT_TOLERANCE`;
 * - an external label re-centred by bpmn-js after its text changed is part
 *   of the rename; a label dragged elsewhere is a layout change
 *   (`sameLabelPlace`);
 * - a DI flag left out on one side means its default as bpmn-js draws it
 *   (`isMarkerVisible` on an exclusive gateway, `isHorizontal` on pools and
 *   lanes, `isExpanded`): written or not, the same drawing (`sameDiAttribute`).
 *
 * The rules for layout live in shared/domain/diagram-layout-rules.ts, so
 * Compare versions in the renderer counts moves the same way.
 */

/** True for the items that stand for a whole diagram or its plane (the drill-down diagrams bpmn-js adds). */
function isDiagramItem(item: Item): boolean {
  const type = item.element.$type;
  return type === 'bpmndi:BPMNDiagram' || type === 'bpmndi:BPMNPlane';
}

const isDi = (item: Item): boolean =>
  item.element.$type === 'bpmndi:BPMNShape' || item.element.$type === 'bpmndi:BPMNEdge';

/** The element a shape or edge draws, for the defaults of its flags. */
function drawnBy(item: Item): DrawnElement | undefined {
  return item.element.bpmnElement as ModdleElement | undefined as DrawnElement | undefined;
}

interface CanonicalLabel {
  bounds?: LayoutBox;
  labelStyle?: unknown;
}

/**
 * One canonical property of an item, in two versions, means the same. `item`
 * is either version (for the item's type and what it draws).
 */
export function sameProperty(item: Item, name: string, a: unknown, b: unknown): boolean {
  if (stableStringify(a) === stableStringify(b)) return true;
  if (!isDi(item)) return false;
  switch (name) {
    case 'bounds':
      return sameBounds(a as LayoutBox | undefined, b as LayoutBox | undefined);
    case 'waypoint':
      return sameWaypoints(a, b);
    case 'label': {
      const [x, y] = [a as CanonicalLabel | undefined, b as CanonicalLabel | undefined];
      // A label style is a font: the same only when both name the same one (or neither names one).
      return x?.labelStyle === y?.labelStyle && sameLabelPlace(x?.bounds, y?.bounds);
    }
    default:
      return DEFAULTED_DI_ATTRIBUTES.has(name) && sameDiAttribute(name, a, b, drawnBy(item));
  }
}

/** The canonical properties whose meaning differs between two versions of one item, sorted. */
export function changedProperties(a: Item, b: Item): string[] {
  if (a.snapshot === b.snapshot) return [];
  const names = new Set([...Object.keys(a.value), ...Object.keys(b.value)]);
  return [...names].filter((name) => !sameProperty(b, name, a.value[name], b.value[name])).sort();
}

/**
 * Two versions of one item (undefined: the version does not have it) mean
 * the same to a person: no change to list, review or decide on.
 */
export function sameMeaning(a: Item | undefined, b: Item | undefined): boolean {
  if (!a || !b) return a === b || isDiagramItem((a ?? b)!);
  if (a.snapshot === b.snapshot || isDiagramItem(a)) return true;
  return changedProperties(a, b).length === 0;
}

/**
 * For an item both sides changed, after the exact split (property-merge.ts)
 * found one property both changed differently: the same split, with each
 * side's change read by meaning. A property one side changed only by noise
 * (a label bpmn-js re-centred on my rename, while they moved the shape and
 * its label along) is theirs to keep; both changed it to the same meaning:
 * theirs stays. Null when both really changed one property differently,
 * unless `mineWins` (keep mine): then that property is mine.
 */
export function splitByMeaning(
  base: Item,
  mine: Item,
  theirs: Item,
  options: { mineWins?: boolean } = {},
): PropertySplit | null {
  const take: string[] = [];
  const keep: string[] = [];
  const keys = new Set([
    ...Object.keys(base.value),
    ...Object.keys(mine.value),
    ...Object.keys(theirs.value),
  ]);
  for (const key of keys) {
    const [b, m, t] = [base.value[key], mine.value[key], theirs.value[key]];
    if (stableStringify(m) === stableStringify(t)) continue;
    const mineChanged = !sameProperty(mine, key, b, m);
    const theirsChanged = !sameProperty(theirs, key, b, t);
    if (!mineChanged) keep.push(key);
    else if (!theirsChanged) take.push(key);
    else if (sameProperty(theirs, key, m, t)) keep.push(key);
    else if (options.mineWins) take.push(key);
    else return null;
  }
  return { mine: take, theirs: keep };
}
