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
