/**
 * What main knows offline about a process before a release transition: the
 * diagram the editor would show (draft, else the cached export) and where its
 * publishing stands. The renderer lints the diagram with the editor's own
 * bundled bpmnlint rules and turns these facts into the pre-flight list.
 */
import { z } from 'zod';
import { editorTargetSchema } from './editor.ts';

export const preflightRequestSchema = z
  .object({ id: z.string().min(1).max(200), culture: z.number().int() })
  .strict();

export const preflightFactsSchema = z.object({
  /** The BPMN to lint: the local draft, else the cached export; null when Lanes has neither. */
  xml: z.string().nullable(),
  diagramSource: z.enum(['draft', 'cached']).nullable(),
  /** A draft saved in Lanes that is not published yet (not in the outbox either). */
  unpublishedDraft: z.boolean(),
  /** A publish of this diagram waits in the outbox (queued, sending, unknown or failed). */
  queuedPublish: z.enum(['queued', 'sending', 'unknown', 'failed']).nullable(),
  /** An open conflict (or merge review) about this element. */
  openConflict: z.boolean(),
  /** The conflict view to open for it (the publish's own conflict first); null when none is open. */
  conflictId: z.string().nullable(),
  /**
   * The diagram Lanes holds in a draft or a waiting publish gives the process a
   * documentation in this culture: the description is on its way to the service.
   */
  pendingDescription: z.boolean(),
});
export type PreflightFacts = z.infer<typeof preflightFactsSchema>;

/** The most a description written in the pre-flight may hold (the service's XHTML fields are far smaller in use). */
export const DESCRIPTION_MAX = 20_000;

/**
 * "Write the description" from the pre-flight: the text becomes the process's
 * `bpmn:documentation` in the content culture and is published like every
 * diagram (the service's BPMN import makes it the element's description).
 */
export const describeProcessRequestSchema = editorTargetSchema
  .extend({
    text: z
      .string()
      .max(DESCRIPTION_MAX)
      .refine((text) => text.trim() !== '', 'A description needs some text.'),
  })
  .strict();
export type DescribeProcessRequest = z.infer<typeof describeProcessRequestSchema>;
