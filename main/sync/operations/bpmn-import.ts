/**
 * Publishing a diagram: the service's BPMN import. Before it is sent the
 * element is compared with the base the edit was made from; a server change
 * is merged three ways (or held for the user). After it arrived the service's
 * export is compared with what was sent (verified publish), and that export,
 * not what was sent, becomes the base of whatever is edited next.
 *
 * With `newVersion` (a draft on a released process) the operation first makes
 * the new version, then imports into it: one operation, so it is queued
 * offline as one and delivered once (an attempt that finds the new version
 * already there imports only).
 */
import { z } from 'zod';
import { isReadOnlyState } from '../../../shared/domain/release-states.ts';
import { parseBpmn } from '../../bpmn/bpmn-items.ts';
import { whatWasNotKept } from '../../bpmn/publish-verification.ts';
import { mergeBpmn } from '../../bpmn/three-way-merge.ts';
import { changedOnOf, versionLabelOf } from '../../../shared/domain/process.ts';
import { errorData, LanesError, type LanesErrorData } from '../../../shared/ipc/errors.ts';
import {
  baseOf,
  changedSince,
  defineOperation,
  type OperationContext,
  type Verification,
} from './operation-handler.ts';

export const bpmnImport = defineOperation({
  kind: 'bpmnImport',
  payload: z.object({
    culture: z.number().int(),
    /** What is sent (after a merge: the merged diagram). */
    xml: z.string(),
    /** The server's diagram this edit started from (the merge base). */
    baseXml: z.string(),
    /** The user's own diagram as saved, so a merge never passes for the user's words. */
    originalXml: z.string(),
    /** Make a new version first when the process is in a state that refuses imports. */
    newVersion: z.boolean().optional(),
    /**
     * A conflict resolution (keep mine, replace with mine) that overwrites
     * this many elements a colleague changed: the publish's outcome says so.
     */
    replaced: z.number().int().nonnegative().optional(),
    /**
     * A file imported as it is (the command line's `bpmn import`): it replaces
     * the service's diagram, so nothing is merged, and no draft is closed or
     * rebased by it (a draft's next publish meets it as a server change).
     */
    fromFile: z.boolean().optional(),
  }),

  async prepare(ctx, op) {
    const current = await ctx.service.element();
    if (isReadOnlyState(current.state)) {
      // The new version is made by send, from the version the draft was based on.
      if (op.payload.newVersion) return { next: 'send' };
      return { next: 'fail', error: await refusedAsReleased(ctx, current.state) };
    }
    if (op.payload.fromFile || !changedSince(current, op.base)) return { next: 'send' };
    const { culture } = op.payload;
    const theirs = await ctx.service.exported(culture);
    const merge = await mergeBpmn(op.payload.baseXml, op.payload.xml, theirs);
    const theirsBase = baseOf(current, op.base);
    // Nothing of theirs (a new version, a change time the service moved by itself): sent on the new base.
    if (merge.clean && merge.theirs.length === 0)
      return { next: 'send', payload: { ...op.payload, xml: merge.xml, baseXml: theirs }, base: theirsBase };
    const conflict = {
      elementId: op.elementId,
      culture,
      opId: op.opId,
      baseXml: op.payload.baseXml,
      mineXml: op.payload.xml,
      theirsXml: theirs,
      theirsVersionId: theirsBase.versionId,
      theirsChangedOn: theirsBase.changedOn,
    };
    if (!merge.clean) {
      return {
        next: 'hold',
        why: changedOnServer(merge.overlaps.map((o) => o.name ?? o.id)),
        conflict: {
          ...conflict,
          changes: { overlaps: merge.overlaps, mine: merge.mine, theirs: merge.theirs },
          kind: 'conflict',
          mergedXml: null,
        },
      };
    }
    if (ctx.reviewMerges) {
      return {
        next: 'hold',
        why: errorData(
          'outbox.mergedForReview',
          'Changed on the server meanwhile; merged, waiting for your review.',
        ),
        conflict: {
          ...conflict,
          changes: { overlaps: [], mine: merge.applied, theirs: merge.theirs },
          kind: 'review',
          mergedXml: merge.xml,
        },
      };
    }
    // The merged result becomes what is sent, against the server's version as the new base.
    return {
      next: 'send',
      payload: { ...op.payload, xml: merge.xml, baseXml: theirs },
      base: theirsBase,
      merged: { applied: merge.applied, theirs: merge.theirs },
    };
  },

  async send(ctx, op) {
    if (op.payload.newVersion && isReadOnlyState((await ctx.service.element()).state)) {
      ctx.service.learnt(await ctx.clients.process.createVersion(op.elementId, ctx.signal));
    }
    try {
      const response = await ctx.clients.bpmn.importBpmn(
        op.elementId,
        op.payload.culture,
        op.payload.xml,
        ctx.signal,
      );
      return { response };
    } catch (error) {
      throw await releasedMeanwhile(ctx, error);
    }
  },

  /** An import arrived when the server's BPMN has the same elements, names and flows as what was sent. */
  async alreadyApplied(ctx, op) {
    const server = await ctx.service.exported(op.payload.culture);
    return (await semanticSignature(server)) === (await semanticSignature(op.payload.xml));
  },

  async verify(ctx, op) {
    const verification: Verification = { notKept: null };
    try {
      // The element first: the export is kept in the cache stamped with the version it belongs to.
      verification.element = await ctx.service.element();
      // Imported into a new version: editing rights follow the new version's state.
      if ((verification.element.versionId ?? null) !== op.base.versionId) await ctx.service.refreshInfo();
      verification.serviceXml = await ctx.service.exported(op.payload.culture);
      verification.notKept = await whatWasNotKept(op.payload.xml, verification.serviceXml);
    } catch {
      // The import arrived; only the check could not be made, and the cached copy is no longer the service's.
      if (verification.serviceXml === undefined) ctx.service.unknownExport(op.payload.culture);
    }
    return verification;
  },

  settle(stores, op, verification) {
    const { culture, xml, originalXml } = op.payload;
    const { element, serviceXml } = verification;
    const after = element
      ? {
          versionId: element.versionId ?? null,
          changedOn: changedOnOf(element),
          versionLabel: versionLabelOf(element),
        }
      : { versionId: op.base.versionId, changedOn: null, versionLabel: null };
    stores.history.remember({
      elementId: op.elementId,
      lcid: culture,
      ...after,
      kind: 'published',
      xml,
      notKept: verification.notKept ?? null,
    });
    if (serviceXml && element) {
      stores.history.remember({
        elementId: op.elementId,
        lcid: culture,
        ...after,
        kind: 'server',
        xml: serviceXml,
      });
    }
    // The published draft is closed; one saved after publishing stays, based on what the service holds now.
    const draft = op.payload.fromFile ? undefined : stores.drafts.get(op.elementId, culture);
    if (!draft) return;
    if (draft.localXml === originalXml || draft.localXml === xml)
      stores.drafts.discard(op.elementId, culture);
    else
      stores.drafts.replaceBase(op.elementId, culture, {
        versionId: after.versionId,
        changedOn: after.changedOn,
        xml: serviceXml ?? xml,
      });
  },
});

