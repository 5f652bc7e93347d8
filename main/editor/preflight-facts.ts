import type { PreflightFacts } from '../../shared/domain/preflight.ts';
import { cachedExport, type EditorContext } from './editor-context.ts';
import { diagramDescription } from './process-description.ts';
import { publishStateOf } from './publish-state.ts';

/**
 * The offline facts the release pre-flight needs about one element, from the
 * cache file alone (no network): its diagram, an unpublished draft, a
 * publish waiting in the outbox, an open conflict, and whether the draft (or
 * the publish carrying it) gives the process a description.
 */
export async function preflightFacts(
  ctx: EditorContext,
  id: string,
  culture: number,
): Promise<PreflightFacts> {
  const draft = ctx.drafts.get(id, culture);
  const cached = draft ? undefined : cachedExport(ctx, id, culture);
  const publishState = publishStateOf(ctx, id, culture);
  const publish = publishState.state;
  const elementConflict = ctx.conflicts.open().find((c) => c.elementId === id);
  const openConflict = publish === 'conflict' || publish === 'review' || elementConflict !== undefined;
  const waiting =
    publish === 'queued' || publish === 'sending' || publish === 'unknown' || publish === 'failed'
      ? publish
      : null;
  return {
    xml: draft?.localXml ?? cached?.xml ?? null,
    diagramSource: draft ? 'draft' : cached ? 'cached' : null,
    // A draft whose publish is already on its way (or stuck in a conflict) is reported as that instead.
    unpublishedDraft: draft !== undefined && waiting === null && !openConflict,
    queuedPublish: waiting,
    openConflict,
    conflictId: openConflict ? (publishState.conflictId ?? elementConflict?.id ?? null) : null,
    // The draft stays until its publish is sent, so it is what a waiting publish carries too.
    pendingDescription: draft !== undefined && (await describes(draft.localXml, id)),
  };
}

/** A draft Lanes could not read says nothing about a description (the lint finding says why). */
async function describes(xml: string, id: string): Promise<boolean> {
  try {
    return (await diagramDescription(xml, id)) !== null;
  } catch {
    return false;
  }
}
