import type { RequestChannel } from '../../shared/ipc/contract.ts';
import type { HandlerTable } from '../ipc/handler-table.ts';
import type { Logger } from '../log/logger.ts';

/**
 * Requests that change the outbox, the drafts or the conflicts outside a sync
 * run. The sync service reports its counts only when it runs itself, so after
 * these the counts are announced here; otherwise the status bar and every open
 * tab keep showing the state from before (a publish queued offline, a conflict
 * found or resolved by the editor or the conflict view).
 */
const outboxChanging = [
  'editor.saveDraft',
  'editor.discardDraft',
  'editor.publish',
  'editor.resolve',
  'translation.publish',
  'workspace.transition',
  'workspace.createVersion',
  'datapool.pushLanes',
  'datapool.cancel',
] as const satisfies readonly RequestChannel[];

type Announce = () => Promise<void>;

/** The same table, whose outbox-changing handlers announce the new sync status when they are done. */
export function announceOutboxChanges(
  handlers: HandlerTable,
  announce: Announce,
  logger: Logger,
): HandlerTable {
  const wrapped: HandlerTable = { ...handlers };
  for (const channel of outboxChanging) wrapAfter(wrapped, channel, announce, logger);
  return wrapped;
}

function wrapAfter<C extends (typeof outboxChanging)[number]>(
  table: HandlerTable,
  channel: C,
  announce: Announce,
  logger: Logger,
): void {
  const handler = table[channel] as (request: unknown) => unknown;
  const withAnnouncement = async (request: unknown): Promise<unknown> => {
    try {
      return await handler(request);
    } finally {
      // A failed request may still have changed something (a conflict recorded, an op queued).
      await announce().catch((error: unknown) => logger.warn('Could not announce the sync status', error));
    }
  };
  (table as Record<C, unknown>)[channel] = withAnnouncement;
}
