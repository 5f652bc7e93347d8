import { displayName } from '../../shared/domain/culture.ts';
import type {
  ConflictDetail,
  ConflictElement,
  ConflictSummary,
  EditorTarget,
  PublishResult,
} from '../../shared/domain/editor.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Conflict } from '../sync/conflict-store.ts';
import { planKeepMine, resolveConflict, type Resolution } from '../sync/resolve-conflict.ts';
import { assertPublishableBpmn } from '../bpmn/bpmn-check.ts';
import { parseBpmn } from '../bpmn/bpmn-items.ts';
import { compareElements } from '../bpmn/element-facts.ts';
import { asEditorCulture, type EditorContext } from './editor-context.ts';
import { openDocument } from './open-document.ts';
import { sendNow } from './publish-now.ts';

function conflictGone(id: string): LanesError {
  return new LanesError({
    code: 'editor.conflictGone',
    message: `There is no open conflict ${id}; it was resolved already or never existed.`,
    params: { id },
  });
}

function openConflict(ctx: EditorContext, id: string): Conflict {
  const conflict = ctx.conflicts.get(id);
  if (!conflict || conflict.resolvedAt) throw conflictGone(id);
  return conflict;
}

function summaryOf(ctx: EditorContext, conflict: Conflict): ConflictSummary {
  const element = ctx.reads.session.store.element(conflict.elementId)?.value;
  return {
    id: conflict.id,
    elementId: conflict.elementId,
    culture: conflict.culture,
    name: displayName(element?.attributes.name, conflict.culture, conflict.elementId).text,
    kind: conflict.kind,
    createdAt: conflict.createdAt,
    overlaps: conflict.changes.overlaps.length,
  };
}

export function listConflicts(ctx: EditorContext): ConflictSummary[] {
  return ctx.conflicts.open().map((conflict) => summaryOf(ctx, conflict));
}

/** The diagram a conflict is about, where its queued import was made. */
function targetOf(ctx: EditorContext, conflict: Conflict): EditorTarget {
  const op = ctx.outbox.get(conflict.opId);
  if (!op) throw conflictGone(conflict.id);
  return {
    facet: op.base.facet,
    view: op.base.view,
    id: conflict.elementId,
    culture: asEditorCulture(conflict.culture),
  };
}

/** At most this many elements are compared value by value; the change lists still name every one. */
const MAX_COMPARED = 2000;

/**
 * The elements to decide on, with their values in the base, my draft and
 * the server's version: those changed on both sides first, then the rest of
 * the changes. A version that cannot be parsed leaves the list empty (the
 * change lists and diagrams still show what changed).
 */
async function changedElements(
  conflict: Conflict,
  replaced: readonly string[],
  logger: Logger | undefined,
): Promise<ConflictElement[]> {
  const ids = new Map<string, boolean>();
  for (const overlap of conflict.changes.overlaps) ids.set(overlap.id, true);
  // What keep mine replaces is named in its confirmation, so it is among the first compared.
  for (const id of replaced) if (!ids.has(id)) ids.set(id, false);
  for (const change of [...conflict.changes.mine, ...conflict.changes.theirs])
    if (!ids.has(change.id)) ids.set(change.id, false);
  try {
    const [base, mine, theirs] = await Promise.all(
      [conflict.baseXml, conflict.mineXml, conflict.theirsXml].map((xml) => parseBpmn(xml)),
    );
    return compareElements(base!, mine!, theirs!, new Map([...ids].slice(0, MAX_COMPARED)));
  } catch (error) {
    logger?.warn(`The versions of conflict ${conflict.id} could not be compared element by element`, error);
    return [];
  }
}

export async function conflictDetail(
  ctx: EditorContext,
  id: string,
  logger?: Logger,
): Promise<ConflictDetail> {
  const conflict = openConflict(ctx, id);
  const { facet, view } = targetOf(ctx, conflict);
  const plan = await planKeepMine(conflict);
  const replaced = plan ? [...new Set(plan.replaced.map((entry) => entry.id))] : [];
  return {
    ...summaryOf(ctx, conflict),
    facet,
    view,
    baseXml: conflict.baseXml,
    mineXml: conflict.mineXml,
    theirsXml: conflict.theirsXml,
    mergedXml: conflict.mergedXml,
    overlapList: conflict.changes.overlaps,
    mine: conflict.changes.mine,
    theirs: conflict.changes.theirs,
    elements: await changedElements(conflict, replaced, logger),
    keepMine: plan ? { replaced } : null,
  };
}

/**
 * The user's decision, applied exactly as `lanes resolve` applies it, then
 * sent at once when the service is reachable. Keeping theirs sends nothing:
 * the answer is the server's diagram, now without a draft.
 */
export async function resolve(
  ctx: EditorContext,
  request: { id: string; resolution: Resolution['resolution']; xml?: string | undefined },
  logger: Logger,
): Promise<PublishResult> {
  const conflict = openConflict(ctx, request.id);
  const target = targetOf(ctx, conflict);
  if (request.resolution === 'merged' && request.xml !== undefined) await assertPublishableBpmn(request.xml);
  if (request.resolution === 'merged' && request.xml === undefined && conflict.mergedXml === null) {
    throw new LanesError({
      code: 'editor.notBpmn',
      message: 'This conflict has no automatic merge: send the merged diagram.',
      params: { reason: 'no merged diagram was given' },
    });
  }
  const choice: Resolution =
    request.resolution === 'merged'
      ? request.xml === undefined
        ? { resolution: 'merged' }
        : { resolution: 'merged', xml: request.xml }
      : { resolution: request.resolution };
  const waits = await resolveConflict(ctx, conflict, choice);
  if (waits) return sendNow(ctx, target, logger);
  let document = null;
  try {
    document = await openDocument(ctx, target);
  } catch (error) {
    logger.warn(`Could not reopen ${target.id} after keeping the server version`, error);
  }
  return {
    outcome: 'published',
    error: null,
    importSummary: null,
    conflictId: null,
    notKept: null,
    document,
  };
}
