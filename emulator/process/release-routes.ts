/** Transitions, change state and create version (spec §3, §4.2 release rows). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { INVARIANT, state1For } from '../model/catalog.ts';
import { copyContent } from '../store/content.ts';
import type { ElementRow } from '../store/elements.ts';
import { getVersions, insertElement, updateElement } from '../store/elements.ts';
import { OPEN_END, serviceDate } from '../util/time.ts';
import { apiVersion, elementOr404, params, query } from './common.ts';
import { operationResult, ServiceError } from './result.ts';
import { Serializer, shapingFrom } from './serialize.ts';
import { isKnownTransition, nextVersionLabel, transitionsFrom } from './state-machine.ts';

const RELEASE_PREFIXES = [
  '/:collectionId/:storageId/_api/release',
  '/:collectionId/:storageId/_api/rest/release',
];

function setInvariant(row: ElementRow, name: string, value: string): void {
  row.attributes[name] = { [INVARIANT]: value };
}

function releaseWarnings(row: ElementRow): string[] {
  const warnings: string[] = [];
  const description = Object.values(row.attributes.description ?? {}).some((v) => v.trim() !== '');
  if (!description) warnings.push('The element has no description.');
  if (!(row.related.owner ?? []).length) warnings.push('The element has no owner.');
  return warnings;
}

/** The current version's releaseHistory lists every other version with its state. */
function refreshHistory(ctx: EmulatorContext, id: string): void {
  const versions = getVersions(ctx.db, id);
  for (const v of versions) {
    if (!v.isCurrent) continue;
    v.related.releaseHistory = versions
      .filter((o) => o.versionId !== v.versionId)
      .map((o) => ({ id: o.id, versionId: o.versionId, state: o.state }));
    updateElement(ctx.db, v);
  }
}

export function changeState(ctx: EmulatorContext, row: ElementRow, target: string): void {
  const now = serviceDate();
  row.state = target;
  setInvariant(row, 'state1', state1For(target));
  setInvariant(row, 'changedOn', now);
  row.related.changedBy = [{ id: ctx.actingUserId }];
  if (target === 'released') {
    setInvariant(row, 'relOn', now);
    setInvariant(row, 'validFrom', now);
    setInvariant(row, 'validUntil', OPEN_END);
    row.related.relBy = [{ id: ctx.actingUserId }];
    for (const previous of getVersions(ctx.db, row.id)) {
      if (previous.versionId === row.versionId) continue;
      if (
        previous.state !== 'released' &&
        previous.state !== 'inEffect' &&
        previous.state !== 'requestToExpire'
      )
        continue;
      previous.state = 'expired';
      setInvariant(previous, 'state1', state1For('expired'));
      setInvariant(previous, 'validUntil', now);
      updateElement(ctx.db, previous);
    }
  }
  if (target === 'expired') setInvariant(row, 'validUntil', now);
  updateElement(ctx.db, row);
  refreshHistory(ctx, row.id);
}

export function createVersion(ctx: EmulatorContext, current: ElementRow, newVersionId: string): ElementRow {
  const now = serviceDate();
  const next: ElementRow = structuredClone(current);
  next.versionId = newVersionId;
  next.state = 'inProcess';
  next.versionSeq = current.versionSeq + 1;
  setInvariant(next, 'version', nextVersionLabel(current.attributes.version?.[INVARIANT]));
  setInvariant(next, 'state1', state1For('inProcess'));
  setInvariant(next, 'changedOn', now);
  for (const name of ['relOn', 'validFrom', 'validUntil', 'reasonForRevision']) delete next.attributes[name];
  delete next.related.relBy;
  next.related.changedBy = [{ id: ctx.actingUserId }];
  current.isCurrent = false;
  updateElement(ctx.db, current);
  insertElement(ctx.db, next);
  copyContent(ctx.db, current.versionId, next.versionId);
  refreshHistory(ctx, next.id);
  return next;
}

export function registerReleaseRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const respond = (req: FastifyRequest, id: string) => {
    const row = elementOr404(ctx, id);
    const element = new Serializer(ctx).element(row, shapingFrom(query(req)));
    return { count: 1, elements: [element] };
  };

  for (const prefix of RELEASE_PREFIXES) {
    app.get(`${prefix}/:elementId/transitions`, async (req) => {
      apiVersion(req, ['1.0']);
      const row = elementOr404(ctx, params(req).elementId);
      const values = transitionsFrom(row.state);
      return { count: values.length, values };
    });

    app.post(`${prefix}/:elementId/transitions/:transitionId`, async (req, reply) => {
      apiVersion(req, ['4.0']);
      const p = params(req);
      const row = elementOr404(ctx, p.elementId);
      const transition = transitionsFrom(row.state).find((t) => t.transitionId === p.transitionId);
      if (!transition) {
        const why = isKnownTransition(p.transitionId ?? '')
          ? `is not available in state ${row.state}`
          : 'is unknown';
        throw new ServiceError(400, `Transition "${p.transitionId}" ${why}.`);
      }
      const ignore = String(query(req).ignoreWarnings ?? 'false').toLowerCase() === 'true';
      if (transition.targetState === 'released' && !ignore) {
        const warnings = releaseWarnings(row);
        if (warnings.length) {
          return reply.code(200).send({
            ...operationResult(
              'Warning',
              `Release validation: ${warnings.join(' ')} Repeat with ignoreWarnings=true to release anyway.`,
              'Dialog',
            ),
            data: warnings.map((error) => ({ error })),
          });
        }
      }
      ctx.db.transaction(() => changeState(ctx, row, transition.targetState))();
      return respond(req, row.id);
    });

    app.post(`${prefix}/:elementId/createversion`, async (req) => {
      apiVersion(req, ['4.0']);
      const row = elementOr404(ctx, params(req).elementId);
      if (
        row.state !== 'released' &&
        row.state !== 'inEffect' &&
        row.state !== 'requestToExpire' &&
        row.state !== 'expired'
      ) {
        throw new ServiceError(
          409,
          `Element "${row.id}" already has a working version in state ${row.state}.`,
        );
      }
      ctx.db.transaction(() => createVersion(ctx, row, crypto.randomUUID()))();
      return respond(req, row.id);
    });
  }
}
