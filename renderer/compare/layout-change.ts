import type { ModdleElement } from 'bpmn-moddle';

/**
 * What really differs in the layout of one element between two versions,
 * by value: bpmn-js-differ reports a "layout change" for any difference in
 * the diagram interchange, including ones that move nothing (a waypoint's
 * `xsi:type`, a label written by one tool and not by the other, ids).
 * `shape`: the shape's bounds or the edge's waypoints moved; `label`: only
 * the label, present on both sides, moved; `none`: nothing a person sees.
 */
type LayoutDifference = 'shape' | 'label' | 'none';

interface Bounds {
  x?: unknown;
  y?: unknown;
  width?: unknown;
  height?: unknown;
}

export function layoutDifference(
  older: ModdleElement | undefined,
  newer: ModdleElement | undefined,
): LayoutDifference {
  if (!older || !newer) return 'shape';
  if (!sameBounds(older.bounds as Bounds | undefined, newer.bounds as Bounds | undefined)) return 'shape';
  if (!samePoints(older.waypoint, newer.waypoint)) return 'shape';
  const olderLabel = (older.label as { bounds?: Bounds } | undefined)?.bounds;
  const newerLabel = (newer.label as { bounds?: Bounds } | undefined)?.bounds;
  // A label one side does not position is drawn where bpmn-js puts it by default: no move to show.
  if (!olderLabel || !newerLabel) return 'none';
  return sameBounds(olderLabel, newerLabel) ? 'none' : 'label';
}

/** Every shape and edge of the definitions by the id of the element it draws. */
export function diagramElementsById(definitions: ModdleElement): Map<string, ModdleElement> {
  const found = new Map<string, ModdleElement>();
  for (const diagram of (definitions.diagrams as ModdleElement[] | undefined) ?? []) {
    const plane = diagram.plane as ModdleElement | undefined;
    for (const element of (plane?.planeElement as ModdleElement[] | undefined) ?? []) {
      const id = (element.bpmnElement as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' && !found.has(id)) found.set(id, element);
    }
  }
  return found;
}

function sameBounds(a: Bounds | undefined, b: Bounds | undefined): boolean {
  if (!a || !b) return a === b;
  return (['x', 'y', 'width', 'height'] as const).every((key) => Number(a[key]) === Number(b[key]));
}

function samePoints(a: unknown, b: unknown): boolean {
  const left = Array.isArray(a) ? (a as Bounds[]) : [];
  const right = Array.isArray(b) ? (b as Bounds[]) : [];
  return (
    left.length === right.length &&
    left.every(
      (point, i) => Number(point.x) === Number(right[i]!.x) && Number(point.y) === Number(right[i]!.y),
    )
  );
}
