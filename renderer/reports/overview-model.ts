/**
 * The landscape overview's charts as data: categories, series and what a
 * bar (or a cell of its numbers table) opens. Built from the facet counts
 * and each facet's overview; free of the DOM and of chart.js.
 */
import { releaseStates } from '../../shared/domain/release-states.ts';
import type { FacetOverview, RecentChange, ReportFacet } from '../../shared/domain/reports.ts';
import type { Where } from './report-rows.ts';

export interface ChartModel {
  key: 'byFacet' | 'byState' | 'byType' | 'changes';
  /** The raw category values (facets, types or days) along the category axis. */
  categories: string[];
  series: { raw: string; data: number[] }[];
  stacked: boolean;
  horizontal: boolean;
  /** What the bar of series `s` at category `c` stands for. */
  target(s: number, c: number): { facet: string; where?: Where };
}

const DAY_MS = 86_400_000;
export const OVERVIEW_DAYS = 30;

function union(lists: Iterable<Iterable<string>>): string[] {
  const all = new Set<string>();
  for (const list of lists) for (const value of list) all.add(value);
  return [...all];
}

export function byFacetChart(facets: readonly ReportFacet[]): ChartModel {
  return {
    key: 'byFacet',
    categories: facets.map((f) => f.name),
    series: [{ raw: '', data: facets.map((f) => f.totalCount) }],
    stacked: false,
    horizontal: false,
    target: (_s, c) => ({ facet: facets[c]!.name }),
  };
}

/** States in the order of the release cycle where known, unknown ones after them. */
const STATE_ORDER: readonly string[] = releaseStates;

function stateRank(state: string): number {
  const i = STATE_ORDER.indexOf(state);
  return i === -1 ? STATE_ORDER.length : i;
}

export function byStateChart(overviews: readonly FacetOverview[]): ChartModel {
  const states = union(overviews.map((o) => Object.keys(o.byState))).sort(
    (a, b) => stateRank(a) - stateRank(b) || a.localeCompare(b),
  );
  return {
    key: 'byState',
    categories: overviews.map((o) => o.facet),
    series: states.map((state) => ({ raw: state, data: overviews.map((o) => o.byState[state] ?? 0) })),
    stacked: true,
    horizontal: false,
    target: (s, c) => ({ facet: overviews[c]!.facet, where: { field: 'state', value: states[s]! } }),
  };
}

export function byTypeChart(overviews: readonly FacetOverview[]): ChartModel {
  const total = (type: string): number => overviews.reduce((sum, o) => sum + (o.byType[type] ?? 0), 0);
  const types = union(overviews.map((o) => Object.keys(o.byType))).sort(
    (a, b) => total(b) - total(a) || a.localeCompare(b),
  );
  return {
    key: 'byType',
    categories: types,
    series: overviews.map((o) => ({ raw: o.facet, data: types.map((type) => o.byType[type] ?? 0) })),
    stacked: true,
    horizontal: true,
    target: (s, c) => ({ facet: overviews[s]!.facet, where: { field: 'type', value: types[c]! } }),
  };
}

/** Every day of the last OVERVIEW_DAYS up to the newest change (days without changes count 0). */
export function changesChart(overviews: readonly FacetOverview[]): ChartModel {
  const known = union(overviews.map((o) => Object.keys(o.changesByDay))).sort();
  const newest = known.at(-1);
  const days: string[] = [];
  if (newest) {
    const end = Date.parse(newest);
    for (let i = OVERVIEW_DAYS - 1; i >= 0; i--)
      days.push(new Date(end - i * DAY_MS).toISOString().slice(0, 10));
  }
  return {
    key: 'changes',
    categories: days,
    series: overviews.map((o) => ({ raw: o.facet, data: days.map((day) => o.changesByDay[day] ?? 0) })),
    stacked: true,
    horizontal: false,
    target: (s, c) => ({ facet: overviews[s]!.facet, where: { field: 'changedOn', value: days[c]! } }),
  };
}

export function latestChanges(
  overviews: readonly FacetOverview[],
  limit: number,
): (RecentChange & { facet: string })[] {
  return overviews
    .flatMap((o) => o.recent.map((change) => ({ ...change, facet: o.facet })))
    .sort((a, b) => Date.parse(b.changedOn) - Date.parse(a.changedOn))
    .slice(0, limit);
}
