/** `{base}/{collectionId}/{storageId}/_api/v1/bpmn/{elementId}` export (GET) and import (POST), spec §4.4. */
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { CULTURES, DEFAULT_CULTURE } from '../model/catalog.ts';
import { assertEditable, elementOr404, params, query } from '../process/common.ts';
import { operationResult, sendError, ServiceError } from '../process/result.ts';
import { exportBpmn } from './export.ts';
import { importBpmn } from './import.ts';

function cultureFrom(lcid: unknown): string {
  if (lcid === undefined || lcid === '' || lcid === '0') return DEFAULT_CULTURE;
  const value = String(lcid);
  if (!(CULTURES as readonly string[]).includes(value)) {
    throw new ServiceError(
      400,
      `Unsupported lcid ${value}; use 0 (default) or one of ${CULTURES.join(', ')}.`,
    );
  }
  return value;
}

export async function registerBpmnRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  bodyLimit: number,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/xml', 'text/xml', 'application/bpmn+xml', 'application/octet-stream'],
      { parseAs: 'string', bodyLimit },
      (_req, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (req, reply) => {
      const headerToken = req.headers['svc-auth-token'];
      const token =
        (query(req)['svc-auth-token'] as string | undefined) ??
        (typeof headerToken === 'string' ? headerToken : undefined);
      if (!token) return sendError(reply, 401, 'Missing svc-auth-token.', 'Unauthorized');
      if (token !== ctx.config.bpmnToken)
        return sendError(reply, 401, 'The svc-auth-token is invalid or expired.', 'Unauthorized');
      const p = params(req);
      if (p.collectionId !== ctx.config.collectionId || p.storageId !== ctx.config.storageId) {
        return sendError(reply, 404, `Unknown collection or storage "${p.collectionId}/${p.storageId}".`);
      }
      return undefined;
    });

    const path = '/:collectionId/:storageId/_api/v1/bpmn/:elementId';
    scope.get(path, async (req, reply) => {
      const culture = cultureFrom(query(req).lcid);
      const row = elementOr404(ctx, params(req).elementId);
      if (row.type !== 'process')
        throw new ServiceError(400, `Element "${row.id}" is a ${row.type}, not a process.`);
      return reply.type('application/xml; charset=utf-8').send(exportBpmn(ctx, row, culture));
    });

    scope.post(path, async (req) => {
      const culture = cultureFrom(query(req).lcid);
      const row = elementOr404(ctx, params(req).elementId);
      if (row.type !== 'process')
        throw new ServiceError(400, `Element "${row.id}" is a ${row.type}, not a process.`);
      assertEditable(row);
      const body =
        typeof req.body === 'string' ? req.body : Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      if (body.trim() === '') throw new ServiceError(400, 'The request body must contain BPMN XML.');
      const summary = await importBpmn(ctx, row, body.replace(/^\uFEFF/, ''), culture);
      return {
        ...operationResult(
          'Success',
          `BPMN imported: ${summary.created} created, ${summary.updated} updated, ${summary.removed} removed, ${summary.flows} flows.`,
        ),
        summary,
      };
    });
  });
}
