/**
 * Where the user was in each view (expanded rows, focused row, scroll
 * position), kept for the session so that Back from an element page returns
 * to the same place in the tree. Bounded: old views are forgotten.
 */
import type { RowsSnapshot } from './element-rows.ts';

interface ViewPlace {
  expanded: string[];
  rows: RowsSnapshot;
}

const LIMIT = 20;
const places = new Map<string, ViewPlace>();

const keyOf = (facet: string, view: string): string => `${facet}\u0000${view}`;

export function rememberPlace(facet: string, view: string, place: ViewPlace): void {
  const key = keyOf(facet, view);
  places.delete(key);
  places.set(key, place);
  if (places.size > LIMIT) places.delete(places.keys().next().value!);
}

export function recallPlace(facet: string, view: string): ViewPlace | undefined {
  return places.get(keyOf(facet, view));
}
