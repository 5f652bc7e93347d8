import type { NotKeptItem } from '../../shared/domain/editor.ts';
import type { Element } from '../../shared/domain/process.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { BpmnClient } from '../api/process/bpmn-client.ts';
import type { ProcessClient } from '../api/process/process-client.ts';
import { parseBpmn } from '../bpmn/bpmn-items.ts';
import type { ConflictStore } from './conflict-store.ts';
import type { DraftStore } from './draft-store.ts';
import type { Operation, OperationOf, OutboxStore } from './outbox-store.ts';
import { whatWasNotKept } from '../bpmn/publish-verification.ts';
import { mergeBpmn, type Change } from '../bpmn/three-way-merge.ts';
import type { TranslationStore } from './translation-store.ts';
import {
  prepareTranslation,
  sendTranslation,
  settleTranslation,
  translationArrived,
  verifyTranslation,
  type PreparedTranslation,
  type TranslationVerification,
} from './translation-push.ts';

export interface PushDependencies {
  outbox: OutboxStore;
  drafts: DraftStore;
  conflicts: ConflictStore;
  process: ProcessClient;
  bpmn: BpmnClient;
  signal?: AbortSignal;
  random?: () => number;
  onEvent?: (event: PushEvent) => void;
  /** Operations due by this time run; a user's explicit sync passes a far future to skip the backoff. */
  dueBy?: Date;
  /**
   * Hold a clean merge for the user to look at instead of sending it: it is
   * recorded as a conflict of kind review (with the merged XML). The app does
   * this; the CLI merges and sends as before.
   */
  reviewMerges?: boolean;
  /** Push only this element's operations (the editor's "publish now"). */
  elementId?: string;
  /** Translations made in Lanes: their ledger follows what a `translation` operation delivered. */
  translations?: TranslationStore;
  /** Keeps the service's export read after a delivery as the cached copy. */
  rememberExport?: (elementId: string, lcid: number, xml: string) => void;
}

export type PushEvent =
  /**
   * `response`: the service's answer body where it has one (the BPMN import's summary);
   * `notKept`: for an import, what the service's export no longer has of what was sent (null: not checked).
   */
  | {
      type: 'done';
      op: Operation;
      response?: string;
      notKept?: NotKeptItem[] | null;
      /** Translations: texts not sent because the service's text changed meanwhile (or the element is gone). */
      heldBack?: string[];
    }
  | { type: 'review'; op: Operation; conflictId: string }
  | { type: 'merged'; op: Operation; applied: Change[]; theirs: Change[] }
  | { type: 'conflict'; op: Operation; conflictId: string }
  | { type: 'failed'; op: Operation; message: string }
  | { type: 'retrying'; op: Operation; message: string; at: Date };

export interface PushReport {
  done: number;
  merged: number;
  conflicts: number;
  failed: number;
  retrying: number;
  /** Clean merges held for review (only with `reviewMerges`). */
  reviews: number;
  /** Set when the service refused the credentials: the whole queue waits for new ones. */
  pausedBy?: string;
}

/** States in which the service refuses imports and content changes. */
export const READ_ONLY_STATES: ReadonlySet<string> = new Set([
  'released',
  'inEffect',
  'requestToExpire',
  'expired',
]);

/**
 * Sends what the outbox holds. Before each operation the element's current
 * versionId/changedOn is compared with the base the edit was made from: equal
 * → send; different → fetch theirs and merge three ways, or record a conflict.
 * Nothing is sent over a server change that was not merged or resolved.
 */
export async function pushOutbox(deps: PushDependencies): Promise<PushReport> {
  const report: PushReport = { done: 0, merged: 0, conflicts: 0, failed: 0, retrying: 0, reviews: 0 };
  deps.outbox.recoverInterrupted();
  const attempted = new Set<string>();
  for (;;) {
    const next = deps.outbox
      .runnable(deps.dueBy)
      .find((op) => !attempted.has(op.opId) && (!deps.elementId || op.elementId === deps.elementId));
    if (!next || deps.signal?.aborted) return report;
    attempted.add(next.opId);
    const stop = await pushOne(deps, next, report);
    if (stop) return report;
  }
}

