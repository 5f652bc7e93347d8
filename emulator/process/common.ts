/** Shared pieces of the process-management routes: auth, api-version, lookups. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import type { FacetDef, ViewDef } from '../model/catalog.ts';
import { facetDef } from '../model/catalog.ts';
import type { ElementRow } from '../store/elements.ts';
import { getCurrent } from '../store/elements.ts';
import { sendError, ServiceError } from './result.ts';

type Params = Record<string, string>;
export type Query = Record<string, unknown>;

export function params(req: FastifyRequest): Params {
  return req.params as Params;
}

export function query(req: FastifyRequest): Query {
  return (req.query ?? {}) as Query;
}

/** Adds the process-management auth check (header or query `symbio-auth-token`) to a route scope. */
export function requireProcessAuth(scope: FastifyInstance, ctx: EmulatorContext): void {
  scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['symbio-auth-token'];
    const token =
      (typeof header === 'string' ? header : undefined) ??
      (query(req)['symbio-auth-token'] as string | undefined);
    if (!token)
      return sendError(reply, 401, 'Missing authentication token (symbio-auth-token).', 'Unauthorized');
    if (token !== ctx.config.authToken)
      return sendError(reply, 401, 'The authentication token is invalid or expired.', 'Unauthorized');
    const p = params(req);
    if (p.collectionId !== undefined && p.collectionId !== ctx.config.collectionId) {
      return sendError(reply, 404, `Unknown collection "${p.collectionId}".`);
    }
    if (p.storageId !== undefined && p.storageId !== ctx.config.storageId) {
      return sendError(reply, 404, `Unknown storage "${p.storageId}".`);
    }
    return undefined;
  });
}

/**
 * The client picks the api-version with a header (or query parameter). Absent
 * means the newest version the operation supports; a version the operation
 * does not have is refused, like the real service's versioned routing.
 */
export function apiVersion(req: FastifyRequest, supported: readonly string[]): string {
  const header = req.headers['api-version'];
  const raw =
    (typeof header === 'string' ? header : undefined) ?? (query(req)['api-version'] as string | undefined);
  if (raw === undefined || raw === '') return supported[supported.length - 1] ?? '1.0';
  const normalized = /^\d+$/.test(raw) ? `${raw}.0` : raw;
  if (!supported.includes(normalized)) {
    throw new ServiceError(
      400,
      `api-version ${raw} is not supported by this operation; supported: ${supported.join(', ')}.`,
    );
  }
  return normalized;
}

export function facetOr404(facetId: string | undefined): FacetDef {
  const facet = facetDef(facetId ?? '');
  if (!facet) throw new ServiceError(404, `Facet "${facetId}" not found.`);
  return facet;
}

export function viewOr404(facet: FacetDef, viewId: string | undefined): ViewDef {
  const view = facet.views.find((v) => v.name === viewId);
  if (!view) throw new ServiceError(404, `View "${viewId}" not found in facet "${facet.name}".`);
  return view;
}

export function elementOr404(ctx: EmulatorContext, id: string | undefined): ElementRow {
  const row = getCurrent(ctx.db, id ?? '');
  if (!row) throw new ServiceError(404, `Element "${id}" not found.`);
  return row;
}

const READ_ONLY_STATES = new Set(['released', 'inEffect', 'requestToExpire', 'expired']);

export function assertEditable(row: ElementRow): void {
  if (READ_ONLY_STATES.has(row.state)) {
    throw new ServiceError(
      409,
      `Element "${row.id}" is ${row.state} and therefore read-only; create a new version to change it.`,
    );
  }
}