/**
 * A refusal because the process is released (in effect, expiring, expired):
 * the element as the service has it is in the cache already (the check read
 * it), and what the user may do with it now (a new version?) is asked again,
 * so the editor offers "create a new version and publish into it" at once.
 */
async function refusedAsReleased(ctx: OperationContext, state: string | undefined): Promise<LanesErrorData> {
  await ctx.service.refreshInfo();
  return errorData(
    'outbox.released',
    `The process is ${state} and cannot be changed: create a new version, then publish again.`,
    { state: state ?? '' },
  );
}

/** A conflict's headline: the elements both sides changed, by name where they have one. */
function changedOnServer(names: string[]): LanesErrorData {
  const elements = names.join(', ');
  return errorData('outbox.changedOnServer', `Changed on the server: ${elements}`, { elements });
}

/**
 * The service refused the import (409, \`api.conflict\`): released between the
 * check and the import, it is the same refusal as one found by the check
 * (the element's state is read again and kept); anything else is left as it
 * came.
 */
async function releasedMeanwhile(ctx: OperationContext, error: unknown): Promise<unknown> {
  if (!(error instanceof LanesError) || error.code !== 'api.conflict') return error;
  try {
    ctx.service.forget();
    const now = await ctx.service.element();
    if (!isReadOnlyState(now.state)) return error;
    return new LanesError({ ...(await refusedAsReleased(ctx, now.state)), cause: error });
  } catch {
    return error;
  }
}

async function semanticSignature(xml: string): Promise<string> {
  const doc = await parseBpmn(xml);
  const rows = [...doc.items.values()]
    .filter(
      (item) =>
        item.kind === 'semantic' &&
        /Task|Event|Gateway|SequenceFlow|SubProcess|CallActivity/.test(item.element.$type),
    )
    .map((item) => {
      const e = item.element as {
        id?: string;
        name?: string;
        sourceRef?: { id?: string };
        targetRef?: { id?: string };
      };
      return [e.id, item.element.$type, e.name ?? '', e.sourceRef?.id ?? '', e.targetRef?.id ?? ''].join('|');
    });
  return rows.sort().join('\n');
}