/** Returns true when the whole queue must stop (credentials refused). */
async function pushOne(deps: PushDependencies, op: Operation, report: PushReport): Promise<boolean> {
  const { outbox } = deps;
  try {
    if (op.state === 'unknown' && (await alreadyApplied(deps, op))) {
      finish(deps, op, report);
      return false;
    }
    if (op.kind === 'translation') return await pushTranslation(deps, op, report);
    const current = await deps.process.getElement(
      op.base.facet,
      op.base.view,
      op.elementId,
      {},
      signal(deps),
    );
    const ready = await prepare(deps, op, current, report);
    if (!ready) return false;
    outbox.markSending(ready.opId);
    const response = await send(deps, ready);
    const notKept = ready.kind === 'bpmnImport' ? await verifyImport(deps, ready) : undefined;
    finish(deps, ready, report, response, notKept);
    return false;
  } catch (error) {
    return handleFailure(deps, op, error, report);
  }
}

/** Checks and, for imports, merges; returns the operation to send or undefined when it must wait or fail. */
async function prepare(
  deps: PushDependencies,
  op: Operation,
  current: Element,
  report: PushReport,
): Promise<Operation | undefined> {
  if (op.kind === 'transition') {
    const transitionId = op.payload.transitionId;
    const available = await deps.process.listTransitions(op.elementId, signal(deps));
    if (!available.some((t) => t.id === transitionId)) {
      return fail(
        deps,
        op,
        `The transition ${transitionId} is no longer available: the element is now ${current.state ?? 'in another state'}.`,
        report,
      );
    }
    return op;
  }
  if (op.kind !== 'bpmnImport') return op;
  if (current.state && READ_ONLY_STATES.has(current.state)) {
    return fail(
      deps,
      op,
      `The process is ${current.state} and cannot be changed: create a new version, then publish again.`,
      report,
    );
  }
  if (!changedSince(current, op)) return op;
  const culture = op.payload.culture;
  const theirs = await deps.bpmn.exportBpmn(op.elementId, culture, signal(deps));
  const merge = await mergeBpmn(op.payload.baseXml, op.payload.xml, theirs);
  const theirsBase = { ...op.base, versionId: current.versionId ?? null, changedOn: changedOn(current) };
  // A merge only needs a look when it brings in the server's changes (not after a mere new version).
  const needsReview = merge.clean && deps.reviewMerges === true && merge.theirs.length > 0;
  if (!merge.clean || needsReview) {
    const conflict = deps.conflicts.record({
      elementId: op.elementId,
      culture,
      opId: op.opId,
      baseXml: op.payload.baseXml,
      mineXml: op.payload.xml,
      theirsXml: theirs,
      theirsVersionId: theirsBase.versionId,
      theirsChangedOn: theirsBase.changedOn,
      changes: merge.clean
        ? { overlaps: [], mine: merge.applied, theirs: merge.theirs }
        : { overlaps: merge.overlaps, mine: merge.mine, theirs: merge.theirs },
      kind: merge.clean ? 'review' : 'conflict',
      mergedXml: merge.clean ? merge.xml : null,
    });
    if (merge.clean) {
      deps.outbox.markConflict(op.opId, 'Changed on the server meanwhile; merged, waiting for your review.');
      report.reviews++;
      deps.onEvent?.({ type: 'review', op, conflictId: conflict.id });
      return undefined;
    }
    deps.outbox.markConflict(
      op.opId,
      `Changed on the server: ${merge.overlaps.map((o) => o.name ?? o.id).join(', ')}`,
    );
    report.conflicts++;
    deps.onEvent?.({ type: 'conflict', op, conflictId: conflict.id });
    return undefined;
  }
  // The merged result becomes what is sent, against the server's version as the new base.
  const payload = { ...op.payload, xml: merge.xml, baseXml: theirs };
  deps.outbox.requeue(op.opId, payload, theirsBase);
  report.merged++;
  deps.onEvent?.({ type: 'merged', op, applied: merge.applied, theirs: merge.theirs });
  return { ...op, payload, base: theirsBase };
}

