import { z } from 'zod';
import { BODY_LIMITS } from '../http/body-limits.ts';
import type {
  ContentShape,
  Element,
  ElementInfo,
  ElementListQuery,
  ElementType,
  Facet,
  FacetView,
  LayoutKey,
  NewShape,
  OperationResult,
  RelatedReference,
  Transition,
  CultureMap,
} from '../../../shared/domain/process.ts';
import * as normalize from './normalize.ts';
import { firstOf, notFoundError as notFound } from './normalize.ts';
import {
  cultureMapSchema,
  listEnvelope,
  mapEnvelope,
  rawElementSchema,
  rawElementTypeSchema,
  rawFacetSchema,
  rawInfoSchema,
  rawOperationResultSchema,
  rawRelatedSchema,
  rawTransitionSchema,
  rawViewSchema,
} from './raw-schemas.ts';
import { elementQuery, type ProcessRequester } from './process-requester.ts';

const enc = encodeURIComponent;
type Signal = { signal?: AbortSignal };

/**
 * Every operation of the process-management interface (service-api.md §4.2,
 * §4.4, plus delete from the vendor docs), returning the shared domain model.
 */
export class ProcessClient {
  readonly #r: ProcessRequester;

  constructor(requester: ProcessRequester) {
    this.#r = requester;
  }

