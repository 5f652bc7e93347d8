import type { z } from 'zod';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { ElementSummary, ElementsPage, elementsRequestSchema } from '../../shared/domain/workspace.ts';
import type { Read } from '../cache/cached-reader-api.ts';
import type { SessionReads } from '../session/session-reads.ts';

type ElementsQuery = z.output<typeof elementsRequestSchema>;

/**
 * The element's own name per culture. (The service's `displayNames` of an
 * element name its type, "Process", not the element.)
 */
export function namesOf(element: Element): Record<string, string> {
  return { ...element.attributes.name };
}

/** One navigator row; `childCount` only where the tree nests children (hierarchical, unfiltered). */
function toSummary(element: Element, childCount = 0): ElementSummary {
  return {
    id: element.id,
    facetName: element.facetName,
    type: element.type,
    state: element.state ?? null,
    versionId: element.versionId ?? null,
    version: element.attributes.version?.['127'] ?? null,
    displayNames: namesOf(element),
    childCount,
  };
}

/** The service's `$filter` for "name contains": OData quoting doubles a quote. */
function nameFilter(text: string): string {
  return `Contains(name,'${text.replaceAll("'", "''")}')`;
}

/** Offline, as the service's Contains: the name in any culture, ignoring case. */
function matchesName(element: Element, text: string): boolean {
  const needle = text.toLocaleLowerCase();
  return Object.values(element.attributes.name ?? {}).some((name) =>
    name.toLocaleLowerCase().includes(needle),
  );
}

function flatten(elements: readonly Element[]): Element[] {
  const out: Element[] = [];
  const visit = (e: Element): void => {
    out.push(e);
    e.children.forEach(visit);
  };
  elements.forEach(visit);
  return out;
}

function findAtAnyDepth(elements: readonly Element[], id: string): Element | undefined {
  for (const element of elements) {
    if (element.id === id) return element;
    const below = findAtAnyDepth(element.children, id);
    if (below) return below;
  }
  return undefined;
}

function pageOf(items: readonly ElementSummary[], query: ElementsQuery, read: Read<unknown>): ElementsPage {
  const start = (query.page - 1) * query.pageSize;
  return {
    items: items.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: start + query.pageSize < items.length,
    source: read.source,
    fetchedAt: read.fetchedAt,
  };
}

/**
 * A page of the navigator. Hierarchical views come from the whole listing
 * (one request lists the tree; expanding a node reuses it), flat views page
 * on the service, and a filter asks the service (or, offline, the cached view).
 */
export async function listElements(reads: SessionReads, query: ElementsQuery): Promise<ElementsPage> {
  const { facet, view } = query;
  if (query.filter) return filtered(reads, query, query.filter);
  const shape = await reads.viewShape(facet, view);
  if (shape.isHierarchical) {
    const listing = await reads.wholeListing(facet, view, query.parentId === undefined);
    let level: readonly Element[] = listing.value;
    if (query.parentId !== undefined) {
      const parent = findAtAnyDepth(listing.value, query.parentId);
      if (!parent) {
        throw new LanesError({
          code: 'api.notFound',
          message: `element ${query.parentId} is not in view ${facet}/${view}.`,
          params: { operation: 'listElements', what: `element ${query.parentId}` },
        });
      }
      level = parent.children;
    }
    return pageOf(
      level.map((e) => toSummary(e, e.children.length)),
      query,
      listing,
    );
  }
  const read = await reads.read((r) =>
    r.listElements(facet, view, { page: query.page, pageSize: query.pageSize }),
  );
  return {
    items: read.value.map((e) => toSummary(e)),
    page: query.page,
    pageSize: query.pageSize,
    // The service gives no totals: a full page may have a next one.
    hasMore: read.value.length >= query.pageSize,
    source: read.source,
    fetchedAt: read.fetchedAt,
  };
}

async function filtered(reads: SessionReads, query: ElementsQuery, text: string): Promise<ElementsPage> {
  const { facet, view } = query;
  const read = await reads.read<Element[]>(
    (r) =>
      r.listElements(facet, view, { filter: nameFilter(text), page: query.page, pageSize: query.pageSize }),
    async () => {
      const all = await reads.cached.listAllElements(facet, view);
      const start = (query.page - 1) * query.pageSize;
      const matches = flatten(all.value).filter((e) => matchesName(e, text));
      // One extra item tells whether another page follows.
      return { ...all, value: matches.slice(start, start + query.pageSize + 1) };
    },
  );
  if (read.source === 'cache') {
    return {
      items: read.value.slice(0, query.pageSize).map((e) => toSummary(e)),
      page: query.page,
      pageSize: query.pageSize,
      hasMore: read.value.length > query.pageSize,
      source: read.source,
      fetchedAt: read.fetchedAt,
    };
  }
  return {
    items: read.value.map((e) => toSummary(e)),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: read.value.length >= query.pageSize,
    source: read.source,
    fetchedAt: read.fetchedAt,
  };
}