function changedSince(current: Element, op: Operation): boolean {
  return (current.versionId ?? null) !== op.base.versionId || changedOn(current) !== op.base.changedOn;
}

function changedOn(element: Element): string | null {
  return element.attributes.changedOn?.['127'] ?? null;
}

/** Returns the service's answer body where it says something (the BPMN import's summary). */
async function send(deps: PushDependencies, op: Operation): Promise<string | undefined> {
  const options = signal(deps);
  switch (op.kind) {
    case 'bpmnImport':
      return deps.bpmn.importBpmn(op.elementId, op.payload.culture, op.payload.xml, options);
    case 'transition':
      await deps.process.changeState(op.elementId, op.payload.transitionId, {
        ...options,
        ignoreWarnings: op.payload.ignoreWarnings,
      });
      return;
    case 'createVersion':
      await deps.process.createVersion(op.elementId, options);
      return;
    case 'createContent':
      await deps.process.createContent(op.base.facet, op.elementId, op.payload.shapes, options);
  }
  return undefined;
}

/**
 * After a lost connection: did the operation arrive? An import arrived when
 * the server's BPMN has the same elements, names and flows as what was sent.
 */
async function alreadyApplied(deps: PushDependencies, op: Operation): Promise<boolean> {
  const options = signal(deps);
  if (op.kind === 'translation') return translationArrived(deps.bpmn, op, deps.signal);
  if (op.kind === 'bpmnImport') {
    const server = await deps.bpmn.exportBpmn(op.elementId, op.payload.culture, options);
    return (await semanticSignature(server)) === (await semanticSignature(op.payload.xml));
  }
  if (op.kind === 'createContent') {
    // Shapes carry the names they were created with; the first one's presence tells whether it arrived.
    const first = op.payload.shapes[0];
    const name = first ? Object.values(first.attributes.name ?? {})[0] : undefined;
    const shapes = await deps.process.getContent(op.base.facet, op.base.view, op.elementId, options);
    return (
      name !== undefined && shapes.some((shape) => Object.values(shape.attributes.name ?? {}).includes(name))
    );
  }
  const current = await deps.process.getElement(op.base.facet, op.base.view, op.elementId, {}, options);
  if (op.kind === 'transition') return current.state === op.payload.targetState;
  if (op.kind === 'createVersion')
    return (current.versionId ?? null) !== op.base.versionId && current.state === 'inProcess';
  return changedSince(current, op);
}

async function semanticSignature(xml: string): Promise<string> {
  const doc = await parseBpmn(xml);
  const rows = [...doc.items.values()]
    .filter(
      (item) =>
        item.kind === 'semantic' &&
        /Task|Event|Gateway|SequenceFlow|SubProcess|CallActivity/.test(item.element.$type),
    )
    .map((item) => {
      const e = item.element as {
        id?: string;
        name?: string;
        sourceRef?: { id?: string };
        targetRef?: { id?: string };
      };
      return [e.id, item.element.$type, e.name ?? '', e.sourceRef?.id ?? '', e.targetRef?.id ?? ''].join('|');
    });
  return rows.sort().join('\n');
}

/**
 * Verified publish: the service's export right after the import, compared
 * with what was sent. A failed check never fails the import (it arrived); it
 * is reported as not checked.
 */
async function verifyImport(
  deps: PushDependencies,
  op: OperationOf<'bpmnImport'>,
): Promise<NotKeptItem[] | null> {
  try {
    const kept = await deps.bpmn.exportBpmn(op.elementId, op.payload.culture, signal(deps));
    return await whatWasNotKept(op.payload.xml, kept);
  } catch {
    return null;
  }
}

