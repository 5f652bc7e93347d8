/**
 * Counts one facet's elements for the landscape overview: by state, by type,
 * and changes per day. The reporting interface does not name its fields, so
 * each is looked up under the names the service is known to use and counted
 * as "unknown" when absent, never guessed from other values.
 */
import {
  changedDayOf,
  reportingText as text,
  stateOf,
  typeOf,
  UNKNOWN,
  type ReportingElement,
} from '../../shared/domain/reporting.ts';

export { changedDayOf, stateOf, typeOf, UNKNOWN };
import type { RecentChange } from '../../shared/domain/reports.ts';

/** Days of changes the overview shows, counted back from the newest change. */
export const RECENT_DAYS = 30;
/** How many of the latest changes the overview lists. */
const RECENT_LIMIT = 10;

const DAY_MS = 86_400_000;

function namesOf(element: ReportingElement): Record<string, string> {
  const names = element.names;
  if (!names || typeof names !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [culture, value] of Object.entries(names)) if (typeof value === 'string') out[culture] = value;
  return out;
}

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export interface Overview {
  total: number;
  byState: Record<string, number>;
  byType: Record<string, number>;
  changesByDay: Record<string, number>;
  recent: RecentChange[];
}

export function overviewOf(elements: readonly ReportingElement[]): Overview {
  const byState: Record<string, number> = {};
  const byType: Record<string, number> = {};
  const changed: { element: ReportingElement; day: string; at: number }[] = [];
  for (const element of elements) {
    bump(byState, stateOf(element));
    bump(byType, typeOf(element));
    const day = changedDayOf(element);
    if (day)
      changed.push({
        element,
        day,
        at: Date.parse(text(element, 'changedOn', 'changeDate', 'lastModified', 'modifiedOn')!),
      });
  }
  changed.sort((a, b) => b.at - a.at);
  const changesByDay: Record<string, number> = {};
  const newest = changed[0]?.at;
  if (newest !== undefined) {
    const from = Date.parse(new Date(newest).toISOString().slice(0, 10)) - (RECENT_DAYS - 1) * DAY_MS;
    for (const { day } of changed) if (Date.parse(day) >= from) bump(changesByDay, day);
  }
  const recent = changed.slice(0, RECENT_LIMIT).map(({ element }) => ({
    id: element.id,
    names: namesOf(element),
    type: typeOf(element),
    state: stateOf(element),
    changedOn: text(element, 'changedOn', 'changeDate', 'lastModified', 'modifiedOn') ?? '',
  }));
  return { total: elements.length, byState, byType, changesByDay, recent };
}
