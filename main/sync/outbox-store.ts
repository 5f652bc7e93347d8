import { randomUUID } from 'node:crypto';
import { errorData, lanesErrorDataSchema, type LanesErrorData } from '../../shared/ipc/errors.ts';
import type { Db } from '../cache/database.ts';
import { durably } from '../cache/database.ts';
import { parsePayload, type KindAndPayload, type OperationKind } from './operations/operation-kinds.ts';
import { StoreChanges } from './store-changes.ts';

export type { OperationKind } from './operations/operation-kinds.ts';
/** `cancelled`: withdrawn before it was sent (a batch cancelled, a warning the user answers); never sent. */
export type OperationState = 'queued' | 'sending' | 'unknown' | 'done' | 'failed' | 'conflict' | 'cancelled';

export interface OperationBase {
  facet: string;
  view: string;
  versionId: string | null;
  changedOn: string | null;
}

export interface OperationRecord {
  seq: number;
  opId: string;
  elementId: string;
  base: OperationBase;
  dependsOn: string | null;
  /** The batch it was created in (one change for many elements), for progress and cancel. */
  batchId: string | null;
  state: OperationState;
  attempts: number;
  nextAttemptAt: string;
  /** Why it failed, waits to retry or is held: code and parameters, shown in the user's language. */
  lastError: LanesErrorData | null;
  createdAt: string;
}

/** An operation with its payload typed by its kind (validated when read). */
export type Operation = OperationRecord & KindAndPayload;
export type OperationOf<K extends OperationKind> = Extract<Operation, { kind: K }>;

/** A stored operation whose payload is not what its kind carries: failed, kept, and reported. */
interface DamagedOperation {
  opId: string;
  elementId: string;
  kind: string;
  reason: string;
}

interface Row {
  seq: number;
  op_id: string;
  element_id: string;
  kind: string;
  payload: string;
  base: string;
  depends_on: string | null;
  batch_id: string | null;
  state: Exclude<OperationState, 'cancelled'>;
  cancelled_at: string | null;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
}

const toOperation = (row: Row, content: KindAndPayload): Operation => ({
  seq: row.seq,
  opId: row.op_id,
  elementId: row.element_id,
  ...content,
  base: JSON.parse(row.base) as OperationBase,
  dependsOn: row.depends_on,
  batchId: row.batch_id,
  state: row.cancelled_at === null ? row.state : 'cancelled',
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastError: storedError(row.last_error),
  createdAt: row.created_at,
});

export type NewOperation = {
  elementId: string;
  base: OperationBase;
  dependsOn?: string;
  batchId?: string;
} & KindAndPayload;

/** How far a batch got: each of its operations counted once, by where it stands. */
export interface BatchProgress {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Held for the user (a conflict or a merge to review). */
  held: number;
  /** Not sent yet, being sent, or sent with the answer lost. */
  open: number;
}

/**
 * The order an operation keeps: with the operations of its element in its
 * culture (imports and translations), or with all of its element's (a
 * transition, a new version, new content). Never with another element's.
 */
function laneOf(op: Operation): { elementId: string; culture: number | null } {
  return { elementId: op.elementId, culture: 'culture' in op.payload ? op.payload.culture : null };
}

/**
 * SQL for "state in these": a cancelled operation is stored `failed` with
 * `cancelled_at` set (the state's CHECK predates it, see schema 15).
 */
function statesWhere(states: readonly OperationState[]): { sql: string; values: string[] } {
  const stored = states.filter((state) => state !== 'cancelled');
  const parts: string[] = [];
  if (stored.length > 0)
    parts.push(`(state IN (${stored.map(() => '?').join(', ')}) AND cancelled_at IS NULL)`);
  if (states.includes('cancelled')) parts.push('cancelled_at IS NOT NULL');
  return { sql: parts.length > 0 ? `(${parts.join(' OR ')})` : '0', values: stored };
}

/**
 * The outbox: operations waiting to reach the service, each with an id that
 * makes replay after a crash detectable. Entries of one element (and, for
 * imports and translations, one culture) run in order; operations of
 * different elements never wait for each other, and a conflict holds back
 * the later entries of its own element only.
 */
