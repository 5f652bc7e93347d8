/** `P/diagram/{diagramId}/render/{cultureId}/{layoutKey}`: the diagram id of a process is its element id. */
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { CULTURES, DEFAULT_CULTURE } from '../model/catalog.ts';
import { apiVersion, params } from '../process/common.ts';
import { getFlows, getShapes } from '../store/content.ts';
import { getCurrent, getCurrentMany } from '../store/elements.ts';
import { LAYOUT_KEYS, renderSvg } from './render.ts';

function renderError(code: string, message: string): Record<string, unknown> {
  // The render error has no `output`; `data` is a single Error object (spec §7.1).
  return { message, type: 'Error', data: { type: 'Error', code, message } };
}

export function registerDiagramRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(
    '/:collectionId/:storageId/_api/rest/diagram/:diagramId/render/:cultureId/:layoutKey',
    async (req, reply) => {
      apiVersion(req, ['2.0']);
      const p = params(req);
      const layoutKey = p.layoutKey ?? '';
      if (!(LAYOUT_KEYS as readonly string[]).includes(layoutKey)) {
        return reply
          .code(400)
          .send(
            renderError(
              'UnknownLayout',
              `Unknown layout key "${layoutKey}"; known: ${LAYOUT_KEYS.join(', ')}.`,
            ),
          );
      }
      const culture = p.cultureId === '0' ? DEFAULT_CULTURE : (p.cultureId ?? '');
      if (!(CULTURES as readonly string[]).includes(culture)) {
        return reply.code(400).send(renderError('UnknownCulture', `Unknown culture "${p.cultureId}".`));
      }
      const process = getCurrent(ctx.db, p.diagramId ?? '');
      if (!process || process.type !== 'process') {
        return reply.code(404).send(renderError('DiagramNotFound', `Diagram "${p.diagramId}" not found.`));
      }
      const shapes = getShapes(ctx.db, process.versionId);
      const svg = renderSvg({
        process,
        shapes,
        flows: getFlows(ctx.db, process.versionId),
        elements: getCurrentMany(
          ctx.db,
          shapes.map((s) => s.elementId),
        ),
        culture,
        layoutKey,
        script: ctx.svgScript,
      });
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
}
