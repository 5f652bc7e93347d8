/**
 * Reporting interface (spec §4.3) under `{reportingBaseUrl}/api/v1`. The real
 * service refreshes overnight; the emulator answers from live data.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { FACETS, INVARIANT } from '../model/catalog.ts';
import { allCurrent, countCurrent, pageCurrent } from '../store/elements.ts';
import type { ElementRow } from '../store/elements.ts';
import { GUID_PATTERN } from '../util/random.ts';

const MAX_TAKE = 100;

function item(row: ElementRow): Record<string, unknown> {
  return {
    id: row.id,
    versionId: row.versionId,
    facetName: row.facet,
    type: row.type,
    state: row.state,
    names: row.attributes.name ?? {},
    parentId: row.parentId,
    version: row.attributes.version?.[INVARIANT] ?? null,
    changedOn: row.attributes.changedOn?.[INVARIANT] ?? null,
  };
}

/** Query names are matched in any casing (`Skip`, `skip`, `SKIP`), as the spec's sample and table disagree. */
function lowerKeys(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>))
    out[k.toLowerCase()] = String(v);
  return out;
}

function nonNegative(value: string | undefined, name: string, fallback: number): number | string {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : `${name} must be a non-negative integer`;
}

export async function registerReportingRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  prefix: string,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const tenant = req.headers['x-tenant-id'];
        const key = req.headers['x-api-key'];
        if (typeof tenant !== 'string' || typeof key !== 'string') {
          return reply.code(401).send({
            statusCode: 401,
            error: 'Unauthorized',
            message: 'x-tenant-id and x-api-key headers are required.',
          });
        }
        if (!GUID_PATTERN.test(tenant)) {
          return reply
            .code(400)
            .send({ statusCode: 400, error: 'Bad Request', message: 'x-tenant-id must be a GUID.' });
        }
        if (
          tenant.toLowerCase() !== ctx.config.tenantId.toLowerCase() ||
          key !== ctx.config.reportingApiKey
        ) {
          return reply.code(401).send({
            statusCode: 401,
            error: 'Unauthorized',
            message: 'Unknown tenant or invalid or expired API key.',
          });
        }
        return undefined;
      });

      scope.get('/api/v1/elements', async (req, reply) => {
        const q = lowerKeys(req.query);
        const skip = nonNegative(q.skip, 'skip', 0);
        const take = nonNegative(q.take, 'take', MAX_TAKE);
        if (typeof skip === 'string' || typeof take === 'string') {
          return reply
            .code(400)
            .send({ statusCode: 400, error: 'Bad Request', message: typeof skip === 'string' ? skip : take });
        }
        const effectiveTake = Math.min(take, MAX_TAKE);
        const facet = q.facetname;
        const total = countCurrent(ctx.db, facet);
        const items = pageCurrent(ctx.db, facet, effectiveTake, skip).map(item);
        return { totalCount: total, skip, take: effectiveTake, items };
      });

      scope.get('/api/v1/facets', async () => FACETS.map((f) => f.name));

      scope.get('/api/v1/facets/:facetName/hierarchy', async (req, reply) => {
        const facetName = (req.params as { facetName: string }).facetName;
        if (!FACETS.some((f) => f.name === facetName)) {
          return reply
            .code(404)
            .send({ statusCode: 404, error: 'Not Found', message: `Facet "${facetName}" not found.` });
        }
        const rows = allCurrent(ctx.db, facetName);
        const ids = new Set(rows.map((r) => r.id));
        const nodes = new Map(rows.map((r) => [r.id, { ...item(r), children: [] as unknown[] }]));
        const roots: unknown[] = [];
        for (const r of rows) {
          const node = nodes.get(r.id);
          const parent = r.parentId && ids.has(r.parentId) ? nodes.get(r.parentId) : undefined;
          (parent ? parent.children : roots).push(node);
        }
        return roots;
      });
    },
    { prefix },
  );
}
