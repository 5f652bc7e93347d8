/**
 * "Create new version" of a released (in effect, expiring, expired) element,
 * queued when the service could not be reached. A lost answer is checked by
 * the element's version: a new one, in process, means it arrived.
 */
import { z } from 'zod';
import { baseOf, defineOperation } from './operation-handler.ts';
import { elementAfter } from './transition.ts';

export const createVersion = defineOperation({
  kind: 'createVersion',
  payload: z.object({}),

  async prepare(ctx, op) {
    if (op.base.versionId !== null) return { next: 'send' };
    // Made without the element at hand (the command line): the version it starts from is how a lost answer is checked.
    return { next: 'send', base: baseOf(await ctx.service.element(), op.base) };
  },

  async send(ctx, op) {
    return { element: await ctx.clients.process.createVersion(op.elementId, ctx.signal) };
  },

  async alreadyApplied(ctx, op) {
    const current = await ctx.service.element();
    return (current.versionId ?? null) !== op.base.versionId && current.state === 'inProcess';
  },

  verify: elementAfter,
});
