/**
 * The normalized domain model of the process-management service. The API
 * clients in main/api absorb the service's quirks (values/elements/transitions
 * list keys, 1.0 displayName vs 4.0 displayNames, release path variants,
 * capitalised result types) so nothing above them ever sees them.
 */

/** Culture id ("1031", "1033", "3082", or "127" for invariant values) → text. */
export type CultureMap = Readonly<Record<string, string>>;

export interface Facet {
  name: string;
  /** 4.0 gives a culture map; a 1.0 single string is kept under the invariant culture "127". */
  displayNames: CultureMap;
}

export interface FacetView {
  name: string;
  displayNames: CultureMap;
  isHierarchical: boolean;
}

export interface RelatedReference {
  facetName: string;
  id: string;
  creationId: string;
  versionId?: string;
  type: string;
  state?: string;
  expandUri?: string;
  shapeId?: string;
  /** With `$expandRelated`: the related element's attributes (service-api.md 2.5). */
  attributes?: Readonly<Record<string, CultureMap>>;
}

export interface Element {
  facetName: string;
  id: string;
  creationId: string;
  versionId?: string;
  type: string;
  state?: string;
  displayNames: CultureMap;
  attributes: Readonly<Record<string, CultureMap>>;
  related: Readonly<Record<string, readonly RelatedReference[]>>;
  rootPath: readonly string[];
  children: readonly Element[];
}

/** When the service last changed the element (the invariant culture's value): how a change is noticed. */
export const changedOnOf = (element: Element): string | null => element.attributes.changedOn?.['127'] ?? null;

/** The version label the service shows ("1.2"), when it has one. */
export const versionLabelOf = (element: Element): string | null =>
  element.attributes.version?.['127'] ?? null;

export interface ContentShape {
  facetName: string;
  id: string;
  creationId: string;
  type: string;
  attributes: Readonly<Record<string, CultureMap>>;
  shapeId: string;
  predecessors: readonly RelatedReference[];
}

export interface NewShape {
  index: number;
  predecessors?: number[];
  type: string;
  attributes: Record<string, Record<string, string>>;
}

export interface Transition {
  id: string;
  sourceState: string;
  targetState: string;
}

export interface ElementInfo {
  id: string;
  name: string;
  elementTypeName: string;
  hasDiagram: boolean;
  hasEditPermission: boolean;
  isReadOnly: boolean;
  permissions: readonly string[];
  typeColor?: string;
}

interface PropertyDefinition {
  key: string;
  displayNames: CultureMap;
  dataType?: string;
  isInvariantCulture: boolean;
  selectableValues: readonly unknown[];
}

export interface ElementType {
  key: string;
  displayNames: CultureMap;
  descriptions: CultureMap;
  properties: readonly PropertyDefinition[];
}

export const operationResultTypes = ['critical', 'error', 'warning', 'success', 'unauthorized'] as const;
export type OperationResultType = (typeof operationResultTypes)[number];

export interface OperationResult {
  type: OperationResultType;
  message: string;
  output?: string;
  /** The service's individual error texts, if it listed any. */
  errors: readonly string[];
}

export interface ElementListQuery {
  filter?: string;
  select?: string;
  resources?: string;
  expandRelated?: string;
  page?: number;
  pageSize?: number;
  pageSelectionKey?: string;
}

export const layoutKeys = [
  'detailed',
  'vertical',
  'horizontal',
  'verticalSwimlane',
  'horizontalSwimlane',
  'graphic',
  'processMatrix',
  'customerMatrix',
  'entityRelationship',
] as const;
export type LayoutKey = (typeof layoutKeys)[number];
