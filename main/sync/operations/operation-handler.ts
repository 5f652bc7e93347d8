/**
 * What one kind of outbox operation does, as one object (as diagram-js's
 * command handlers are): its payload schema, whether it can still be sent and
 * in what form (`prepare`), sending it (`send`), whether a send whose answer
 * was lost arrived (`alreadyApplied`), what the service made of it
 * (`verify`), and how the local records follow once it is done (`settle`).
 * The sender (`outbox-sender.ts`) runs these steps in order for every kind
 * alike; adding a kind is adding one handler file and naming it in
 * `operation-kinds.ts`.
 */
import type { z } from 'zod';
import type { NotKeptItem } from '../../../shared/domain/editor.ts';
import type { LanesErrorData } from '../../../shared/ipc/errors.ts';
import { changedOnOf, type Element, type OperationResult } from '../../../shared/domain/process.ts';
import type { Change } from '../../bpmn/three-way-merge.ts';
import type { NewConflict } from '../conflict-store.ts';
import type { OperationBase, OperationRecord } from '../outbox-store.ts';
import type { OutboxStores } from '../outbox-stores.ts';
import type { OutboxClients, ServiceView } from '../service-view.ts';

/** An outbox entry of one kind, its payload typed by that kind's schema. */
export type Entry<K extends string, P> = OperationRecord & { kind: K; payload: P };

/** What a handler works with during one attempt to send one operation. */
export interface OperationContext {
  stores: OutboxStores;
  clients: OutboxClients;
  /** The service as this attempt has seen it: every answer asked for once, and kept in the cache. */
  service: ServiceView;
  signal: { signal?: AbortSignal };
  /**
   * A clean merge that brings in the server's changes waits for the user to
   * look at it (the app) instead of being sent (the CLI merges and sends).
   */
  reviewMerges: boolean;
}

/** What `prepare` decided. */
type Preparation<P> =
  /** Send it; with `payload`/`base`, in this new form (a merge), which is stored first. */
  | {
      next: 'send';
      payload?: P;
      base?: OperationBase;
      merged?: { applied: Change[]; theirs: Change[] };
    }
  /** Nothing to send: the service already holds what it asks for (a colleague did the same); done. */
  | { next: 'applied' }
  /** It can never be sent (the service would refuse it): failed, with the reason the user reads. */
  | { next: 'fail'; error: LanesErrorData }
  /** The server changed: the user decides first (a conflict, or a clean merge to review); `why` is shown. */
  | { next: 'hold'; conflict: NewConflict; why: LanesErrorData };

/** The service's answer to a send. */
export interface Sent {
  /** The answer body where it says something (the BPMN import's summary). */
  response?: string;
  /** The element as the answer describes it (transitions and new versions return it). */
  element?: Element;
  /** The service's operation result, where the answer is one (new content). */
  result?: OperationResult;
}

/** What the service made of an operation that arrived; a failed check is "not checked", never an error. */
export interface Verification {
  /** Imports: what the service's export no longer has of what was sent (null: could not be checked). */
  notKept?: NotKeptItem[] | null;
  /** The element as the service has it now (state, version, change time), when Lanes learnt it. */
  element?: Element;
  /** Imports: the diagram as the service now exports it, the base of whatever is edited next. */
  serviceXml?: string;
}

export interface OperationHandler<K extends string, S extends z.ZodType> {
  readonly kind: K;
  /** The payload as stored (JSON in SQLite, validated whenever it is read). */
  readonly payload: S;
  prepare(ctx: OperationContext, op: Entry<K, z.infer<S>>): Promise<Preparation<z.infer<S>>>;
  send(ctx: OperationContext, op: Entry<K, z.infer<S>>): Promise<Sent>;
  /** After a lost answer: whether the operation arrived, so it is never sent twice. */
  alreadyApplied(ctx: OperationContext, op: Entry<K, z.infer<S>>): Promise<boolean>;
  /** After it arrived (`sent` is empty when `alreadyApplied` found it there). Never throws. */
  verify(ctx: OperationContext, op: Entry<K, z.infer<S>>, sent: Sent): Promise<Verification>;
  /** Inside the transaction that marks it done: drafts and history follow what the service holds now. */
  settle?(stores: OutboxStores, op: Entry<K, z.infer<S>>, verification: Verification): void;
}

/** Declares a handler with its types inferred from the schema. */
export function defineOperation<K extends string, S extends z.ZodType>(
  handler: OperationHandler<K, S>,
): OperationHandler<K, S> {
  return handler;
}

/** True when the element is no longer at the version and change time the operation was made against. */
export function changedSince(current: Element, base: OperationBase): boolean {
  return (current.versionId ?? null) !== base.versionId || changedOnOf(current) !== base.changedOn;
}

/** The element's base as the next operation on it would record it. */
export function baseOf(element: Element, where: Pick<OperationBase, 'facet' | 'view'>): OperationBase {
  return { ...where, versionId: element.versionId ?? null, changedOn: changedOnOf(element) };
}
