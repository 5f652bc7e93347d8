/**
 * What each kind of outbox operation carries, as one zod schema per kind.
 * The payload is JSON in SQLite and outlives the code that wrote it (a queue
 * kept across an update, a damaged file): it is validated whenever it is read,
 * and everything after that reads typed fields instead of casting.
 */
import { z } from 'zod';

const shapeSchema = z.object({
  index: z.number().int(),
  predecessors: z.array(z.number().int()).optional(),
  type: z.string(),
  attributes: z.record(z.string(), z.record(z.string(), z.string())),
});

export const operationPayloadSchemas = {
  bpmnImport: z.object({
    culture: z.number().int(),
    /** What is sent (after a merge: the merged diagram). */
    xml: z.string(),
    /** The server's diagram this edit started from (the merge base). */
    baseXml: z.string(),
    /** The user's own diagram as saved, so a merge never passes for the user's words. */
    originalXml: z.string(),
  }),
  transition: z.object({
    transitionId: z.string(),
    ignoreWarnings: z.boolean(),
    /** The state the transition leads to, when known: how a lost answer is checked. */
    targetState: z.string().nullable(),
  }),
  createVersion: z.object({}),
  /**
   * Translated texts of a process, sent through the BPMN import in the target
   * culture (`culture`) onto the service's current export of that culture, so
   * only those texts change (translation-push.ts).
   */
  translation: z.object({
    culture: z.number().int(),
    sourceCulture: z.number().int(),
    edits: z
      .array(
        z.object({
          /** `{element id}#{field}` (translation-rows.ts). */
          key: z.string().min(3).max(1000),
          /** The new target text; '' removes it. */
          text: z.string().max(100_000),
          /** The target text on the service when the translation began: a different one now is not overwritten. */
          base: z.string().nullable(),
        }),
      )
      .min(1)
      .max(100_000),
  }),
  createContent: z.object({ shapes: z.array(shapeSchema) }),
} as const;

export type OperationKind = keyof typeof operationPayloadSchemas;
export const operationKinds = Object.keys(operationPayloadSchemas) as OperationKind[];

export type PayloadOf<K extends OperationKind> = z.infer<(typeof operationPayloadSchemas)[K]>;

/** A kind with its payload, as a discriminated union: `op.kind === 'transition'` narrows `op.payload`. */
export type KindAndPayload = {
  [K in OperationKind]: { kind: K; payload: PayloadOf<K> };
}[OperationKind];

/** Reads a stored payload of a kind; undefined with the reason when it is not what that kind carries. */
export function parsePayload(
  kind: string,
  json: string,
): { ok: true; value: KindAndPayload } | { ok: false; reason: string } {
  if (!(kind in operationPayloadSchemas)) return { ok: false, reason: `unknown operation kind "${kind}"` };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'the stored payload is not JSON' };
  }
  const checked = operationPayloadSchemas[kind as OperationKind].safeParse(data);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => issue.path.join('.') || '(payload)').join(', ');
    return { ok: false, reason: `the stored payload of a ${kind} operation is damaged (${fields})` };
  }
  return { ok: true, value: { kind, payload: checked.data } as KindAndPayload };
}
