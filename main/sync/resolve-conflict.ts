import type { Conflict } from './conflict-store.ts';
import { SUPERSEDED } from './outbox-store.ts';
import type { OutboxStores } from './outbox-stores.ts';

export type Resolution =
  | { resolution: 'mine' }
  | { resolution: 'theirs' }
  /** Without xml: the automatic merge a review record holds. */
  | { resolution: 'merged'; xml?: string };

type ResolveStores = Pick<OutboxStores, 'outbox' | 'drafts' | 'conflicts'>;

/**
 * The user's decision on a conflict (or on a merge held for review), as the
 * CLI's `lanes resolve` and the app's conflict view both apply it:
 * theirs drops the draft and the queued import; mine or merged requeues the
 * import against the server version the user has now seen, so that sending
 * it is not a blind overwrite. The caller checks that the conflict is open
 * and that merged XML is BPMN, and sends afterwards.
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
  outbox.requeue(op.opId, { payload: { ...op.payload, xml, baseXml: conflict.theirsXml }, base: theirsBase });
  conflicts.markResolved(conflict.id, choice.resolution);
  return true;
}
