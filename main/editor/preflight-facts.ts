import type { PreflightFacts } from '../../shared/domain/preflight.ts';
import { cachedExport, type EditorContext } from './editor-context.ts';
import { publishStateOf } from './publish-state.ts';

/**
 * The offline facts the release pre-flight needs about one element, from the
 * cache file alone (no network): its diagram, an unpublished draft, a
 * publish waiting in the outbox and an open conflict.
 */
export function preflightFacts(ctx: EditorContext, id: string, culture: number): PreflightFacts {
  const draft = ctx.drafts.get(id, culture);
  const cached = draft ? undefined : cachedExport(ctx, id, culture);
  const publish = publishStateOf(ctx, id, culture).state;
  const openConflict =
    publish === 'conflict' || publish === 'review' || ctx.conflicts.open().some((c) => c.elementId === id);
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
  };
}
