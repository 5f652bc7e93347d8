/**
 * "Create new version" of a released (in effect, expiring, expired) element,
 * queued when the service could not be reached. A lost answer is checked by
 * the element's version: a new one, in process, means it arrived.
 */
import { z } from 'zod';
import { defineOperation } from './operation-handler.ts';
import { elementAfter } from './transition.ts';

export const createVersion = defineOperation({
  kind: 'createVersion',
  payload: z.object({}),

  async prepare() {
    return { next: 'send' };
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
