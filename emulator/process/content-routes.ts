/** Get content (§2.7) and create content from a ContentModel (§2.8, note 1 and 4). */
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { defaultBpmnType, DIAGRAM_TYPES } from '../bpmn/types.ts';
import { INVARIANT } from '../model/catalog.ts';
import { makeElement } from '../model/factory.ts';
import type { FlowRow, ShapeRow } from '../store/content.ts';
import { flowInserter, getShapes, shapeInserter } from '../store/content.ts';
import type { AttributeMap } from '../store/elements.ts';
import { insertElement, nextOrd, updateElement } from '../store/elements.ts';
import { serviceDate } from '../util/time.ts';
import { apiVersion, assertEditable, elementOr404, facetOr404, params, viewOr404 } from './common.ts';
import { operationResult, ServiceError } from './result.ts';
import { Serializer } from './serialize.ts';

interface ContentModel {
  shapeInfo: { index: number; predecessors?: number[] };
  element: { type: string; attributes?: AttributeMap };
}

function parseContentModel(body: unknown): ContentModel[] {
  const values = (body as { values?: unknown } | null)?.values;
  if (!Array.isArray(values) || values.length === 0)
    throw new ServiceError(400, 'The body must be a ContentModel with a non-empty "values" list.');
  const seen = new Set<number>();
  const models = values as ContentModel[];
  models.forEach((m, i) => {
    const index = m?.shapeInfo?.index;
    if (!Number.isInteger(index))
      throw new ServiceError(400, `values[${i}].shapeInfo.index must be an integer.`);
    if (seen.has(index)) throw new ServiceError(400, `values[${i}].shapeInfo.index ${index} is used twice.`);
    seen.add(index);
    if (typeof m.element?.type !== 'string' || !DIAGRAM_TYPES.has(m.element.type)) {
      throw new ServiceError(
        400,
        `values[${i}].element.type must be one of ${[...DIAGRAM_TYPES].join(', ')}.`,
      );
    }
  });
  models.forEach((m, i) => {
    for (const p of m.shapeInfo.predecessors ?? []) {
      if (!seen.has(p))
        throw new ServiceError(400, `values[${i}].shapeInfo.predecessors refers to unknown index ${p}.`);
    }
  });
  return models;
}

export function registerContentRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(
    '/:collectionId/:storageId/_api/rest/facets/:facetId/views/:viewId/elements/:elementId/content',
    async (req) => {
      apiVersion(req, ['2.0']);
      const p = params(req);
      viewOr404(facetOr404(p.facetId), p.viewId);
      const row = elementOr404(ctx, p.elementId);
      const elements = new Serializer(ctx).content(row);
      return { count: elements.length, elements };
    },
  );

  // The spec fixes the view segment to the literal "diagram" (note 1); any view of the facet is accepted.
  app.post(
    '/:collectionId/:storageId/_api/rest/facets/:facetId/views/:viewId/elements/:elementId/content',
    async (req) => {
      apiVersion(req, ['3.0']);
      const p = params(req);
      const facet = facetOr404(p.facetId);
      viewOr404(facet, p.viewId);
      const process = elementOr404(ctx, p.elementId);
      if (process.type !== 'process')
        throw new ServiceError(
          400,
          `Element "${process.id}" is a ${process.type}, not a process with a diagram.`,
        );
      assertEditable(process);
      const models = parseContentModel(req.body);
      const now = serviceDate();
      const created: Array<{ index: number; id: string; shapeId: string }> = [];
      ctx.db.transaction(() => {
        const existing = getShapes(ctx.db, process.versionId);
        let ord = existing.reduce((max, s) => Math.max(max, s.ord), 0) + 1;
        let elementOrd = nextOrd(ctx.db);
        const addShape = shapeInserter(ctx.db);
        const addFlow = flowInserter(ctx.db);
        const shapeByIndex = new Map<number, string>();
        for (const m of models) {
          const id = crypto.randomUUID();
          const shapeId = crypto.randomUUID();
          const attributes = { ...m.element.attributes };
          const names = attributes.name ?? { '1033': m.element.type };
          delete attributes.name;
          insertElement(
            ctx.db,
            makeElement({
              id,
              facet: process.facet,
              type: m.element.type,
              names,
              ord: elementOrd++,
              now,
              userId: ctx.actingUserId,
              attributes,
            }),
          );
          const shape: ShapeRow = {
            shapeId,
            elementId: id,
            bpmnId: `Shape_${shapeId}`,
            bpmnType: defaultBpmnType(m.element.type),
            ord: ord++,
            bounds: null,
            ext: null,
          };
          addShape(process.versionId, shape);
          shapeByIndex.set(m.shapeInfo.index, shapeId);
          created.push({ index: m.shapeInfo.index, id, shapeId });
        }
        const maxFlow = ctx.db
          .prepare('SELECT COALESCE(MAX(ord), 0) AS n FROM flows WHERE version_id = ?')
          .get(process.versionId) as { n: number };
        let flowOrd = maxFlow.n + 1;
        for (const m of models) {
          for (const pred of m.shapeInfo.predecessors ?? []) {
            const source = shapeByIndex.get(pred);
            const target = shapeByIndex.get(m.shapeInfo.index);
            if (!source || !target) continue;
            const flow: FlowRow = {
              flowId: `Flow_${crypto.randomUUID()}`,
              source,
              target,
              names: {},
              waypoints: null,
              ord: flowOrd++,
            };
            addFlow(process.versionId, flow);
          }
        }
        process.attributes.changedOn = { [INVARIANT]: now };
        process.related.changedBy = [{ id: ctx.actingUserId }];
        updateElement(ctx.db, process);
      })();
      return {
        ...operationResult('Success', `${created.length} shape(s) created.`),
        output: 'Volatile',
        data: created,
      };
    },
  );
}
