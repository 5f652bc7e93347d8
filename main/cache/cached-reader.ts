import { isServiceUnavailable } from '../api/http/api-errors.ts';
import { withSingleAttempt } from '../api/http/retry-policy.ts';
import type {
  ContentShape,
  CultureMap,
  Element,
  ElementInfo,
  ElementListQuery,
  ElementType,
  Facet,
  FacetView,
  LayoutKey,
  RelatedReference,
  Transition,
} from '../../shared/domain/process.ts';
import type {
  ReportingElement,
  ReportingHierarchyNode,
  ReportingPage,
} from '../../shared/domain/reporting.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { ProcessClient } from '../api/process/process-client.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import type { ReportingClient } from '../api/reporting/reporting-client.ts';
import type { Cached, CacheStore } from './cache-store.ts';
import { flattenListing } from './element-tree.ts';
import type { CachedReader, ElementQuery, Read, Signal } from './cached-reader-api.ts';

export type { CachedReader, Read } from './cached-reader-api.ts';

interface CachedReaderOptions {
  store: CacheStore;
  /** Clients are made on demand: offline, no connection needs to be configured. */
  process?: () => ProcessClient;
  bpmn?: () => BpmnClient;
  reporting?: () => ReportingClient;
  offline?: boolean;
  /**
   * False when the cache belongs to another tenant (a connection overridden
   * for one command): reads then go to the service only, and nothing is stored.
   */
  cacheable?: boolean;
  /**
   * How long reads go straight to the cache after the service did not serve
   * (default 30 s). 0 for a caller that keeps its own notion of "offline".
   */
  unreachableGraceMs?: number;
  now?: () => Date;
}

/** After the service did not serve, reads go straight to the cache for this long instead of waiting out retries again. */
const UNREACHABLE_GRACE_MS = 30_000;
const DEFAULT_PAGE_SIZE = 100;

/** A plain listing (no filter, selection or expansion) is a view's membership; anything else is one question. */
function isPlain(query: ElementListQuery | ElementQuery): boolean {
  return !query.filter && !query.select && !query.resources && !query.expandRelated;
}

function keyOf(...parts: unknown[]): string {
  return JSON.stringify(parts);
}

export class ServiceCachedReader implements CachedReader {
  readonly offline: boolean;
  readonly #store: CacheStore;
  readonly #options: CachedReaderOptions;
  readonly #now: () => Date;
  #unreachableUntil = 0;

  constructor(options: CachedReaderOptions) {
    this.#options = options;
    this.#store = options.store;
    this.offline = options.offline ?? false;
    this.#now = options.now ?? (() => new Date());
  }