/** A translation: prepared on the service's current export of its culture, sent, verified (translation-push.ts). */
async function pushTranslation(
  deps: PushDependencies,
  op: OperationOf<'translation'>,
  report: PushReport,
): Promise<boolean> {
  const current = await deps.process.getElement(op.base.facet, op.base.view, op.elementId, {}, signal(deps));
  if (current.state && READ_ONLY_STATES.has(current.state)) {
    fail(
      deps,
      op,
      `The process is ${current.state} and cannot be changed: create a new version, then publish the translation again.`,
      report,
    );
    return false;
  }
  const prepared = await prepareTranslation(deps.bpmn, op, deps.signal);
  deps.outbox.markSending(op.opId);
  const response = await sendTranslation(deps.bpmn, op, prepared, deps.signal);
  const verification =
    prepared.xml === null
      ? { notKept: [], lost: [] }
      : await verifyTranslation(
          deps.bpmn,
          op,
          prepared,
          (xml) => deps.rememberExport?.(op.elementId, op.payload.culture, xml),
          deps.signal,
        );
  finish(deps, op, report, response, verification?.notKept ?? null, { prepared, verification });
  return false;
}

function finish(
  deps: PushDependencies,
  op: Operation,
  report: PushReport,
  response?: string,
  notKept?: NotKeptItem[] | null,
  translation?: { prepared: PreparedTranslation; verification: TranslationVerification | null },
): void {
  deps.outbox.markDone(op.opId, () => {
    if (op.kind === 'translation' && deps.translations)
      settleTranslation(deps.translations, op, translation?.prepared, translation?.verification);
    if (op.kind !== 'bpmnImport') return;
    const culture = op.payload.culture;
    // The published draft is gone; an edit saved after publishing stays, now based on what was sent.
    const draft = deps.drafts.get(op.elementId, culture);
    if (draft && draft.localXml === op.payload.originalXml) deps.drafts.discard(op.elementId, culture);
    else if (draft)
      deps.drafts.replaceBase(op.elementId, culture, {
        versionId: null,
        changedOn: null,
        xml: op.payload.xml,
      });
  });
  report.done++;
  deps.onEvent?.({
    type: 'done',
    op,
    ...(response === undefined ? {} : { response }),
    ...(notKept === undefined ? {} : { notKept }),
    ...(translation?.prepared.heldBack.length ? { heldBack: translation.prepared.heldBack } : {}),
  });
}

function fail(deps: PushDependencies, op: Operation, message: string, report: PushReport): undefined {
  deps.outbox.markFailed(op.opId, message);
  // A translation that can never be sent gives its texts back to the translator.
  if (op.kind === 'translation') deps.translations?.release(op.opId);
  report.failed++;
  deps.onEvent?.({ type: 'failed', op, message });
  return undefined;
}

function handleFailure(deps: PushDependencies, op: Operation, error: unknown, report: PushReport): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof LanesError ? error.code : 'internal';
  if (code === 'api.unauthorized') {
    deps.outbox.reschedule(op.opId, message, new Date());
    report.pausedBy = message;
    return true;
  }
  if (code === 'api.outcomeUnknown') {
    deps.outbox.markUnknown(op.opId, message, retryAt(deps, op, 0));
  } else if (
    ['api.unreachable', 'api.timeout', 'api.rateLimited', 'api.cancelled'].includes(code) ||
    isServerError(error)
  ) {
    const waitSeconds = error instanceof LanesError ? Number(error.params.wait ?? 0) : 0;
    const at = retryAt(deps, op, waitSeconds * 1000);
    deps.outbox.reschedule(op.opId, message, at);
    report.retrying++;
    deps.onEvent?.({ type: 'retrying', op, message, at });
  } else {
    fail(deps, op, message, report);
  }
  return false;
}

function isServerError(error: unknown): boolean {
  return (
    error instanceof LanesError &&
    error.code === 'api.serviceError' &&
    Number(error.params.status ?? 0) >= 500
  );
}

/** Exponential backoff with jitter, never sooner than the service asked. */
function retryAt(deps: PushDependencies, op: Operation, atLeastMs: number): Date {
  const exponential = Math.min(60_000, 1000 * 2 ** op.attempts);
  const jittered = exponential * (0.5 + (deps.random ?? Math.random)() / 2);
  return new Date(Date.now() + Math.max(atLeastMs, jittered));
}

function signal(deps: PushDependencies): { signal?: AbortSignal } {
  return deps.signal ? { signal: deps.signal } : {};
}
