import { LocalError } from '../cli-error.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import type { CommandContext } from '../context.ts';
import type { PayloadOf } from '../../sync/operations/operation-kinds.ts';
import type { SendEvent } from '../../sync/outbox-sender.ts';
import { refusalOf } from '../../sync/outbox-service.ts';
import type { OperationKind } from '../../sync/outbox-store.ts';

type Delivered = Extract<SendEvent, { type: 'done' }>;

/** Where processes are listed when the cache has not seen the element yet. */
const PROCESS_LIST = { facet: 'processes', view: 'processList' } as const;

/**
 * Where an element is listed: only the checks around a send read the element
 * there (before sending, and after a lost answer), so the cache's word, else
 * the process list, is enough.
 */
export async function placeOfElement(
  ctx: CommandContext,
  elementId: string,
  facet?: string,
): Promise<{ facet: string; view: string }> {
  const seen = (await ctx.cacheStore()).placeOf(elementId);
  if (seen && (facet === undefined || seen.facet === facet)) return seen;
  return facet === undefined ? PROCESS_LIST : { facet, view: PROCESS_LIST.view };
}

/**
 * A command that changes the service (a transition, a new version, an
 * import, new content) is one outbox operation, sent now through the sender
 * every retry uses, and the command waits for it. A refusal is the command's
 * error (and exit code), as is a request the network refused: the operation
 * is withdrawn then, so nothing is sent later behind the user's back. An
 * answer lost on the way back stays in the outbox: the next `lanes sync`
 * checks whether it arrived before it would send it again.
 */
export async function writeNow<K extends OperationKind>(
  ctx: CommandContext,
  kind: K,
  where: { elementId: string; facet: string; view: string },
  payload: PayloadOf<K>,
): Promise<Delivered> {
  const outbox = await ctx.outbox();
  const opId = outbox.execute(kind, { ...where, versionId: null, changedOn: null }, payload);
  const [sent] = await outbox.sendNow([opId], { via: 'cli', signal: ctx.signal });
  const event = sent?.event;
  if (event?.type === 'done') return event;
  if (event?.type === 'unknown') throw LanesError.fromData(event.error);
  if (event?.type === 'conflict' || event?.type === 'review')
    throw new LocalError(
      `${where.elementId} changed on the server while Lanes was sending this.`,
      'See "lanes conflicts" and resolve it with "lanes resolve".',
    );
  outbox.outbox.markCancelled(opId);
  if (event?.type === 'failed') throw refusalOf(event);
  if (event?.type === 'retrying') throw LanesError.fromData(event.error);
  throw new LocalError(
    `Earlier operations of ${where.elementId} wait in the outbox; this one was not sent.`,
    'Send them first with "lanes sync --send", or list them with "lanes outbox".',
  );
}