  #client<T>(factory: (() => T) | undefined): T {
    if (!factory) throw new Error('CachedReader: no client for this read');
    return factory();
  }

  get #process(): ProcessClient {
    return this.#client(this.#options.process);
  }

  async #read<T>(
    what: string,
    live: () => Promise<T>,
    save: (value: T) => void,
    load: () => Cached<T> | undefined,
  ): Promise<Read<T>> {
    const cacheable = this.#options.cacheable !== false;
    const fromCache = (cause?: unknown, loaded?: Cached<T>): Read<T> => {
      const cached = loaded ?? (cacheable ? load() : undefined);
      if (!cached) {
        throw new LanesError({
          code: 'cache.notCached',
          message: `${what} is not in the offline cache.`,
          params: { what },
          cause,
        });
      }
      return { value: cached.value, source: 'cache', fetchedAt: cached.fetchedAt };
    };
    if (this.offline || this.#now().getTime() < this.#unreachableUntil) return fromCache();
    // After the grace the service is asked again. While it has not served since, a read the cache can
    // answer asks it once: a service still not serving then costs one request, not its retries (seconds,
    // or a Retry-After's whole wait) each time the grace ends. A read with nothing cached keeps them.
    const cachedAlready = this.#unreachableUntil > 0 && cacheable ? load() : undefined;
    let value: T;
    try {
      value = await (cachedAlready ? withSingleAttempt(live) : live());
    } catch (error) {
      if (!isServiceUnavailable(error) || !cacheable) throw error;
      this.#unreachableUntil =
        this.#now().getTime() + (this.#options.unreachableGraceMs ?? UNREACHABLE_GRACE_MS);
      return fromCache(error, cachedAlready);
    }
    this.#unreachableUntil = 0;
    const fetchedAt = this.#now().toISOString();
    if (cacheable) this.#store.stampedAt(fetchedAt, () => save(value));
    return { value, source: 'live', fetchedAt };
  }

  listFacets(options: Signal = {}): Promise<Read<Facet[]>> {
    return this.#read(
      'the facet list',
      () => this.#process.listFacets(options),
      (facets) => this.#store.putFacets(facets, '4.0'),
      () => this.#store.facets(),
    );
  }

  listViews(facet: string, options: Signal = {}): Promise<Read<FacetView[]>> {
    return this.#read(
      `the views of ${facet}`,
      () => this.#process.listViews(facet, options),
      (views) => this.#store.putViews(facet, views),
      () => this.#store.views(facet),
    );
  }

  listElements(
    facet: string,
    view: string,
    query: ElementListQuery = {},
    options: Signal = {},
  ): Promise<Read<Element[]>> {
    const key = keyOf('list', facet, view, query);
    return this.#read(
      `view ${facet}/${view}`,
      () => this.#process.listElements(facet, view, query, options),
      (elements) => {
        // A page of full elements refreshes their rows; the membership is only replaced by complete listings.
        if (isPlain(query)) this.#store.putElements(flattenListing(elements).rows);
        this.#store.putQuery(key, elements);
      },
      () => {
        const exact = this.#store.query<Element[]>(key);
        if (exact || !isPlain(query) || query.pageSelectionKey) return exact;
        const all = this.#store.viewListing(facet, view);
        if (!all) return undefined;
        const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
        const start = ((query.page ?? 1) - 1) * size;
        return { value: all.value.slice(start, start + size), fetchedAt: all.fetchedAt };
      },
    );
  }

  listAllElements(
    facet: string,
    view: string,
    query: Omit<ElementListQuery, 'page'> = {},
    options: Signal & { onPage?: (page: number, total: number) => void } = {},
  ): Promise<Read<Element[]>> {
    const plain = isPlain(query);
    const key = keyOf('all', facet, view, query);
    return this.#read(
      `view ${facet}/${view}`,
      () => this.#process.listAllElements(facet, view, query, options),
      (elements) => {
        if (!plain) return this.#store.putQuery(key, elements);
        const { rows, members } = flattenListing(elements);
        this.#store.transaction(() => {
          this.#store.putElements(rows);
          this.#store.replaceMembership(facet, view, members);
        });
      },
      () => (plain ? this.#store.viewListing(facet, view) : this.#store.query<Element[]>(key)),
    );
  }

  getElement(
    facet: string,
    view: string,
    id: string,
    query: ElementQuery = {},
    options: Signal = {},
  ): Promise<Read<Element>> {
    const plain = isPlain(query);
    const key = keyOf('element', facet, view, id, query);
    return this.#read(
      `element ${id}`,
      () => this.#process.getElement(facet, view, id, query, options),
      (element) =>
        plain ? this.#store.putElements(flattenListing([element]).rows) : this.#store.putQuery(key, element),
      // Offline, a tree element's children come back as references (the rows hold no subtrees).
      () => (plain ? this.#store.element(id) : this.#store.query<Element>(key)),
    );
  }

  #detail<T>(id: string, kind: string, what: string, live: () => Promise<T>): Promise<Read<T>> {
    return this.#read(
      what,
      live,
      (value) => this.#store.putDetail(id, kind, value),
      () => this.#store.detail<T>(id, kind),
    );
  }

  getAttributes(
    facet: string,
    view: string,
    id: string,
    attribute?: string,
    options: Signal = {},
  ): Promise<Read<Record<string, CultureMap>>> {
    return this.#detail(
      id,
      attribute ? `attributes/${attribute}` : 'attributes',
      `the attributes of ${id}`,
      () => this.#process.getAttributes(facet, view, id, attribute, options),
    );
  }

  getRelated(
    facet: string,
    view: string,
    id: string,
    context?: string,
    options: Signal = {},
  ): Promise<Read<Record<string, RelatedReference[]>>> {
    return this.#detail(id, context ? `related/${context}` : 'related', `the related contexts of ${id}`, () =>
      this.#process.getRelated(facet, view, id, context, options),
    );
  }

  getInfo(facet: string, view: string, id: string, options: Signal = {}): Promise<Read<ElementInfo>> {
    return this.#detail(id, 'info', `the info of ${id}`, () =>
      this.#process.getInfo(facet, view, id, options),
    );
  }

  getContent(facet: string, view: string, id: string, options: Signal = {}): Promise<Read<ContentShape[]>> {
    return this.#detail(id, 'content', `the diagram content of ${id}`, () =>
      this.#process.getContent(facet, view, id, options),
    );
  }

  listVersions(facet: string, view: string, id: string, options: Signal = {}): Promise<Read<Element[]>> {
    return this.#detail(id, 'versions', `the versions of ${id}`, () =>
      this.#process.listVersions(facet, view, id, options),
    );
  }

  listTransitions(id: string, options: Signal = {}): Promise<Read<Transition[]>> {
    return this.#detail(id, 'transitions', `the transitions of ${id}`, () =>
      this.#process.listTransitions(id, options),
    );
  }

  getConfig(facet: string, view: string, type: string, options: Signal = {}): Promise<Read<ElementType[]>> {
    return this.#read(
      `element type ${type}`,
      () => this.#process.getConfig(facet, view, type, options),
      (types) => this.#store.putElementType(facet, view, type, types),
      () => this.#store.elementType<ElementType[]>(facet, view, type),
    );
  }

  renderDiagram(
    diagramId: string,
    culture: number,
    layout: LayoutKey,
    options: Signal = {},
  ): Promise<Read<string>> {
    return this.#read(
      `the ${layout} rendering of ${diagramId}`,
      () => this.#process.renderDiagram(diagramId, culture, layout, options),
      (svg) => this.#store.putRender(diagramId, culture, layout, svg),
      () => this.#store.render(diagramId, culture, layout),
    );
  }

  exportBpmn(id: string, lcid: number, options: Signal = {}): Promise<Read<string>> {
    return this.#read(
      `the BPMN of ${id}`,
      () => this.#client(this.#options.bpmn).exportBpmn(id, lcid, options),
      (xml) => this.#store.putBpmn(id, lcid, xml),
      () => this.#store.bpmn(id, lcid),
    );
  }

  #report<T>(key: string, what: string, live: () => Promise<T>): Promise<Read<T>> {
    return this.#read(
      what,
      live,
      (value) => this.#store.putReporting(key, value),
      () => this.#store.reporting<T>(key),
    );
  }

  reportElements(
    query: { skip?: number; take?: number; facetName?: string },
    options: Signal = {},
  ): Promise<Read<ReportingPage>> {
    return this.#report(
      keyOf('elements', query.facetName ?? null, query.skip ?? 0, query.take ?? null),
      'the reporting list',
      () => this.#client(this.#options.reporting).listElements(query, options),
    );
  }

  reportAllElements(
    query: { facetName?: string },
    options: Signal & { onPage?: (done: number, total: number) => void } = {},
  ): Promise<Read<ReportingElement[]>> {
    return this.#report(keyOf('all elements', query.facetName ?? null), 'the reporting list', () =>
      this.#client(this.#options.reporting).listAllElements(query, options),
    );
  }

  reportFacets(options: Signal = {}): Promise<Read<string[]>> {
    return this.#report(keyOf('facets'), 'the reporting facet list', () =>
      this.#client(this.#options.reporting).listFacets(options),
    );
  }

  reportHierarchy(facet: string, options: Signal = {}): Promise<Read<ReportingHierarchyNode[]>> {
    return this.#report(keyOf('hierarchy', facet), `the reporting hierarchy of ${facet}`, () =>
      this.#client(this.#options.reporting).hierarchy(facet, options),
    );
  }
}
