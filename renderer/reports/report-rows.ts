/**
 * The element table's data, free of the DOM: which columns the loaded
 * elements have, a cell's text, and the sort and filter that work within
 * what is loaded. The reporting interface does not name its fields, so the
 * columns are the fields the service sent, in the order it sent them.
 */
import { pickCulture } from '../../shared/domain/culture.ts';
import type { ReportElement } from '../../shared/domain/reports.ts';

/** The value bucket of elements without one (the overview's "(none)"). */
export const NO_VALUE = '(none)';

/** Fields that hold structure, not a value to show in a column. */
const HIDDEN = new Set(['children']);

/** Fields people read first, when the service sends them; the rest (ids) follow in the order sent. */
const LEADING = ['names', 'type', 'state', 'version', 'changedOn', 'facetName'];

export function columnsOf(elements: readonly ReportElement[]): string[] {
  const seen = new Set<string>();
  for (const element of elements) for (const key of Object.keys(element)) if (!HIDDEN.has(key)) seen.add(key);
  return [...LEADING.filter((key) => seen.has(key)), ...[...seen].filter((key) => !LEADING.includes(key))];
}

/**
 * Identifiers (`id`, `versionId`, `parentId`): machine keys, the last thing a
 * reader needs whole. The table gives them what the readable columns leave
 * (they end in "…", the cell's title holds all), so no column lies beyond the
 * right edge.
 */
export function isIdColumn(column: string): boolean {
  return /(^id|Id)$/.test(column);
}

function isCultureMap(value: object): value is Record<string, string> {
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, v]) => /^\d+$/.test(key) && typeof v === 'string');
}

/** A cell as text: culture maps in the content culture, anything structured as JSON. */
export function cellText(element: ReportElement, column: string, culture: number): string {
  const value = element[column];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && isCultureMap(value)) return pickCulture(value, culture).text;
  if (typeof value === 'object' && Object.keys(value).length === 0) return '';
  return JSON.stringify(value);
}

/** A field the overview counted by: its value, or a day (YYYY-MM-DD) the value's date starts with. */
export interface Where {
  field: string;
  value: string;
}

function matchesWhere(element: ReportElement, where: Where, culture: number): boolean {
  const text = cellText(element, where.field, culture);
  if (where.value === NO_VALUE) return text === '';
  if (text === where.value) return true;
  // A day of the "changes per day" chart matches every time on that day (UTC, as main counted it).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(where.value)) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(where.value);
}

interface RowQuery {
  where?: Where | undefined;
  /** Case-insensitive text in any column. */
  text?: string;
  sort?: { column: string; descending: boolean } | undefined;
  culture: number;
  /** The text a cell shows (a translated state, a formatted date): the filter finds that too. */
  shown?: (element: ReportElement, column: string) => string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The loaded elements the table shows, in the order it shows them. */
export function visibleRows(elements: readonly ReportElement[], query: RowQuery): ReportElement[] {
  const needle = query.text?.trim().toLocaleLowerCase() ?? '';
  const columns = needle ? columnsOf(elements) : [];
  let rows = elements.filter(
    (element) =>
      (!query.where || matchesWhere(element, query.where, query.culture)) &&
      (!needle ||
        columns.some(
          (column) =>
            cellText(element, column, query.culture).toLocaleLowerCase().includes(needle) ||
            (query.shown?.(element, column).toLocaleLowerCase().includes(needle) ?? false),
        )),
  );
  if (query.sort) {
    const { column, descending } = query.sort;
    const keyed = rows.map((element) => ({ element, key: cellText(element, column, query.culture) }));
    keyed.sort((a, b) => (descending ? -1 : 1) * collator.compare(a.key, b.key));
    rows = keyed.map((k) => k.element);
  }
  return rows;
}
