import { LanesError } from '../../shared/ipc/errors.ts';
import { mergeBpmn, type Overlap } from '../bpmn/three-way-merge.ts';
import type { Conflict } from './conflict-store.ts';
import { SUPERSEDED } from './outbox-store.ts';
import type { OutboxStores } from './outbox-stores.ts';

export type Resolution =
  /** Keep mine: a three-way merge where my side wins where both changed; theirs stays wherever only they changed. */
  | { resolution: 'mine' }
  /** Replace theirs wholesale with my version: every change of theirs since the base is overwritten. */
  | { resolution: 'replace' }
  | { resolution: 'theirs' }
  /** Without xml: the automatic merge a review record holds. */
  | { resolution: 'merged'; xml?: string };

type ResolveStores = Pick<OutboxStores, 'outbox' | 'drafts' | 'conflicts' | 'history'>;

/** What "Keep mine" would send, and what of theirs it replaces; null when the two cannot be combined. */
export interface KeepMinePlan {
  xml: string;
  replaced: Overlap[];
}

/**
 * Keep mine as a three-way merge: my side where both changed, theirs where
 * only they changed. Null when their changes and mine cannot be combined
 * whole (their element inside a container I removed, my element inside one
 * they removed): then only replacing theirs wholesale or merging by hand remain.
 */
export async function planKeepMine(conflict: Conflict): Promise<KeepMinePlan | null> {
  try {
    const result = await mergeBpmn(conflict.baseXml, conflict.mineXml, conflict.theirsXml, {
      prefer: 'mine',
    });
    return result.clean ? { xml: result.xml, replaced: result.replaced } : null;
  } catch {
    // A version that does not parse cannot be merged; replacing wholesale needs no parse.
    return null;
  }
}

function keepMineImpossible(conflict: Conflict): LanesError {
  return new LanesError({
    code: 'editor.keepMineImpossible',
    message: `Your changes and the server's changes to ${conflict.elementId} cannot be combined automatically: replace the server version with yours, take theirs, or merge by hand.`,
    params: { id: conflict.elementId },
  });
}

/**
 * The user's decision on a conflict (or on a merge held for review), as the
 * CLI's `lanes resolve` and the app's conflict view both apply it:
 * theirs drops the draft and the queued import; mine, replace or merged
 * requeue the import against the server version the user has now seen, so
 * that sending it is not a blind overwrite. Whatever of the server's version
 * is overwritten (replace, or keep mine where both changed) is kept first as
 * a snapshot Compare versions lists ("replaced"), so it can be restored.
 * The caller checks that the conflict is open and that merged XML is BPMN,
 * and sends afterwards.
 *
 * Returns whether something waits to be sent.
 */
export async function resolveConflict(
  stores: ResolveStores,
  conflict: Conflict,
  choice: Resolution,
): Promise<boolean> {
  const { outbox, drafts, conflicts } = stores;
  const op = outbox.get(conflict.opId);
  if (!op || op.kind !== 'bpmnImport')
    throw new Error(`The queued import of conflict ${conflict.id} is missing from the outbox.`);
  if (choice.resolution === 'theirs') {
    outbox.markFailed(op.opId, SUPERSEDED);
    drafts.discard(conflict.elementId, conflict.culture);
    conflicts.markResolved(conflict.id, 'theirs');
    return false;
  }
  const { xml, replaced } = await xmlOf(conflict, choice, stores);
  const theirsBase = { ...op.base, versionId: conflict.theirsVersionId, changedOn: conflict.theirsChangedOn };
  outbox.requeue(op.opId, {
    payload: { ...op.payload, xml, baseXml: conflict.theirsXml, ...(replaced > 0 ? { replaced } : {}) },
    base: theirsBase,
  });
  conflicts.markResolved(conflict.id, choice.resolution);
  return true;
}

/** What a choice sends, and how many elements of theirs it overwrites (the tab says so after the publish). */
async function xmlOf(
  conflict: Conflict,
  choice: Resolution,
  stores: ResolveStores,
): Promise<{ xml: string; replaced: number }> {
  switch (choice.resolution) {
    case 'replace': {
      keepReplaced(stores, conflict);
      const theirs = new Set(conflict.changes.theirs.map((change) => change.id));
      return { xml: conflict.mineXml, replaced: theirs.size };
    }
    case 'mine': {
      const plan = await planKeepMine(conflict);
      if (!plan) throw keepMineImpossible(conflict);
      if (plan.replaced.length > 0) keepReplaced(stores, conflict);
      return { xml: plan.xml, replaced: plan.replaced.length };
    }
    case 'merged': {
      const xml = choice.xml ?? conflict.mergedXml;
      if (xml === null)
        throw new Error(`Conflict ${conflict.id} has no merged version: pass the merged XML.`);
      return { xml, replaced: 0 };
    }
    case 'theirs':
      throw new Error('Taking theirs sends nothing.');
  }
}

/** Their version as the user saw it in the conflict, before anything of it is overwritten. */
function keepReplaced(stores: ResolveStores, conflict: Conflict): void {
  stores.history.remember({
    elementId: conflict.elementId,
    lcid: conflict.culture,
    versionId: conflict.theirsVersionId,
    versionLabel: null,
    changedOn: conflict.theirsChangedOn,
    kind: 'replaced',
    xml: conflict.theirsXml,
  });
}
