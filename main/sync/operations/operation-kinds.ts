/**
 * Every kind of outbox operation, by its handler. The kinds, their payload
 * types and how a stored payload is read all derive from this one list: a new
 * kind is a new handler file named here.
 */
import type { z } from 'zod';
import { bpmnImport } from './bpmn-import.ts';
import { createContent } from './create-content.ts';
import { createVersion } from './create-version.ts';
import { deleteElement } from './delete-element.ts';
import type { Entry, OperationHandler } from './operation-handler.ts';
import { transition } from './transition.ts';
import { translation } from './translation.ts';

const handlers = [bpmnImport, transition, createVersion, createContent, deleteElement, translation] as const;

type Handler = (typeof handlers)[number];
export type OperationKind = Handler['kind'];
export type PayloadOf<K extends OperationKind> = z.infer<Extract<Handler, { kind: K }>['payload']>;

/** A kind with its payload, as a discriminated union: `op.kind === 'transition'` narrows `op.payload`. */
export type KindAndPayload = {
  [K in OperationKind]: { kind: K; payload: PayloadOf<K> };
}[OperationKind];

/** A handler as the sender drives it: any kind, its payload already validated by that kind's schema. */
type AnyOperationHandler = OperationHandler<string, z.ZodType>;
export type AnyEntry = Entry<string, unknown>;

const byKind = new Map<string, AnyOperationHandler>(
  handlers.map((handler) => [handler.kind, handler as unknown as AnyOperationHandler]),
);

export function handlerOf(kind: string): AnyOperationHandler {
  const handler = byKind.get(kind);
  if (!handler) throw new Error(`No handler for outbox operations of kind "${kind}".`);
  return handler;
}

/** Reads a stored payload of a kind; the reason when it is not what that kind carries. */
export function parsePayload(
  kind: string,
  json: string,
): { ok: true; value: KindAndPayload } | { ok: false; reason: string } {
  const handler = byKind.get(kind);
  if (!handler) return { ok: false, reason: `unknown operation kind "${kind}"` };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'the stored payload is not JSON' };
  }
  const checked = handler.payload.safeParse(data);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => issue.path.join('.') || '(payload)').join(', ');
    return { ok: false, reason: `the stored payload of a ${kind} operation is damaged (${fields})` };
  }
  return { ok: true, value: { kind, payload: checked.data } as KindAndPayload };
}
