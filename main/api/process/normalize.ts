import { apiError } from '../http/api-errors.ts';
import type {
  ContentShape,
  CultureMap,
  Element,
  ElementType,
  Facet,
  FacetView,
  OperationResult,
  OperationResultType,
  RelatedReference,
} from '../../../shared/domain/process.ts';
import { operationResultTypes } from '../../../shared/domain/process.ts';
import type { RawElement, RawRelated } from './raw-schemas.ts';
import { termInEnglish } from '../../../shared/i18n/translate.ts';

export const INVARIANT = '127';

export function cultureMap(raw: Record<string, unknown> | undefined): CultureMap {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value !== null && value !== undefined) out[key] = String(value);
  }
  return out;
}

export function facet(raw: {
  name: string;
  displayName?: string;
  displayNames?: Record<string, unknown>;
}): Facet {
  return {
    name: raw.name,
    displayNames: raw.displayNames
      ? cultureMap(raw.displayNames)
      : raw.displayName
        ? { [INVARIANT]: raw.displayName }
        : {},
  };
}

/** The 1.0 view list may name a view twice; the first occurrence wins. */
export function views(
  raw: {
    name: string;
    displayName?: string;
    displayNames?: Record<string, unknown>;
    isHierarchical: boolean;
  }[],
): FacetView[] {
  const seen = new Set<string>();
  const out: FacetView[] = [];
  for (const view of raw) {
    if (seen.has(view.name)) continue;
    seen.add(view.name);
    out.push({ ...facet(view), isHierarchical: view.isHierarchical });
  }
  return out;
}

export function related(raw: RawRelated): RelatedReference {
  return {
    facetName: raw.facetName,
    id: raw.id,
    creationId: raw.creationId ?? raw.id,
    type: raw.type,
    ...(raw.versionId ? { versionId: raw.versionId } : {}),
    ...(raw.state ? { state: raw.state } : {}),
    ...(raw.expandUri ? { expandUri: raw.expandUri } : {}),
    ...(raw.properties?.shapeId ? { shapeId: raw.properties.shapeId } : {}),
    // Kept for names: an expanded reference can then be shown as "Emulator Admin", not an id.
    ...(raw.attributes ? { attributes: attributes(raw.attributes) } : {}),
  };
}

function attributes(raw: RawElement['attributes']): Record<string, CultureMap> {
  return Object.fromEntries(Object.entries(raw ?? {}).map(([name, map]) => [name, cultureMap(map)]));
}

export function element(raw: RawElement): Element {
  const children = Array.isArray(raw.children)
    ? raw.children
    : (raw.children?.values ?? raw.children?.elements ?? []);
  return {
    facetName: raw.facetName ?? '',
    id: raw.id,
    creationId: raw.creationId ?? raw.id,
    ...(raw.versionId ? { versionId: raw.versionId } : {}),
    type: raw.type ?? '',
    ...(raw.state ? { state: raw.state } : {}),
    displayNames: cultureMap(raw.displayNames),
    attributes: attributes(raw.attributes),
    related: Object.fromEntries(
      Object.entries(raw.related ?? {}).map(([name, list]) => [name, list.map(related)]),
    ),
    rootPath: raw.rootPath ?? [],
    children: children.map(element),
  };
}

export function contentShape(raw: RawElement): ContentShape {
  return {
    facetName: raw.facetName ?? '',
    id: raw.id,
    creationId: raw.creationId ?? raw.id,
    type: raw.type ?? '',
    attributes: attributes(raw.attributes),
    shapeId: raw.properties?.shapeId ?? '',
    predecessors: (raw.properties?.predecessors ?? []).map(related),
  };
}

export function elementType(raw: {
  key: string;
  displayNames?: Record<string, unknown>;
  descriptions?: Record<string, unknown>;
  properties: {
    key: string;
    displayNames?: Record<string, unknown>;
    attribute?: { dataType?: string; isInvariantCulture?: boolean; selectableValues?: unknown[] };
  }[];
}): ElementType {
  return {
    key: raw.key,
    displayNames: cultureMap(raw.displayNames),
    descriptions: cultureMap(raw.descriptions),
    properties: raw.properties.map((property) => ({
      key: property.key,
      displayNames: cultureMap(property.displayNames),
      ...(property.attribute?.dataType ? { dataType: property.attribute.dataType } : {}),
      isInvariantCulture: property.attribute?.isInvariantCulture ?? false,
      selectableValues: property.attribute?.selectableValues ?? [],
    })),
  };
}

/** Result types compare case-insensitively ("Error" and "error" are the same). */
export function operationResult(raw: {
  type: string;
  message: string;
  output?: unknown;
  data?: unknown;
}): OperationResult {
  const lowered = raw.type.toLowerCase();
  const type = (operationResultTypes as readonly string[]).includes(lowered)
    ? (lowered as OperationResultType)
    : 'error';
  const errors = Array.isArray(raw.data)
    ? raw.data
        .map((entry: unknown) =>
          typeof entry === 'string'
            ? entry
            : String(
                (entry as { error?: unknown; message?: unknown })?.error ??
                  (entry as { message?: unknown })?.message ??
                  '',
              ),
        )
        .filter((entry) => entry.length > 0)
    : [];
  return {
    type,
    message: raw.message,
    ...(typeof raw.output === 'string' ? { output: raw.output.toLowerCase() } : {}),
    errors,
  };
}

export function notFoundError(operation: string, id: string): Error {
  return apiError('api.notFound', `${termInEnglish('operation', operation)}: element ${id} was not found.`, {
    operation,
    what: `element ${id}`,
    serviceMessage: '',
  });
}

/** The first element of a list answer, or "not found" naming the operation and the id. */
export function firstOf(raw: RawElement[], operation: string, id: string): Element {
  const first = raw[0];
  if (!first) throw notFoundError(operation, id);
  return element(first);
}
