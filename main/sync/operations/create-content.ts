/**
 * Shapes added to an element's diagram through the content interface (the
 * CLI's `lanes content add`). Shapes carry the names they were created with,
 * so the first one's presence tells whether a send whose answer was lost
 * arrived.
 */
import { z } from 'zod';
import { defineOperation } from './operation-handler.ts';

const shapeSchema = z.object({
  index: z.number().int(),
  predecessors: z.array(z.number().int()).optional(),
  type: z.string(),
  attributes: z.record(z.string(), z.record(z.string(), z.string())),
});

export const createContent = defineOperation({
  kind: 'createContent',
  payload: z.object({ shapes: z.array(shapeSchema) }),

  async prepare() {
    return { next: 'send' };
  },

  async send(ctx, op) {
    return {
      result: await ctx.clients.process.createContent(
        op.base.facet,
        op.elementId,
        op.payload.shapes,
        ctx.signal,
      ),
    };
  },

  async alreadyApplied(ctx, op) {
    const first = op.payload.shapes[0];
    const name = first ? Object.values(first.attributes.name ?? {})[0] : undefined;
    const shapes = await ctx.clients.process.getContent(
      op.base.facet,
      op.base.view,
      op.elementId,
      ctx.signal,
    );
    return (
      name !== undefined && shapes.some((shape) => Object.values(shape.attributes.name ?? {}).includes(name))
    );
  },

  async verify() {
    return {};
  },
});
