import { LanesError } from '../../shared/ipc/errors.ts';
import type { EditorTarget } from '../../shared/domain/editor.ts';
import type { OutboxService } from '../sync/outbox-service.ts';
import type { OutboxStores } from '../sync/outbox-stores.ts';
import type { SessionReads } from '../session/session-reads.ts';

/** What the editor works with: the session's reads, and its outbox (the service and its stores). */
export interface EditorContext extends OutboxStores {
  reads: SessionReads;
  /** Sends this session's outbox; its stores are the ones above. */
  sending: OutboxService;
}

export function editorContext(reads: SessionReads, outbox: OutboxService): EditorContext {
  return {
    reads,
    sending: outbox,
    drafts: outbox.drafts,
    outbox: outbox.outbox,
    conflicts: outbox.conflicts,
    history: outbox.history,
    translations: outbox.translations,
  };
}

/** The server copy the editor last fetched (live, by a prefetch or after a publish), with its version. */
interface CachedExport {
  xml: string;
  versionId: string | null;
  changedOn: string | null;
  fetchedAt: string;
}

export function cachedExport(ctx: EditorContext, id: string, culture: number): CachedExport | undefined {
  return ctx.reads.session.store.bpmnExport(id, culture);
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
