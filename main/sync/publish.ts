import type { DraftStore } from './draft-store.ts';
import type { Operation, OutboxStore } from './outbox-store.ts';

export interface PublishTarget {
  elementId: string;
  culture: number;
  facet: string;
  view: string;
}

/**
 * Queues a saved draft for the service's BPMN import. With `newVersion`, a
 * "create version" runs first and the import waits for it (for released
 * processes, which refuse imports).
 */
export function publishDraft(
  outbox: OutboxStore,
  drafts: DraftStore,
  target: PublishTarget,
  options: { newVersion?: boolean } = {},
): Operation[] {
  const draft = drafts.get(target.elementId, target.culture);
  if (!draft) throw new Error(`There is no draft of ${target.elementId} in culture ${target.culture}.`);
  const base = {
    facet: target.facet,
    view: target.view,
    versionId: draft.baseVersionId,
    changedOn: draft.baseChangedOn,
  };
  const importOp = {
    elementId: target.elementId,
    kind: 'bpmnImport' as const,
    payload: {
      culture: target.culture,
      xml: draft.localXml,
      baseXml: draft.baseXml,
      originalXml: draft.localXml,
    },
    base,
  };
  return outbox.enqueue(
    options.newVersion
      ? [{ elementId: target.elementId, kind: 'createVersion', payload: {}, base }, importOp]
      : [importOp],
  );
}
