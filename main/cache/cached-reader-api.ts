/** What every cached read returns, and the reader interface the CLI and the app program against. */
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

/** A read and where it came from; `fetchedAt` is when the service last sent it. */
export interface Read<T> {
  value: T;
  source: 'live' | 'cache';
  fetchedAt: string;
}

export type Signal = { signal?: AbortSignal };
export type ElementQuery = Omit<ElementListQuery, 'page' | 'pageSize' | 'pageSelectionKey'>;

/**
 * Every read Lanes makes of the service, cache-aware: live when the service
 * answers (and the answer refreshes the cache), from the cache when it cannot
 * be reached or when the reader is offline. The CLI and the desktop app both
 * read through this.
 */
export interface CachedReader {
  readonly offline: boolean;
  listFacets(options?: Signal): Promise<Read<Facet[]>>;
  listViews(facet: string, options?: Signal): Promise<Read<FacetView[]>>;
  listElements(
    facet: string,
    view: string,
    query?: ElementListQuery,
    options?: Signal,
  ): Promise<Read<Element[]>>;
  listAllElements(
    facet: string,
    view: string,
    query?: Omit<ElementListQuery, 'page'>,
    options?: Signal & { onPage?: (page: number, total: number) => void },
  ): Promise<Read<Element[]>>;
  getElement(
    facet: string,
    view: string,
    id: string,
    query?: ElementQuery,
    options?: Signal,
  ): Promise<Read<Element>>;
  getAttributes(
    facet: string,
    view: string,
    id: string,
    attribute?: string,
    options?: Signal,
  ): Promise<Read<Record<string, CultureMap>>>;
  getRelated(
    facet: string,
    view: string,
    id: string,
    context?: string,
    options?: Signal,
  ): Promise<Read<Record<string, RelatedReference[]>>>;
  getInfo(facet: string, view: string, id: string, options?: Signal): Promise<Read<ElementInfo>>;
  getContent(facet: string, view: string, id: string, options?: Signal): Promise<Read<ContentShape[]>>;
  getConfig(facet: string, view: string, type: string, options?: Signal): Promise<Read<ElementType[]>>;
  listVersions(facet: string, view: string, id: string, options?: Signal): Promise<Read<Element[]>>;
  listTransitions(id: string, options?: Signal): Promise<Read<Transition[]>>;
  /** Raw SVG: sanitize before showing. */
  renderDiagram(
    diagramId: string,
    culture: number,
    layout: LayoutKey,
    options?: Signal,
  ): Promise<Read<string>>;
  exportBpmn(id: string, lcid: number, options?: Signal): Promise<Read<string>>;
  reportElements(
    query: { skip?: number; take?: number; facetName?: string },
    options?: Signal,
  ): Promise<Read<ReportingPage>>;
  reportAllElements(
    query: { facetName?: string },
    options?: Signal & { onPage?: (done: number, total: number) => void },
  ): Promise<Read<ReportingElement[]>>;
  reportFacets(options?: Signal): Promise<Read<string[]>>;
  reportHierarchy(facet: string, options?: Signal): Promise<Read<ReportingHierarchyNode[]>>;
}
