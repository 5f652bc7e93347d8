import type { ModdleElement } from 'bpmn-moddle';
import {
  sameBounds,
  sameLabelPlace,
  sameWaypoints,
  type LayoutBox,
} from '../../shared/domain/diagram-layout-rules.ts';

/**
 * What really differs in the layout of one element between two versions,
 * by value: bpmn-js-differ reports a "layout change" for any difference in
 * the diagram interchange, including ones that move nothing (a waypoint's
 * `xsi:type`, a label written by one tool and not by the other, ids).
 * `shape`: the shape's bounds or the edge's waypoints moved; `label`: only
 * the label, present on both sides, moved; `none`: nothing a person sees.
 * Moves within rounding and a label bpmn-js re-centred after a rename are
 * no moves: the rules main's conflict view counts by
 * (shared/domain/diagram-layout-rules.ts).
 */
type LayoutDifference = 'shape' | 'label' | 'none';

export function layoutDifference(
  older: ModdleElement | undefined,
  newer: ModdleElement | undefined,
): LayoutDifference {
  if (!older || !newer) return 'shape';
  if (!sameBounds(older.bounds as LayoutBox | undefined, newer.bounds as LayoutBox | undefined))
    return 'shape';
  if (!sameWaypoints(older.waypoint, newer.waypoint)) return 'shape';
  const olderLabel = (older.label as { bounds?: LayoutBox } | undefined)?.bounds;
  const newerLabel = (newer.label as { bounds?: LayoutBox } | undefined)?.bounds;
  return sameLabelPlace(olderLabel, newerLabel) ? 'none' : 'label';
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
