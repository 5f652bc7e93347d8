import type { PublishState } from '../../shared/domain/editor.ts';
import type { EditorContext } from './editor-context.ts';

const NONE: PublishState = { state: 'none', error: null, conflictId: null };

/**
 * Where the newest publish of this diagram stands. A sent one (or one the
 * user dropped by keeping the server's version) is no longer news; an import
 * waiting behind a "create version" that failed has failed with it.
 */
export function publishStateOf(ctx: EditorContext, id: string, culture: number): PublishState {
  const op = ctx.sending.latestImport(id, culture);
  if (!op || op.state === 'done' || op.state === 'cancelled') return NONE;
  if (op.state === 'failed') {
    return op.lastError?.code === 'outbox.superseded'
      ? NONE
      : { state: 'failed', error: op.lastError, conflictId: null };
  }
  if (op.state === 'conflict') {
    const conflict = ctx.conflicts.open().find((c) => c.opId === op.opId);
    return {
      state: conflict?.kind === 'review' ? 'review' : 'conflict',
      error: op.lastError,
      conflictId: conflict?.id ?? null,
    };
  }
  const prerequisite = op.dependsOn ? ctx.outbox.get(op.dependsOn) : undefined;
  if (prerequisite?.state === 'failed') {
    return { state: 'failed', error: prerequisite.lastError, conflictId: null };
  }
  return { state: op.state, error: op.lastError, conflictId: null };
}