  #view(facet: string, view: string, rest = ''): string {
    return `facets/${enc(facet)}/views/${enc(view)}${rest}`;
  }

  async listFacets(options: { apiVersion?: '1.0' | '4.0' } & Signal = {}): Promise<Facet[]> {
    const url = this.#r.restUrl('facets');
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'listFacets',
        url,
        apiVersion: options.apiVersion ?? '4.0',
        schema: listEnvelope(rawFacetSchema),
      },
      options,
    );
    return raw.map(normalize.facet);
  }

  async listViews(
    facet: string,
    options: { apiVersion?: '1.0' | '4.0' } & Signal = {},
  ): Promise<FacetView[]> {
    const url = this.#r.restUrl(`facets/${enc(facet)}/views`);
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'listViews',
        url,
        apiVersion: options.apiVersion ?? '4.0',
        what: `facet ${facet}`,
        schema: listEnvelope(rawViewSchema),
      },
      options,
    );
    return normalize.views(raw);
  }

  async listElements(
    facet: string,
    view: string,
    query: ElementListQuery = {},
    options: Signal = {},
  ): Promise<Element[]> {
    const url = this.#r.restUrl(this.#view(facet, view, '/elements'), {
      ...elementQuery(query),
      $page: query.page,
      $pageSize: query.pageSize,
      $pageSelectionKey: query.pageSelectionKey,
    });
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'listElements',
        url,
        apiVersion: '4.0',
        what: `view ${facet}/${view}`,
        schema: listEnvelope(rawElementSchema),
      },
      options,
    );
    return raw.map(normalize.element);
  }

  /** Pages through a whole view; `onPage` reports progress. The service gives no total. */
  /**
   * One page of a listing as the service sent it (status and embedded errors
   * checked, the body not parsed): for a reader that picks out only what it
   * needs (main/sync/stamp-listing.ts, a re-sync's cheap listing).
   */
  listElementsText(
    facet: string,
    view: string,
    query: ElementListQuery = {},
    options: Signal = {},
  ): Promise<string> {
    const url = this.#r.restUrl(this.#view(facet, view, '/elements'), {
      ...elementQuery(query),
      $page: query.page,
      $pageSize: query.pageSize,
      $pageSelectionKey: query.pageSelectionKey,
    });
    return this.#r.text({
      method: 'GET',
      operation: 'listElements',
      url,
      apiVersion: '4.0',
      auth: 'header',
      what: `view ${facet}/${view}`,
      ...options,
    });
  }

  async listAllElements(
    facet: string,
    view: string,
    query: Omit<ElementListQuery, 'page'> = {},
    options: Signal & { onPage?: (page: number, total: number) => void } = {},
  ): Promise<Element[]> {
    const pageSize = query.pageSize ?? 500;
    const all: Element[] = [];
    for (let page = 1; ; page++) {
      const items = await this.listElements(facet, view, { ...query, page, pageSize }, options);
      all.push(...items);
      options.onPage?.(page, all.length);
      if (items.length < pageSize) return all;
    }
  }

  async getElement(
    facet: string,
    view: string,
    id: string,
    query: Omit<ElementListQuery, 'page' | 'pageSize' | 'pageSelectionKey'> = {},
    options: Signal = {},
  ): Promise<Element> {
    const url = this.#r.restUrl(this.#view(facet, view, `/elements/${enc(id)}`), elementQuery(query));
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'getElement',
        url,
        apiVersion: '4.0',
        what: `element ${id}`,
        schema: listEnvelope(rawElementSchema),
      },
      options,
    );
    return firstOf(raw, 'getElement', id);
  }

  async getAttributes(
    facet: string,
    view: string,
    id: string,
    attribute?: string,
    options: Signal & { select?: string } = {},
  ): Promise<Record<string, CultureMap>> {
    const path = attribute
      ? `/elements/${enc(id)}/attributes/${enc(attribute)}`
      : `/elements/${enc(id)}/attributes`;
    const url = this.#r.restUrl(this.#view(facet, view, path), { $select: options.select });
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'getAttributes',
        url,
        apiVersion: '1.0',
        what: `element ${id}`,
        schema: mapEnvelope(cultureMapSchema),
      },
      options,
    );
    return Object.fromEntries(Object.entries(raw).map(([name, map]) => [name, normalize.cultureMap(map)]));
  }

  async getRelated(
    facet: string,
    view: string,
    id: string,
    context?: string,
    options: Signal & { expandRelated?: string } = {},
  ): Promise<Record<string, RelatedReference[]>> {
    const path = context ? `/elements/${enc(id)}/related/${enc(context)}` : `/elements/${enc(id)}/related`;
    const url = this.#r.restUrl(this.#view(facet, view, path), { $expandRelated: options.expandRelated });
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'getRelated',
        url,
        apiVersion: '1.0',
        what: `element ${id}`,
        schema: mapEnvelope(z.array(rawRelatedSchema)),
      },
      options,
    );
    return Object.fromEntries(Object.entries(raw).map(([name, list]) => [name, list.map(normalize.related)]));
  }

  async getInfo(facet: string, view: string, id: string, options: Signal = {}): Promise<ElementInfo> {
    const url = this.#r.restUrl(this.#view(facet, view, `/elements/${enc(id)}/info`));
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'getInfo',
        url,
        apiVersion: '1.0',
        what: `element ${id}`,
        schema: listEnvelope(rawInfoSchema),
      },
      options,
    );
    const first = raw[0];
    if (!first) throw notFound('get info', id);
    return first;
  }

  async getContent(facet: string, view: string, id: string, options: Signal = {}): Promise<ContentShape[]> {
    const url = this.#r.restUrl(this.#view(facet, view, `/elements/${enc(id)}/content`));
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'getContent',
        url,
        apiVersion: '2.0',
        what: `element ${id}`,
        schema: listEnvelope(rawElementSchema),
      },
      options,
    );
    return raw.map(normalize.contentShape);
  }

  /** The view segment is the literal `diagram` here, as the spec's path says. */
  async createContent(
    facet: string,
    id: string,
    shapes: NewShape[],
    options: Signal = {},
  ): Promise<OperationResult> {
    const url = this.#r.restUrl(`facets/${enc(facet)}/views/diagram/elements/${enc(id)}/content`);
    const model = {
      values: shapes.map((shape) => ({
        shapeInfo: {
          index: shape.index,
          ...(shape.predecessors ? { predecessors: shape.predecessors } : {}),
        },
        element: { type: shape.type, attributes: shape.attributes },
      })),
    };
    const raw = await this.#r.headerJson(
      {
        method: 'POST',
        operation: 'createContent',
        url,
        apiVersion: '3.0',
        what: `element ${id}`,
        schema: rawOperationResultSchema,
        json: model,
      },
      options,
    );
    return normalize.operationResult(raw);
  }

  async getConfig(facet: string, view: string, type: string, options: Signal = {}): Promise<ElementType[]> {
    const url = this.#r.restUrl(this.#view(facet, view, `/config/${enc(type)}`));
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'getElementType',
        url,
        apiVersion: '1.0',
        what: `element type ${type}`,
        schema: listEnvelope(rawElementTypeSchema),
      },
      options,
    );
    return raw.map(normalize.elementType);
  }

  async listVersions(facet: string, view: string, id: string, options: Signal = {}): Promise<Element[]> {
    const url = this.#r.restUrl(this.#view(facet, view, `/elements/${enc(id)}/versions`));
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'listVersions',
        url,
        apiVersion: '4.0',
        what: `element ${id}`,
        schema: listEnvelope(rawElementSchema),
      },
      options,
    );
    return raw.map(normalize.element);
  }

  async listTransitions(id: string, options: Signal = {}): Promise<Transition[]> {
    const url = this.#r.apiUrl(`release/${enc(id)}/transitions`);
    const raw = await this.#r.headerJson(
      {
        method: 'GET',
        operation: 'listTransitions',
        url,
        apiVersion: '1.0',
        what: `element ${id}`,
        schema: listEnvelope(rawTransitionSchema),
      },
      options,
    );
    return raw.map((t) => ({ id: t.transitionId, sourceState: t.sourceState, targetState: t.targetState }));
  }

  /** A warning result throws api.validationWarning; send again with ignoreWarnings to apply anyway. */
  async changeState(
    id: string,
    transitionId: string,
    options: Signal & { ignoreWarnings?: boolean } = {},
  ): Promise<Element> {
    const url = this.#r.apiUrl(`release/${enc(id)}/transitions/${enc(transitionId)}`, {
      ignoreWarnings: options.ignoreWarnings ? 'true' : 'false',
    });
    const raw = await this.#r.headerJson(
      {
        method: 'POST',
        operation: 'changeState',
        url,
        apiVersion: '4.0',
        what: `element ${id}`,
        schema: listEnvelope(rawElementSchema),
      },
      options,
    );
    return firstOf(raw, 'changeState', id);
  }

  async createVersion(id: string, options: Signal = {}): Promise<Element> {
    const url = this.#r.restUrl(`release/${enc(id)}/createversion`);
    const raw = await this.#r.headerJson(
      {
        method: 'POST',
        operation: 'createVersion',
        url,
        apiVersion: '4.0',
        what: `element ${id}`,
        schema: listEnvelope(rawElementSchema),
      },
      options,
    );
    return firstOf(raw, 'createVersion', id);
  }

  async deleteElement(
    facet: string,
    view: string,
    id: string,
    options: Signal = {},
  ): Promise<OperationResult> {
    const url = this.#r.restUrl(this.#view(facet, view, `/elements/${enc(id)}/delete`));
    const raw = await this.#r.headerJson(
      {
        method: 'POST',
        operation: 'deleteElement',
        url,
        apiVersion: '2.0',
        what: `element ${id}`,
        schema: rawOperationResultSchema,
      },
      options,
    );
    return normalize.operationResult(raw);
  }

  /** Raw SVG as the service sent it: hostile until sanitized by whoever shows it. */
  renderDiagram(
    diagramId: string,
    culture: number,
    layout: LayoutKey,
    options: Signal = {},
  ): Promise<string> {
    const url = this.#r.restUrl(`diagram/${enc(diagramId)}/render/${culture}/${enc(layout)}`);
    return this.#r.text({
      operation: 'renderDiagram',
      method: 'GET',
      url,
      apiVersion: '2.0',
      maxBodyBytes: BODY_LIMITS.render,
      auth: 'header',
      what: `diagram ${diagramId}`,
      ...options,
    });
  }
}
