/**
 * Reporting items: the spec names no fields beyond an id, so every field the
 * service sends is kept as it came.
 */
export type ReportingElement = { id: string } & Readonly<Record<string, unknown>>;

export interface ReportingPage {
  totalCount: number;
  elements: ReportingElement[];
}

export type ReportingHierarchyNode = { id: string; children?: ReportingHierarchyNode[] } & Readonly<
  Record<string, unknown>
>;

/** The bucket of elements without a value (the renderer shows it translated). */
export const UNKNOWN = '(none)';

/*
 * The service does not name its reporting items' fields: each is looked up
 * under the names the service is known to use, never guessed from other values.
 */
export function reportingText(element: ReportingElement, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = element[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

export function stateOf(element: ReportingElement): string {
  return reportingText(element, 'state', 'status') ?? UNKNOWN;
}

export function typeOf(element: ReportingElement): string {
  return reportingText(element, 'type', 'typeName', 'elementTypeName') ?? UNKNOWN;
}

/** The day (UTC, YYYY-MM-DD) of the element's last change, when it has a readable date. */
export function changedDayOf(element: ReportingElement): string | undefined {
  const raw = reportingText(element, 'changedOn', 'changeDate', 'lastModified', 'modifiedOn');
  if (!raw) return undefined;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}