export class OutboxStore {
  readonly #db: Db;
  readonly #changes = new StoreChanges();
  /** Called with the element whose operations changed (queued, sent, failed, held, requeued). */
  readonly onChange = this.#changes.onChange;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Adds entries in one durable transaction; `alsoInside` runs in the same one (the draft save). */
  enqueue(operations: NewOperation[], alsoInside?: () => void, now = new Date()): Operation[] {
    const ids: string[] = [];
    durably(this.#db, () => {
      alsoInside?.();
      const previous = new Map<string, string>();
      for (const op of operations) {
        // The kind's handler declares what it carries: checked on the way in as on the way out.
        const payload = JSON.stringify(op.payload);
        const checked = parsePayload(op.kind, payload);
        if (!checked.ok) throw new Error(`Cannot queue this operation: ${checked.reason}.`);
        const opId = randomUUID();
        this.#db
          .prepare(
            `INSERT INTO outbox (op_id, element_id, kind, payload, base, depends_on, batch_id, state, next_attempt_at, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
          )
          .run(
            opId,
            op.elementId,
            op.kind,
            payload,
            JSON.stringify(op.base),
            op.dependsOn ?? previous.get(op.elementId) ?? null,
            op.batchId ?? null,
            now.toISOString(),
            now.toISOString(),
          );
        ids.push(opId);
        // Operations of one element enqueued together depend on each other in order (a new version, then
        // the import into it); another element's never do.
        previous.set(op.elementId, opId);
      }
    });
    for (const op of operations) this.#changes.announce(op.elementId);
    return ids.map((id) => this.get(id)!);
  }

  get(opId: string): Operation | undefined {
    const row = this.#db.prepare('SELECT * FROM outbox WHERE op_id = ?').get(opId) as Row | undefined;
    return row ? this.#read(row) : undefined;
  }

  /**
   * The operations of one element, oldest first, chosen in SQL (by the
   * element's index, not by reading the whole outbox, which keeps every sent
   * operation): only these kinds, only those of this culture (the payload's
   * `culture`, which imports and translations carry), only in these states.
   * "The pending publishes of this diagram" is
   * `ofElement(id, { kinds: ['bpmnImport'], culture, states: [...] })`.
   */
  ofElement<K extends OperationKind = OperationKind>(
    elementId: string,
    filter: { kinds?: readonly K[]; culture?: number; states?: readonly OperationState[] } = {},
  ): OperationOf<K>[] {
    const where = ['element_id = ?'];
    const values: (string | number)[] = [elementId];
    const among = (column: string, items: readonly string[]): void => {
      where.push(`${column} IN (${items.map(() => '?').join(', ')})`);
      values.push(...items);
    };
    if (filter.kinds) among('kind', filter.kinds);
    if (filter.states) {
      const states = statesWhere(filter.states);
      where.push(states.sql);
      values.push(...states.values);
    }
    if (filter.culture !== undefined) {
      where.push("json_extract(payload, '$.culture') = ?");
      values.push(filter.culture);
    }
    const rows = this.#db
      .prepare(`SELECT * FROM outbox WHERE ${where.join(' AND ')} ORDER BY seq`)
      .all(...values) as Row[];
    return rows.flatMap((row) => this.#read(row) ?? []) as OperationOf<K>[];
  }

  list(states?: OperationState[]): Operation[] {
    const rows = this.#db.prepare('SELECT * FROM outbox ORDER BY seq').all() as Row[];
    return rows.flatMap((row) => this.#read(row) ?? []).filter((op) => !states || states.includes(op.state));
  }

  /** Operations whose stored payload could not be read: failed with the reason, never sent, kept for the user. */
  damaged(): DamagedOperation[] {
    const rows = this.#db.prepare('SELECT * FROM outbox ORDER BY seq').all() as Row[];
    return rows.flatMap((row) => {
      const parsed = parsePayload(row.kind, row.payload);
      return parsed.ok
        ? []
        : [{ opId: row.op_id, elementId: row.element_id, kind: row.kind, reason: parsed.reason }];
    });
  }

  /**
   * A row whose payload is not what its kind carries is never sent: it is
   * marked failed with the reason (once, durably) and left out of the typed
   * lists; `damaged()` still reports it.
   */
  #read(row: Row): Operation | undefined {
    const parsed = parsePayload(row.kind, row.payload);
    if (parsed.ok) return toOperation(row, parsed.value);
    if (row.state !== 'failed') this.markFailed(row.op_id, damagedPayload(parsed.reason));
    return undefined;
  }

  /**
   * The first open operation of each lane (an element, or an element in one
   * culture: `laneOf`), if it is due. An operation for the whole element
   * waits for every earlier open one of that element, and every later one of
   * the element waits for it. A conflict holds back the later operations of
   * its lane until the user resolves it; a failure is final and holds back
   * only the operations that depend on it. Other elements never wait.
   */
  runnable(now = new Date()): Operation[] {
    const open = this.list(['queued', 'sending', 'unknown', 'conflict']);
    /** Per element: held entirely (an earlier whole-element operation), or these cultures. */
    const held = new Map<string, { all: boolean; cultures: Set<number> }>();
    const due: Operation[] = [];
    for (const op of open) {
      const { elementId, culture } = laneOf(op);
      const before = held.get(elementId) ?? { all: false, cultures: new Set<number>() };
      held.set(elementId, before);
      const waits =
        before.all || (culture === null ? before.cultures.size > 0 : before.cultures.has(culture));
      if (culture === null) before.all = true;
      else before.cultures.add(culture);
      if (waits || op.state === 'conflict') continue;
      if (op.dependsOn && this.get(op.dependsOn)?.state !== 'done') continue;
      if (op.nextAttemptAt <= now.toISOString()) due.push(op);
    }
    return due;
  }

  /** A process that died while sending left `sending` entries: their outcome is unknown. */
  recoverInterrupted(): number {
    const rows = durably(
      this.#db,
      () =>
        this.#db
          .prepare("UPDATE outbox SET state = 'unknown' WHERE state = 'sending' RETURNING element_id")
          .all() as { element_id: string }[],
    );
    for (const row of rows) this.#changes.announce(row.element_id);
    return rows.length;
  }

  /** False when it was cancelled meanwhile (while it was being prepared): then it is not sent. */
  markSending(opId: string): boolean {
    const row = durably(
      this.#db,
      () =>
        this.#db
          .prepare(
            "UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE op_id = ? AND cancelled_at IS NULL RETURNING element_id",
          )
          .get(opId) as { element_id: string } | undefined,
    );
    if (row) this.#changes.announce(row.element_id);
    return row !== undefined;
  }

  markDone(opId: string, alsoInside?: () => void): void {
    this.#set(
      opId,
      "state = 'done', last_error = NULL, finished_at = @at",
      { at: new Date().toISOString() },
      alsoInside,
    );
  }

  markUnknown(opId: string, error: LanesErrorData, retryAt: Date): void {
    this.#set(opId, "state = 'unknown', last_error = @error, next_attempt_at = @at", {
      error: JSON.stringify(error),
      at: retryAt.toISOString(),
    });
  }

  reschedule(opId: string, error: LanesErrorData, retryAt: Date): void {
    this.#set(opId, "state = 'queued', last_error = @error, next_attempt_at = @at", {
      error: JSON.stringify(error),
      at: retryAt.toISOString(),
    });
  }

  markFailed(opId: string, error: LanesErrorData): void {
    this.#set(opId, "state = 'failed', last_error = @error, finished_at = @at", {
      error: JSON.stringify(error),
      at: new Date().toISOString(),
    });
  }

  /**
   * Withdrawn without being sent: an operation not sent yet (a batch
   * cancelled), or a refusal the user is answering now (a validation
   * warning). It stays in the outbox, read as `cancelled`, with the reason.
   */
  markCancelled(opId: string, reason: LanesErrorData | null = null): void {
    this.#set(
      opId,
      "state = 'failed', cancelled_at = @at, finished_at = @at, last_error = COALESCE(@reason, last_error)",
      { at: new Date().toISOString(), reason: reason ? JSON.stringify(reason) : null },
    );
  }

  /** The operations of one batch, oldest first. */
  ofBatch(batchId: string): Operation[] {
    const rows = this.#db
      .prepare('SELECT * FROM outbox WHERE batch_id = ? ORDER BY seq')
      .all(batchId) as Row[];
    return rows.flatMap((row) => this.#read(row) ?? []);
  }

  batchProgress(batchId: string): BatchProgress {
    const progress: BatchProgress = { total: 0, done: 0, failed: 0, cancelled: 0, held: 0, open: 0 };
    for (const op of this.ofBatch(batchId)) {
      progress.total++;
      if (op.state === 'done' || op.state === 'failed' || op.state === 'cancelled') progress[op.state]++;
      else if (op.state === 'conflict') progress.held++;
      else progress.open++;
    }
    return progress;
  }

  /**
   * Cancels what of a batch was not sent yet (queued, not being sent, never
   * attempted or waiting for a retry); what is being sent or was sent is left
   * as it is. Returns the operations cancelled, to tell the user.
   */
  cancelBatch(batchId: string, reason: LanesErrorData | null = null): Operation[] {
    const waiting = this.ofBatch(batchId).filter((op) => op.state === 'queued');
    for (const op of waiting) this.markCancelled(op.opId, reason);
    return waiting.map((op) => this.get(op.opId)!);
  }

  markConflict(opId: string, error: LanesErrorData): void {
    this.#set(opId, "state = 'conflict', last_error = @error", { error: JSON.stringify(error) });
  }

  /**
   * Back in the queue, due now: after the user resolved a conflict or chose to
   * retry, or with a new form (a merged or resolved import: its new diagram
   * and the server version it is now based on).
   */
  requeue(opId: string, change: { payload?: KindAndPayload['payload']; base?: OperationBase } = {}): void {
    const assignments = ["state = 'queued'", 'next_attempt_at = @at', 'last_error = NULL'];
    if (change.payload !== undefined) assignments.push('payload = @payload');
    if (change.base !== undefined) assignments.push('base = @base');
    this.#set(opId, assignments.join(', '), {
      at: new Date().toISOString(),
      payload: JSON.stringify(change.payload ?? null),
      base: JSON.stringify(change.base ?? null),
    });
  }

  /** How many operations are in these states (the status bar's "waiting"). */
  count(states: readonly OperationState[]): number {
    const where = statesWhere(states);
    return (
      this.#db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE ${where.sql}`).get(...where.values) as {
        n: number;
      }
    ).n;
  }

  /**
   * What of an element the service has not confirmed: open operations, and
   * failures that are still news. A failure stops being news once a later
   * operation of its kind got through (an import into a new version after a
   * refused import; the same transition done later), or once the user chose
   * the server's version over it. A cancelled operation was never sent and
   * its user was told when it was withdrawn.
   */
  unfinished(elementId: string): Operation[] {
    const ops = this.ofElement(elementId);
    const sameKind = (a: Operation, b: Operation): boolean =>
      a.kind === b.kind &&
      (a.kind !== 'bpmnImport' || b.kind !== 'bpmnImport' || a.payload.culture === b.payload.culture);
    const superseded = (failed: Operation): boolean =>
      failed.lastError?.code === 'outbox.superseded' ||
      ops.some((later) => later.seq > failed.seq && later.state === 'done' && sameKind(later, failed));
    return ops.filter(
      (op) => op.state !== 'done' && op.state !== 'cancelled' && !(op.state === 'failed' && superseded(op)),
    );
  }

  #set(
    opId: string,
    assignments: string,
    values: Record<string, unknown> = {},
    alsoInside?: () => void,
  ): void {
    const row = durably(this.#db, () => {
      alsoInside?.();
      return this.#db
        .prepare(`UPDATE outbox SET ${assignments} WHERE op_id = @opId RETURNING element_id`)
        .get({ ...values, opId }) as { element_id: string } | undefined;
    });
    if (row) this.#changes.announce(row.element_id);
  }
}

/** The last word of an operation dropped because the user kept the server's version. */
export const SUPERSEDED: LanesErrorData = errorData(
  'outbox.superseded',
  'Superseded: the server version was kept.',
);

/** A stored payload that is not what its kind carries (`reason`, the check's own words, is for the log). */
function damagedPayload(reason: string): LanesErrorData {
  return errorData('outbox.damagedPayload', `This queued change is damaged and cannot be sent: ${reason}.`);
}

/**
 * The stored error as data. Rows written before errors were stored as data
 * hold a plain English sentence: it reads as a legacy error that shows it.
 */
function storedError(text: string | null): LanesErrorData | null {
  if (text === null) return null;
  try {
    const parsed = lanesErrorDataSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: a sentence from an older Lanes.
  }
  return errorData('outbox.legacy', text, { text });
}
