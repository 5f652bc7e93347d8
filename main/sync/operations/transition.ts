/**
 * A release transition (set to "In review", "Released", …), queued when the
 * service could not be reached or its answer was lost. It is sent only while
 * the service still offers it; the answer is the element in its new state.
 */
import { z } from 'zod';
import { errorData } from '../../../shared/ipc/errors.ts';
import { defineOperation, type Sent, type Verification } from './operation-handler.ts';
import type { OperationContext } from './operation-handler.ts';

export const transition = defineOperation({
  kind: 'transition',
  payload: z.object({
    transitionId: z.string(),
    ignoreWarnings: z.boolean(),
    /** The state the transition leads to, when known: how a lost answer is checked. */
    targetState: z.string().nullable(),
  }),

  async prepare(ctx, op) {
    const { transitionId, targetState } = op.payload;
    const available = await ctx.clients.process.listTransitions(op.elementId, ctx.signal);
    const offered = available.find((t) => t.id === transitionId);
    if (offered) {
      // Made without the list at hand (the command line): the state it leads to is how a lost answer is checked.
      if (op.payload.targetState !== null || !offered.targetState) return { next: 'send' };
      return { next: 'send', payload: { ...op.payload, targetState: offered.targetState } };
    }
    const current = await ctx.service.element();
    // Where it leads is where the element already is (a colleague made the same change): nothing to send.
    if (targetState !== null && current.state === targetState) return { next: 'applied' };
    // Named by where it leads (a state the catalogue has words for); the service's id only when that is unknown.
    const target = targetState ?? transitionId;
    return {
      next: 'fail',
      error: errorData(
        'outbox.transitionUnavailable',
        `The change to ${target} is no longer available: the element is now ${current.state ?? 'in another state'}.`,
        { transitionId, targetState: target, state: current.state ?? '' },
      ),
    };
  },

  async send(ctx, op) {
    const element = await ctx.clients.process.changeState(op.elementId, op.payload.transitionId, {
      ...ctx.signal,
      ignoreWarnings: op.payload.ignoreWarnings,
    });
    return { element };
  },

  async alreadyApplied(ctx, op) {
    return (await ctx.service.element()).state === op.payload.targetState;
  },

  verify: elementAfter,
});

/**
 * The element the answer described, or (after a lost answer) the one the
 * check saw; its state changed, so what the user may do with it is asked again.
 */
export async function elementAfter(ctx: OperationContext, _op: unknown, sent: Sent): Promise<Verification> {
  let element = sent.element;
  if (element) ctx.service.learnt(element);
  else element = await ctx.service.element().catch(() => undefined);
  await ctx.service.refreshInfo();
  return element ? { element } : {};
}
