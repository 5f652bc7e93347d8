import type { Conflict, ConflictStore } from './conflict-store.ts';
import type { DraftStore } from './draft-store.ts';
import type { OutboxStore } from './outbox-store.ts';

export type Resolution =
  | { resolution: 'mine' }
  | { resolution: 'theirs' }
  /** Without xml: the automatic merge a review record holds. */
  | { resolution: 'merged'; xml?: string };

export interface ResolveStores {
  outbox: OutboxStore;
  drafts: DraftStore;
  conflicts: ConflictStore;
}

/**
 * The user's decision on a conflict (or on a merge held for review), as the
 * CLI's `lanes resolve` and the app's conflict view both apply it:
 * theirs drops the draft and the queued import; mine or merged requeues the
 * import against the server version the user has now seen, so that sending
 * it is not a blind overwrite. The caller checks that the conflict is open
 * and that merged XML is BPMN, and pushes afterwards.
 *
 * Returns whether something waits to be sent.
 */
export function resolveConflict(stores: ResolveStores, conflict: Conflict, choice: Resolution): boolean {
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
  const xml = choice.resolution === 'mine' ? conflict.mineXml : (choice.xml ?? conflict.mergedXml);
  if (xml === null) throw new Error(`Conflict ${conflict.id} has no merged version: pass the merged XML.`);
  const theirsBase = { ...op.base, versionId: conflict.theirsVersionId, changedOn: conflict.theirsChangedOn };
  outbox.requeue(op.opId, { ...op.payload, xml, baseXml: conflict.theirsXml }, theirsBase);
  conflicts.markResolved(conflict.id, choice.resolution);
  return true;
}

/** The last word of an import dropped because the user kept the server's version. */
export const SUPERSEDED = 'Superseded: the server version was kept.';
