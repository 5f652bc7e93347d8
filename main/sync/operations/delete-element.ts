/**
 * Deleting an element (the CLI's `lanes delete`). A send whose answer was
 * lost arrived when the service no longer has the element.
 */
import { z } from 'zod';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { defineOperation } from './operation-handler.ts';

export const deleteElement = defineOperation({
  kind: 'deleteElement',
  payload: z.object({}),

  async prepare() {
    return { next: 'send' };
  },

  async send(ctx, op) {
    return {
      result: await ctx.clients.process.deleteElement(op.base.facet, op.base.view, op.elementId, ctx.signal),
    };
  },

  async alreadyApplied(ctx, op) {
    try {
      await ctx.clients.process.getElement(op.base.facet, op.base.view, op.elementId, {}, ctx.signal);
      return false;
    } catch (error) {
      if (error instanceof LanesError && error.code === 'api.notFound') return true;
      throw error;
    }
  },

  async verify() {
    return {};
  },
});
