/** Facets, views, element lists and element details (spec §4.2, read side, plus delete). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { FACETS, LEGACY_DUPLICATE_VIEW, localized, propertiesOf, typeDef } from '../model/catalog.ts';
import type { ElementRow, ListQuery } from '../store/elements.ts';
import {
  deleteElement,
  getVersions,
  iterateElements,
  listElements,
  positionOf,
  rootPathOf,
} from '../store/elements.ts';
import { apiVersion, assertEditable, elementOr404, facetOr404, params, query, viewOr404 } from './common.ts';
import { parseFilter } from './filter.ts';
import { operationResult, ServiceError } from './result.ts';
import { Serializer, shapingFrom } from './serialize.ts';

const V = '/:collectionId/:storageId/_api/rest/facets/:facetId/views/:viewId';
const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;
const KNOWN_RELATED = ['author', 'changedBy', 'createdBy', 'owner', 'relBy', 'releaseHistory'];

function intParam(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ServiceError(400, `${name} must be an integer >= ${min}, got "${String(value)}".`);
  return n;
}

function displayField(version: string, names: Record<string, string>): Record<string, unknown> {
  return version === '1.0' ? { displayName: localized(names, '1033') } : { displayNames: names };
}

export function registerElementRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  // The port is known only after listen, so URLs are built per request.
  const base = (): string =>
    `${ctx.config.processBaseUrl}/${ctx.config.collectionId}/${ctx.config.storageId}/_api/rest`;

  app.get('/:collectionId/:storageId/_api/rest/facets', async (req) => {
    const version = apiVersion(req, ['1.0', '4.0']);
    const values = FACETS.map((f) => ({
      name: f.name,
      ...displayField(version, f.displayNames),
      views: `${base()}/facets/${f.name}/views`,
    }));
    return { count: values.length, values };
  });

  app.get('/:collectionId/:storageId/_api/rest/facets/:facetId/views', async (req) => {
    const version = apiVersion(req, ['1.0', '4.0']);
    const facet = facetOr404(params(req).facetId);
    const views = facet.views.flatMap((v) =>
      version === '1.0' && facet.name === LEGACY_DUPLICATE_VIEW.facet && v.name === LEGACY_DUPLICATE_VIEW.view
        ? [v, v]
        : [v],
    );
    const values = views.map((v) => ({
      name: v.name,
      ...displayField(version, v.displayNames),
      isHierarchical: v.hierarchical,
      elements: `${base()}/facets/${facet.name}/views/${v.name}/elements`,
    }));
    return { count: values.length, values };
  });

  app.get(`${V}/elements`, async (req) => {
    apiVersion(req, ['4.0']);
    const p = params(req);
    const q = query(req);
    const facet = facetOr404(p.facetId);
    const view = viewOr404(facet, p.viewId);
    const predicate = parseFilter(q.$filter as string | undefined);
    const pageSize = Math.min(intParam(q.$pageSize, '$pageSize', DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
    let page = intParam(q.$page, '$page', 1, 1);
    // A filter on a hierarchical view searches at every depth, so only unfiltered trees list roots.
    const list: ListQuery = {
      facet: facet.name,
      types: view.types,
      rootsOnly: view.hierarchical && !predicate,
    };
    const serializer = new Serializer(ctx);
    const shaping = shapingFrom(q, view.hierarchical && !predicate);
    const selectionKey = q.$pageSelectionKey as string | undefined;
    let rows: ElementRow[];
    if (!predicate) {
      if (selectionKey) {
        const selected = elementOr404(ctx, selectionKey);
        const rootId = list.rootsOnly ? rootPathOf(ctx.db, selected)[0] : selected.id;
        const anchor = rootId ? serializer.lookup(rootId) : undefined;
        if (anchor) page = Math.floor(positionOf(ctx.db, list, anchor.ord) / pageSize) + 1;
      }
      rows = listElements(ctx.db, list, pageSize, (page - 1) * pageSize);
    } else {
      const matches: ElementRow[] = [];
      for (const row of iterateElements(ctx.db, list)) if (predicate(row)) matches.push(row);
      if (selectionKey) {
        const index = matches.findIndex((r) => r.id === selectionKey);
        if (index >= 0) page = Math.floor(index / pageSize) + 1;
      }
      rows = matches.slice((page - 1) * pageSize, page * pageSize);
    }
    const values = rows.map((r) => serializer.element(r, shaping));
    return { count: values.length, values };
  });

  app.get(`${V}/elements/:elementId`, async (req) => {
    apiVersion(req, ['4.0']);
    const p = params(req);
    viewOr404(facetOr404(p.facetId), p.viewId);
    const row = elementOr404(ctx, p.elementId);
    const q = query(req);
    const predicate = parseFilter(q.$filter as string | undefined);
    const elements = predicate && !predicate(row) ? [] : [new Serializer(ctx).element(row, shapingFrom(q))];
    return { count: elements.length, elements };
  });

  const attributes = async (req: FastifyRequest) => {
    apiVersion(req, ['1.0']);
    const p = params(req);
    viewOr404(facetOr404(p.facetId), p.viewId);
    const row = elementOr404(ctx, p.elementId);
    const q = query(req);
    const predicate = parseFilter(q.$filter as string | undefined);
    if (predicate && !predicate(row)) return { count: 0, values: {} };
    const only = p.attributeId;
    if (only !== undefined && !row.attributes[only]) {
      const type = typeDef(row.type);
      if (!type || !propertiesOf(type).some((d) => d.key === only)) {
        throw new ServiceError(404, `Attribute "${only}" not found on element "${row.id}".`);
      }
    }
    const values = new Serializer(ctx).attributes(row, shapingFrom(q), only);
    return { count: Object.keys(values).length, values };
  };
  app.get(`${V}/elements/:elementId/attributes`, attributes);
  app.get(`${V}/elements/:elementId/attributes/:attributeId`, attributes);

  const related = async (req: FastifyRequest) => {
    apiVersion(req, ['1.0']);
    const p = params(req);
    viewOr404(facetOr404(p.facetId), p.viewId);
    const row = elementOr404(ctx, p.elementId);
    const q = query(req);
    const predicate = parseFilter(q.$filter as string | undefined);
    if (predicate && !predicate(row)) return { count: 0, values: {} };
    const only = p.relatedId;
    if (only !== undefined && !row.related[only] && !KNOWN_RELATED.includes(only)) {
      throw new ServiceError(404, `Related context "${only}" not found on element "${row.id}".`);
    }
    const values = new Serializer(ctx).related(row, shapingFrom(q), only);
    if (only !== undefined && !values[only]) values[only] = [];
    return { count: Object.keys(values).length, values };
  };
  app.get(`${V}/elements/:elementId/related`, related);
  app.get(`${V}/elements/:elementId/related/:relatedId`, related);
  // An example in the reference shows POST for the single related context (spec §4.2 note 7).
  app.post(`${V}/elements/:elementId/related/:relatedId`, related);

  app.get(`${V}/elements/:elementId/info`, async (req) => {
    apiVersion(req, ['1.0']);
    const p = params(req);
    const facet = facetOr404(p.facetId);
    const view = viewOr404(facet, p.viewId);
    const row = elementOr404(ctx, p.elementId);
    const type = typeDef(row.type);
    const readOnly = row.state !== 'inProcess' && row.state !== 'inReview';
    const permissions = ['ShowElement', 'OpenElement', 'NewElement'];
    if (!readOnly) permissions.push('EditElement', 'DeleteElement');
    if (row.state !== 'released' && row.state !== 'expired') permissions.push('ApproveElement');
    const info = {
      elementTypeName: row.type,
      entityTypeName: row.type,
      facetTypeName: row.facet,
      facetViewKey: view.name,
      entityIds: [row.id],
      rootPath: rootPathOf(ctx.db, row),
      id: row.id,
      uid: row.versionId,
      shapeId: row.id,
      name: localized(row.attributes.name, '1033'),
      typeColor: type?.color ?? '#888888',
      hasDiagram: row.type === 'process',
      hasEditPermission: !readOnly,
      isCurrentCopyable: true,
      isCurrentInsertable: !readOnly,
      isCurrentMovable: !readOnly,
      isCurrentRemovable: !readOnly,
      isReadOnly: readOnly,
      isReadOnlyCollection: false,
      insertableDynamicTypes: {},
      permissions,
      readOnlyCollectionContext: 'None',
      readOnlyContext: 'None',
    };
    return { count: 1, values: [info] };
  });

  app.get(`${V}/config/:type`, async (req) => {
    apiVersion(req, ['1.0']);
    const p = params(req);
    viewOr404(facetOr404(p.facetId), p.viewId);
    const type = typeDef(p.type ?? '');
    if (!type) throw new ServiceError(404, `Element type "${p.type}" not found.`);
    const properties = propertiesOf(type).map((d) => ({
      key: d.key,
      displayNames: d.displayNames,
      descriptions: d.displayNames,
      tooltips: d.displayNames,
      attribute: {
        type: d.key,
        dataType: d.dataType,
        isInvariantCulture: d.invariant,
        selectableValues: d.selectableValues ?? [],
      },
    }));
    const values = [
      { key: type.key, displayNames: type.displayNames, descriptions: type.descriptions, properties },
    ];
    return { count: values.length, values };
  });

  app.get(`${V}/elements/:elementId/versions`, async (req) => {
    apiVersion(req, ['4.0']);
    const p = params(req);
    viewOr404(facetOr404(p.facetId), p.viewId);
    elementOr404(ctx, p.elementId);
    const q = query(req);
    const predicate = parseFilter(q.$filter as string | undefined);
    const serializer = new Serializer(ctx);
    const shaping = shapingFrom(q);
    const elements = getVersions(ctx.db, p.elementId ?? '')
      .filter((r) => !predicate || predicate(r))
      .map((r) => serializer.element(r, shaping));
    return { count: elements.length, elements };
  });

  app.post(`${V}/elements/:elementId/delete`, async (req) => {
    apiVersion(req, ['2.0']);
    const p = params(req);
    viewOr404(facetOr404(p.facetId), p.viewId);
    const row = elementOr404(ctx, p.elementId);
    assertEditable(row);
    ctx.db.transaction(() => deleteElement(ctx.db, row.id))();
    return operationResult('Success', 'Element has been deleted.');
  });
}
