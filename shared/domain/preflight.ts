/**
 * What main knows offline about a process before a release transition: the
 * diagram the editor would show (draft, else the cached export) and where its
 * publishing stands. The renderer lints the diagram with the editor's own
 * bundled bpmnlint rules and turns these facts into the pre-flight list.
 */
import { z } from 'zod';

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
});
export type PreflightFacts = z.infer<typeof preflightFactsSchema>;
