/**
 * Sends what the outbox holds, one operation at a time and each element's in
 * order, by running its kind's handler (operations/): after a lost answer,
 * did it arrive? — can it still be sent, and in what form? — send — what did
 * the service make of it? — settle the local records. Nothing is sent over a
 * server change that was not merged or resolved; a failure of the network
 * leaves the operation queued for a later attempt, with backoff.
 */
import type { NotKeptItem } from '../../shared/domain/editor.ts';
import type { Element, OperationResult } from '../../shared/domain/process.ts';
import {
  LanesError,
  outboxErrorCodes,
  type ErrorCode,
  type LanesErrorData,
} from '../../shared/ipc/errors.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import type { Change } from '../bpmn/three-way-merge.ts';
import { handlerOf, type AnyEntry } from './operations/operation-kinds.ts';
import type { OperationContext, Sent, Verification } from './operations/operation-handler.ts';
import type { Operation } from './outbox-store.ts';
import type { OutboxStores } from './outbox-stores.ts';
import { ServiceView, type OutboxClients } from './service-view.ts';

export interface SendOptions {
  signal?: AbortSignal;
  /** Only this element's operations (the editor's "publish now"). */
  elementId?: string;
  /** Only these operations (`OutboxService.sendNow`); each still waits for the earlier ones of its lane. */
  opIds?: ReadonlySet<string>;
  /**
   * Operations due by this time are sent. An explicit send (publish, "Sync
   * now", a CLI command) is the user's retry and sends what waits for its
   * backoff too; only a send nobody asked for waits the backoff out.
   */
  dueBy?: Date;
  onEvent?: (event: SendEvent) => void;
}

interface SenderDependencies {
  stores: OutboxStores;
  clients: OutboxClients;
  /** Where what the service answered is kept (the next open starts from it). */
  cache?: CacheStore;
  reviewMerges: boolean;
  random?: () => number;
}

export type SendEvent =
  /**
   * `response`: the service's answer body where it has one (the BPMN import's summary);
   * `notKept`: for an import, what the service's export no longer has of what was sent (null: not checked);
   * `element`: the element as the service has it afterwards, when Lanes learnt it.
   */
  | {
      type: 'done';
      op: Operation;
      response?: string;
      notKept?: NotKeptItem[] | null;
      element?: Element;
      /** The service's operation result, where its answer is one (new content). */
      result?: OperationResult;
    }
  | { type: 'review'; op: Operation; conflictId: string }
  | { type: 'merged'; op: Operation; applied: Change[]; theirs: Change[] }
  | { type: 'conflict'; op: Operation; conflictId: string }
  | { type: 'failed'; op: Operation; error: LanesErrorData }
  | { type: 'retrying'; op: Operation; error: LanesErrorData; at: Date }
  /** Sent, the answer lost: checked with `alreadyApplied` before any resend. */
  | { type: 'unknown'; op: Operation; error: LanesErrorData }
  /** Cancelled while it was being prepared: not sent. */
  | { type: 'cancelled'; op: Operation };

export interface SendReport {
  done: number;
  merged: number;
  conflicts: number;
  failed: number;
  retrying: number;
  /** Clean merges held for review (only with `reviewMerges`). */
  reviews: number;
  /** Set when the service refused the credentials: the whole queue waits for new ones. */
  pausedBy?: LanesErrorData;
}

export async function sendOutbox(deps: SenderDependencies, options: SendOptions = {}): Promise<SendReport> {
  const report: SendReport = { done: 0, merged: 0, conflicts: 0, failed: 0, retrying: 0, reviews: 0 };
  const { outbox } = deps.stores;
  outbox.recoverInterrupted();
  const attempted = new Set<string>();
  for (;;) {
    const next = outbox
      .runnable(options.dueBy)
      .find(
        (op) =>
          !attempted.has(op.opId) &&
          (!options.elementId || op.elementId === options.elementId) &&
          (!options.opIds || options.opIds.has(op.opId)),
      );
    if (!next || options.signal?.aborted) return report;
    attempted.add(next.opId);
    const stop = await sendOne(deps, options, next, report);
    if (stop) return report;
  }
}

