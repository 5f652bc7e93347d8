import type { EditorKey, HistoryEntry } from '../../shared/domain/editor.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { EditorContext } from './editor-context.ts';

const DRAFT_KEY = 'draft';
const BASE_KEY = 'base';
const SNAPSHOT_PREFIX = 'seen:';

/**
 * The versions of a diagram Lanes can show: the draft and the server copy it
 * was based on first, then every distinct export and publish it has seen,
 * newest first. Keys are opaque to the renderer.
 */
export function historyOf(ctx: EditorContext, key: EditorKey): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const draft = ctx.drafts.get(key.id, key.culture);
  if (draft) {
    const common = { versionId: draft.baseVersionId, versionLabel: null };
    entries.push({ key: DRAFT_KEY, kind: 'draft', ...common, changedOn: null, seenAt: draft.savedAt });
    entries.push({
      key: BASE_KEY,
      kind: 'base',
      ...common,
      changedOn: draft.baseChangedOn,
      seenAt: draft.savedAt,
    });
  }
  for (const snapshot of ctx.history.list(key.id, key.culture)) {
    entries.push({
      key: SNAPSHOT_PREFIX + String(snapshot.seq),
      kind: snapshot.kind,
      versionId: snapshot.versionId,
      versionLabel: snapshot.versionLabel,
      changedOn: snapshot.changedOn,
      seenAt: snapshot.seenAt,
      ...(snapshot.kind === 'published' ? { notKept: snapshot.notKept } : {}),
    });
  }
  return entries;
}

export function historyXml(ctx: EditorContext, request: EditorKey & { key: string }): string {
  const draft = ctx.drafts.get(request.id, request.culture);
  if (request.key === DRAFT_KEY && draft) return draft.localXml;
  if (request.key === BASE_KEY && draft) return draft.baseXml;
  if (request.key.startsWith(SNAPSHOT_PREFIX)) {
    const seq = Number(request.key.slice(SNAPSHOT_PREFIX.length));
    const xml = Number.isInteger(seq) ? ctx.history.xml(request.id, request.culture, seq) : undefined;
    if (xml !== undefined) return xml;
  }
  throw new LanesError({
    code: 'api.notFound',
    message: `Lanes has no version "${request.key}" of ${request.id}; the list of versions changed meanwhile.`,
    params: { operation: 'show version', what: `version ${request.key} of ${request.id}` },
  });
}
