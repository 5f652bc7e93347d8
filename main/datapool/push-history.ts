import type { Db } from '../cache/database.ts';
import type { PushProgress, PushSource } from '../../shared/domain/datapool.ts';

interface Row {
  id: string;
  source: PushSource;
  table_name: string;
  mode: 'DELTA' | 'REPLACE';
  state: 'waiting' | 'running' | 'done' | 'failed' | 'canceled';
  job_id: string | null;
  job_status: string | null;
  rows: number;
  bytes: number;
  snapshot: string | null;
  logs: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

interface WaitingPush {
  id: string;
  source: PushSource;
  table: string;
  mode: 'DELTA' | 'REPLACE';
  snapshot: string;
  bytes: number;
}

const HISTORY_LIMIT = 100;

/** The profile's data-pool pushes in its cache: the history, and the ones waiting for the service. */
export class PushHistory {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** A push waiting for the service, its rows in `snapshot` (a file in the data folder). */
  addWaiting(push: WaitingPush & { rows: number; createdAt: string }): void {
    this.#db
      .prepare(
        `INSERT INTO datapool_pushes (id, source, table_name, mode, state, rows, bytes, snapshot, created_at)
         VALUES (?, ?, ?, ?, 'waiting', ?, ?, ?, ?)`,
      )
      .run(push.id, push.source, push.table, push.mode, push.rows, push.bytes, push.snapshot, push.createdAt);
  }

  waiting(): WaitingPush[] {
    const rows = this.#db
      .prepare("SELECT * FROM datapool_pushes WHERE state = 'waiting' ORDER BY created_at")
      .all() as Row[];
    return rows.map((r) => ({
      id: r.id,
      source: r.source,
      table: r.table_name,
      mode: r.mode,
      snapshot: r.snapshot ?? '',
      bytes: r.bytes,
    }));
  }

  /** A waiting push given up before it was sent: it stays in the history as cancelled. */
  cancelWaiting(id: string): PushProgress | undefined {
    this.#db
      .prepare(
        "UPDATE datapool_pushes SET state = 'canceled', snapshot = NULL, finished_at = ? WHERE id = ? AND state = 'waiting'",
      )
      .run(new Date().toISOString(), id);
    const row = this.#db.prepare('SELECT * FROM datapool_pushes WHERE id = ?').get(id) as Row | undefined;
    return row ? progressOf(row) : undefined;
  }

  /** Records where a push stands (inserted on its first step). */
  record(progress: PushProgress, source: PushSource, mode: 'DELTA' | 'REPLACE'): void {
    const state =
      progress.phase === 'done' || progress.phase === 'failed' || progress.phase === 'canceled'
        ? progress.phase
        : progress.phase === 'waiting'
          ? 'waiting'
          : 'running';
    this.#db
      .prepare(
        `INSERT INTO datapool_pushes (id, source, table_name, mode, state, job_id, job_status, rows, bytes, logs, error, created_at, finished_at)
         VALUES (@id, @source, @table, @mode, @state, @jobId, @status, @rows, @bytes, @logs, @error, @createdAt, @finishedAt)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, job_id = excluded.job_id,
           job_status = excluded.job_status, rows = excluded.rows, bytes = MAX(bytes, excluded.bytes),
           logs = excluded.logs, error = excluded.error, finished_at = excluded.finished_at`,
      )
      .run({
        id: progress.pushId,
        source,
        table: progress.table,
        mode,
        state,
        jobId: progress.jobId ?? null,
        status: progress.status ?? null,
        rows: progress.rows,
        bytes: progress.totalBytes,
        logs:
          progress.logs || progress.badRows
            ? JSON.stringify({ logs: progress.logs ?? [], badRows: progress.badRows ?? [] })
            : null,
        error: progress.error ? JSON.stringify(progress.error) : null,
        createdAt: progress.startedAt,
        finishedAt: progress.finishedAt ?? null,
      });
  }

  /** The newest pushes first. */
  list(): PushProgress[] {
    const rows = this.#db
      .prepare('SELECT * FROM datapool_pushes ORDER BY created_at DESC LIMIT ?')
      .all(HISTORY_LIMIT) as Row[];
    return rows.map(progressOf);
  }
}

function progressOf(r: Row): PushProgress {
  const details = r.logs ? (JSON.parse(r.logs) as Pick<PushProgress, 'logs' | 'badRows'>) : {};
  const done = r.state === 'done' || r.state === 'failed' || r.state === 'canceled';
  return {
    pushId: r.id,
    source: r.source,
    // A push recorded as running when Lanes stopped did not finish from here.
    phase: r.state === 'running' ? 'failed' : r.state,
    table: r.table_name,
    ...(r.job_id ? { jobId: r.job_id } : {}),
    ...(r.job_status ? { status: r.job_status as NonNullable<PushProgress['status']> } : {}),
    rows: r.rows,
    bytes: done ? r.bytes : 0,
    totalBytes: r.bytes,
    ...(details.logs ? { logs: details.logs } : {}),
    ...(details.badRows ? { badRows: details.badRows } : {}),
    ...(r.error ? { error: JSON.parse(r.error) as NonNullable<PushProgress['error']> } : {}),
    startedAt: r.created_at,
    ...(r.finished_at ? { finishedAt: r.finished_at } : {}),
  };
}