/** Returns true when the whole queue must stop (credentials refused). */
async function sendOne(
  deps: SenderDependencies,
  options: SendOptions,
  op: Operation,
  report: SendReport,
): Promise<boolean> {
  const { outbox, conflicts } = deps.stores;
  const handler = handlerOf(op.kind);
  const signal = options.signal ? { signal: options.signal } : {};
  const ctx: OperationContext = {
    stores: deps.stores,
    clients: deps.clients,
    service: new ServiceView(deps.clients, deps.cache, { ...op.base, elementId: op.elementId }, signal),
    signal,
    reviewMerges: deps.reviewMerges,
  };
  const entry = op as AnyEntry;
  const emit = options.onEvent ?? (() => {});
  try {
    if (op.state === 'unknown' && (await handler.alreadyApplied(ctx, entry))) {
      finish(deps, emit, op, report, {}, await handler.verify(ctx, entry, {}));
      return false;
    }
    const preparation = await handler.prepare(ctx, entry);
    if (preparation.next === 'applied') {
      finish(deps, emit, op, report, {}, await handler.verify(ctx, entry, {}));
      return false;
    }
    if (preparation.next === 'fail') {
      fail(deps, emit, op, preparation.error, report);
      return false;
    }
    if (preparation.next === 'hold') {
      const conflict = conflicts.record(preparation.conflict);
      outbox.markConflict(op.opId, preparation.why);
      const review = preparation.conflict.kind === 'review';
      if (review) report.reviews++;
      else report.conflicts++;
      emit({ type: review ? 'review' : 'conflict', op, conflictId: conflict.id });
      return false;
    }
    let ready = op;
    if (preparation.payload !== undefined || preparation.base !== undefined) {
      const change = {
        ...(preparation.payload !== undefined
          ? { payload: preparation.payload as Operation['payload'] }
          : {}),
        ...(preparation.base !== undefined ? { base: preparation.base } : {}),
      };
      outbox.requeue(op.opId, change);
      ready = { ...op, ...change } as Operation;
    }
    if (preparation.merged) {
      report.merged++;
      emit({ type: 'merged', op, ...preparation.merged });
    }
    if (!outbox.markSending(ready.opId)) {
      emit({ type: 'cancelled', op });
      return false;
    }
    const sent = await handler.send(ctx, ready as AnyEntry);
    ctx.service.forget();
    const verification = await handler.verify(ctx, ready as AnyEntry, sent);
    finish(deps, emit, ready, report, sent, verification);
    return false;
  } catch (error) {
    return handleFailure(deps, emit, op, error, report);
  }
}

function finish(
  deps: SenderDependencies,
  emit: (event: SendEvent) => void,
  op: Operation,
  report: SendReport,
  sent: Sent,
  verification: Verification,
): void {
  const handler = handlerOf(op.kind);
  deps.stores.outbox.markDone(op.opId, () => handler.settle?.(deps.stores, op as AnyEntry, verification));
  report.done++;
  emit({
    type: 'done',
    op,
    ...(sent.response === undefined ? {} : { response: sent.response }),
    ...('notKept' in verification ? { notKept: verification.notKept ?? null } : {}),
    ...(verification.element ? { element: verification.element } : {}),
    ...(sent.result ? { result: sent.result } : {}),
  });
}

function fail(
  deps: SenderDependencies,
  emit: (event: SendEvent) => void,
  op: Operation,
  error: LanesErrorData,
  report: SendReport,
): void {
  deps.stores.outbox.markFailed(op.opId, error);
  report.failed++;
  emit({ type: 'failed', op, error });
}

function handleFailure(
  deps: SenderDependencies,
  emit: (event: SendEvent) => void,
  op: Operation,
  error: unknown,
  report: SendReport,
): boolean {
  const { outbox } = deps.stores;
  const stored = storedError(error);
  const { code } = stored;
  if (code === 'api.unauthorized') {
    outbox.reschedule(op.opId, stored, new Date());
    report.pausedBy = stored;
    return true;
  }
  if (code === 'api.outcomeUnknown') {
    outbox.markUnknown(op.opId, stored, retryAt(deps, op, 0));
    emit({ type: 'unknown', op, error: stored });
  } else if (
    ['api.unreachable', 'api.timeout', 'api.rateLimited', 'api.cancelled'].includes(code) ||
    isServerError(error)
  ) {
    const waitSeconds = error instanceof LanesError ? Number(error.params.wait ?? 0) : 0;
    const at = retryAt(deps, op, waitSeconds * 1000);
    outbox.reschedule(op.opId, stored, at);
    report.retrying++;
    emit({ type: 'retrying', op, error: stored, at });
  } else {
    // A refusal (a validation warning included: final here; a caller the user answers withdraws it).
    fail(deps, emit, op, stored, report);
  }
  return false;
}

const OUTBOX_CODES: ReadonlySet<ErrorCode> = new Set(outboxErrorCodes);

/**
 * What is kept of a thrown error: a LanesError's code and parameters as they
 * are (the user reads them in the interface language), within the outbox's
 * declared codes; anything else (a bug) as `internal` with its English message.
 */
function storedError(error: unknown): LanesErrorData {
  const data = LanesError.dataOf(error);
  return OUTBOX_CODES.has(data.code) ? data : { ...data, code: 'internal' };
}

function isServerError(error: unknown): boolean {
  return (
    error instanceof LanesError &&
    error.code === 'api.serviceError' &&
    Number(error.params.status ?? 0) >= 500
  );
}

/** Exponential backoff with jitter, never sooner than the service asked. */
function retryAt(deps: SenderDependencies, op: Operation, atLeastMs: number): Date {
  const exponential = Math.min(60_000, 1000 * 2 ** op.attempts);
  const jittered = exponential * (0.5 + (deps.random ?? Math.random)() / 2);
  return new Date(Date.now() + Math.max(atLeastMs, jittered));
}
