import { LanesError } from '../../shared/ipc/errors.ts';
import type { EditorTarget } from '../../shared/domain/editor.ts';
import { BpmnHistoryStore } from '../sync/bpmn-history-store.ts';
import { ConflictStore } from '../sync/conflict-store.ts';
import { DraftStore } from '../sync/draft-store.ts';
import { OutboxStore } from '../sync/outbox-store.ts';
import type { SessionReads } from '../session/session-reads.ts';

/** The stores the editor works with, all over the current session's cache file. */
export interface EditorContext {
  reads: SessionReads;
  drafts: DraftStore;
  outbox: OutboxStore;
  conflicts: ConflictStore;
  history: BpmnHistoryStore;
}

export function editorContext(reads: SessionReads): EditorContext {
  const { db } = reads.session;
  return {
    reads,
    drafts: new DraftStore(db),
    outbox: new OutboxStore(db),
    conflicts: new ConflictStore(db),
    history: new BpmnHistoryStore(db),
  };
}

/** The server copy the editor last fetched (live or by a prefetch), with the version it belonged to. */
export interface CachedExport {
  xml: string;
  versionId: string | null;
  changedOn: string | null;
  fetchedAt: string;
}

export function cachedExport(ctx: EditorContext, id: string, culture: number): CachedExport | undefined {
  const row = ctx.reads.session.db
    .prepare(
      'SELECT xml, version_id, changed_on, fetched_at FROM bpmn_exports WHERE element_id = ? AND lcid = ?',
    )
    .get(id, culture) as
    { xml: string; version_id: string | null; changed_on: string | null; fetched_at: string } | undefined;
  return row
    ? { xml: row.xml, versionId: row.version_id, changedOn: row.changed_on, fetchedAt: row.fetched_at }
    : undefined;
}

export function noServerCopy(id: string, cause?: unknown): LanesError {
  return new LanesError({
    code: 'editor.noServerCopy',
    message: `Lanes has never loaded the diagram of ${id} and the service cannot be reached.`,
    params: { id },
    cause,
  });
}

/** Records made by the editor carry one of its cultures; the CLI's may not, and then English is shown. */
export function asEditorCulture(culture: number): EditorTarget['culture'] {
  return culture === 1031 || culture === 3082 ? culture : 1033;
}
