/** Data push jobs: storage, validation and the asynchronous execution NEW → QUEUED → RUNNING → DONE|ERROR. */
import type { Db } from '../store/db.ts';
import type { ColumnTransport, CsvParsingOptions, Row } from './csv.ts';
import { parseChunk } from './csv.ts';

export const JOB_STATUSES = ['NEW', 'QUEUED', 'RUNNING', 'DONE', 'ERROR', 'CANCELED'] as const;
export const JOB_TYPES = ['REPLACE', 'DELTA'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface DataPushJob {
  id: string;
  targetName: string;
  lastModified: string;
  lastPing: string | null;
  status: JobStatus;
  type: (typeof JOB_TYPES)[number];
  fileType: 'CSV' | 'PARQUET';
  targetSchema: string | null;
  upsertStrategy: 'UPSERT_WITH_UNCHANGED_METADATA' | 'UPSERT_WITH_NULLIFICATION';
  fallbackVarcharLength: number | null;
  dataPoolId: string;
  connectionId: string | null;
  postExecutionQuery: string | null;
  allowDuplicate: boolean;
  foreignKeys: unknown[];
  keys: string[];
  logs: string[];
  tableSchema: { tableName: string; columns: ColumnTransport[] } | null;
  csvParsingOptions: CsvParsingOptions | null;
  mirrorTargetNames: string[];
  changeDate: string;
  creationDate: string;
}

interface ValidationError {
  attribute: string;
  error: string;
  errorCode: string;
  additionalInfo: string | null;
}

const COLUMN_TYPES = ['INTEGER', 'DATE', 'TIME', 'DATETIME', 'FLOAT', 'BOOLEAN', 'STRING'];

export function buildJob(
  body: unknown,
  pool: string,
  id: string,
): { job?: DataPushJob; errors: ValidationError[] } {
  const b = (body ?? {}) as Partial<DataPushJob>;
  const errors: ValidationError[] = [];
  const err = (attribute: string, error: string, errorCode = 'INVALID'): void => {
    errors.push({ attribute, error, errorCode, additionalInfo: null });
  };
  if (typeof b.targetName !== 'string' || b.targetName.trim() === '')
    err('targetName', 'targetName is required', 'REQUIRED');
  if (b.type !== 'REPLACE' && b.type !== 'DELTA') err('type', 'type must be REPLACE or DELTA', 'REQUIRED');
  if (b.fileType !== undefined && b.fileType !== 'CSV' && b.fileType !== 'PARQUET')
    err('fileType', 'fileType must be CSV or PARQUET');
  if (
    b.upsertStrategy !== undefined &&
    b.upsertStrategy !== 'UPSERT_WITH_UNCHANGED_METADATA' &&
    b.upsertStrategy !== 'UPSERT_WITH_NULLIFICATION'
  ) {
    err('upsertStrategy', 'unknown upsertStrategy');
  }
  const columns = b.tableSchema?.columns;
  if (b.tableSchema !== undefined && b.tableSchema !== null && !Array.isArray(columns))
    err('tableSchema.columns', 'columns must be a list');
  (columns ?? []).forEach((c, i) => {
    if (typeof c?.columnName !== 'string' || !c.columnName)
      err(`tableSchema.columns[${i}].columnName`, 'columnName is required', 'REQUIRED');
    if (!COLUMN_TYPES.includes(c?.columnType))
      err(`tableSchema.columns[${i}].columnType`, `columnType must be one of ${COLUMN_TYPES.join(', ')}`);
  });
  const keys = Array.isArray(b.keys)
    ? b.keys.map(String)
    : (columns ?? []).filter((c) => c.pkField).map((c) => c.columnName);
  if (columns)
    for (const k of keys)
      if (!columns.some((c) => c.columnName === k)) err('keys', `key column ${k} is not in tableSchema`);
  if (errors.length) return { errors };
  const now = new Date().toISOString();
  const job: DataPushJob = {
    id,
    targetName: String(b.targetName),
    lastModified: now,
    lastPing: null,
    status: 'NEW',
    type: b.type ?? 'DELTA',
    fileType: b.fileType ?? 'CSV',
    targetSchema: b.targetSchema ?? null,
    upsertStrategy: b.upsertStrategy ?? 'UPSERT_WITH_UNCHANGED_METADATA',
    fallbackVarcharLength: b.fallbackVarcharLength ?? null,
    dataPoolId: pool,
    connectionId: b.connectionId ?? null,
    postExecutionQuery: b.postExecutionQuery ?? null,
    allowDuplicate: b.allowDuplicate ?? false,
    foreignKeys: b.foreignKeys ?? [],
    keys,
    logs: [],
    tableSchema: b.tableSchema
      ? { tableName: b.tableSchema.tableName ?? String(b.targetName), columns: columns ?? [] }
      : null,
    csvParsingOptions: b.csvParsingOptions ?? null,
    mirrorTargetNames: b.mirrorTargetNames ?? [],
    changeDate: now,
    creationDate: now,
  };
  return { job, errors };
}

export class JobStore {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  get(pool: string, id: string): DataPushJob | undefined {
    const row = this.db.prepare('SELECT data FROM dp_jobs WHERE id = ? AND pool = ?').get(id, pool) as
      { data: string } | undefined;
    return row ? (JSON.parse(row.data) as DataPushJob) : undefined;
  }

  save(job: DataPushJob): void {
    job.changeDate = new Date().toISOString();
    job.lastModified = job.changeDate;
    this.db
      .prepare(
        'INSERT INTO dp_jobs (id, pool, target, status, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET status = excluded.status, data = excluded.data',
      )
      .run(job.id, job.dataPoolId, job.targetName, job.status, JSON.stringify(job));
  }

  list(pool: string, statuses: readonly JobStatus[]): DataPushJob[] {
    const rows = this.db
      .prepare(
        `SELECT data FROM dp_jobs WHERE pool = ? AND status IN (${statuses.map(() => '?').join(', ')})`,
      )
      .all(pool, ...statuses) as Array<{ data: string }>;
    return rows.map((r) => JSON.parse(r.data) as DataPushJob);
  }

  busyOnTarget(pool: string, target: string, except: string): boolean {
    return (
      this.db
        .prepare(
          "SELECT 1 FROM dp_jobs WHERE pool = ? AND target = ? AND id <> ? AND status IN ('QUEUED', 'RUNNING')",
        )
        .get(pool, target, except) !== undefined
    );
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM dp_chunks WHERE job_id = ?').run(id);
    this.db.prepare('DELETE FROM dp_jobs WHERE id = ?').run(id);
  }

  addChunk(jobId: string, id: string, data: Buffer, info: Record<string, unknown>): void {
    const seq =
      (this.db.prepare('SELECT COUNT(*) AS n FROM dp_chunks WHERE job_id = ?').get(jobId) as { n: number })
        .n + 1;
    this.db
      .prepare('INSERT INTO dp_chunks (id, job_id, seq, data, info) VALUES (?, ?, ?, ?, ?)')
      .run(id, jobId, seq, data, JSON.stringify(info));
  }

  chunks(jobId: string): Array<{ info: Record<string, unknown>; data: Buffer }> {
    const rows = this.db
      .prepare('SELECT info, data FROM dp_chunks WHERE job_id = ? ORDER BY seq')
      .all(jobId) as Array<{ info: string; data: Buffer }>;
    return rows.map((r) => ({ info: JSON.parse(r.info) as Record<string, unknown>, data: r.data }));
  }
}

function rowKey(row: Row, keys: string[]): string | null {
  if (!keys.length) return null;
  return JSON.stringify(keys.map((k) => row[k] ?? null));
}

/** Parses every chunk and applies them in one transaction; returns log lines, throwing on bad input. */
export function applyJob(
  db: Db,
  store: JobStore,
  job: DataPushJob,
  duplicateRemovalColumn: string | undefined,
): string[] {
  const logs: string[] = [];
  if (job.fileType === 'PARQUET')
    throw new Error('PARQUET chunks are not supported by the emulator; use CSV.');
  const chunks = store.chunks(job.id);
  const upserts: Row[] = [];
  const deletes: Row[] = [];
  let columns = job.tableSchema?.columns.map((c) => c.columnName) ?? [];
  const present = new Set<string>();
  const problems: string[] = [];
  chunks.forEach((chunk, i) => {
    const parsed = parseChunk(
      chunk.data,
      job.csvParsingOptions ?? {},
      job.tableSchema?.columns,
      job.fallbackVarcharLength ?? 80,
    );
    problems.push(...parsed.errors.map((e) => `Chunk ${i + 1} (${String(chunk.info.type)}): ${e}`));
    if (!job.tableSchema && parsed.columns.length) columns = [...new Set([...columns, ...parsed.columns])];
    if (chunk.info.type === 'DELETE') deletes.push(...parsed.rows);
    else {
      parsed.columns.forEach((c) => present.add(c));
      upserts.push(...parsed.rows);
    }
    logs.push(`Chunk ${i + 1} (${String(chunk.info.type)}): ${parsed.rows.length} row(s) parsed.`);
  });
  if (problems.length)
    throw Object.assign(new Error(`${problems.length} bad row(s).`), { logs: [...logs, ...problems] });
  if (deletes.length && !job.keys.length)
    throw Object.assign(new Error('Deleted chunks need key columns (keys or pkField).'), { logs });
  let rows = upserts;
  if (!job.allowDuplicate && job.keys.length) {
    const byKey = new Map<string, Row>();
    for (const row of rows) {
      const key = rowKey(row, job.keys) ?? '';
      const prev = byKey.get(key);
      const col = duplicateRemovalColumn;
      if (!prev || !col || String(row[col] ?? '') >= String(prev[col] ?? '')) byKey.set(key, row);
    }
    if (byKey.size < rows.length) logs.push(`${rows.length - byKey.size} duplicate row(s) removed.`);
    rows = [...byKey.values()];
  }
  const pool = job.dataPoolId;
  const table = job.targetName;
  db.transaction(() => {
    const known = db.prepare('SELECT columns FROM dp_tables WHERE pool = ? AND name = ?').get(pool, table) as
      { columns: string } | undefined;
    const allColumns = [...new Set([...(known ? (JSON.parse(known.columns) as string[]) : []), ...columns])];
    db.prepare(
      'INSERT INTO dp_tables (pool, name, columns) VALUES (?, ?, ?) ON CONFLICT(pool, name) DO UPDATE SET columns = excluded.columns',
    ).run(pool, table, JSON.stringify(allColumns));
    if (job.type === 'REPLACE') {
      const removed = db.prepare('DELETE FROM dp_rows WHERE pool = ? AND tbl = ?').run(pool, table).changes;
      logs.push(`REPLACE: ${removed} existing row(s) removed.`);
    }
    const find = db.prepare('SELECT data FROM dp_rows WHERE pool = ? AND tbl = ? AND rowkey = ?');
    const upsert = db.prepare(
      'INSERT INTO dp_rows (pool, tbl, rowkey, data) VALUES (?, ?, ?, ?) ON CONFLICT(pool, tbl, rowkey) DO UPDATE SET data = excluded.data',
    );
    let inserted = 0;
    let updated = 0;
    for (const row of rows) {
      const key = rowKey(row, job.keys) ?? crypto.randomUUID();
      const old = find.get(pool, table, key) as { data: string } | undefined;
      const full: Row = {};
      for (const c of allColumns) full[c] = null;
      const base =
        old && job.upsertStrategy === 'UPSERT_WITH_UNCHANGED_METADATA' ? (JSON.parse(old.data) as Row) : {};
      const merged: Row = { ...full, ...base };
      for (const c of allColumns)
        if (present.has(c) || !old) merged[c] = row[c] ?? (present.has(c) ? null : (merged[c] ?? null));
      upsert.run(pool, table, key, JSON.stringify(merged));
      if (old) updated++;
      else inserted++;
    }
    const remove = db.prepare('DELETE FROM dp_rows WHERE pool = ? AND tbl = ? AND rowkey = ?');
    let deleted = 0;
    for (const row of deletes) deleted += remove.run(pool, table, rowKey(row, job.keys)).changes;
    logs.push(`Table ${table}: ${inserted} inserted, ${updated} updated, ${deleted} deleted.`);
  })();
  return logs;
}

export function tableRows(db: Db, pool: string, table: string): Row[] | undefined {
  const known = db.prepare('SELECT columns FROM dp_tables WHERE pool = ? AND name = ?').get(pool, table);
  if (!known) return undefined;
  const rows = db
    .prepare('SELECT data FROM dp_rows WHERE pool = ? AND tbl = ? ORDER BY seq')
    .all(pool, table) as Array<{ data: string }>;
  return rows.map((r) => JSON.parse(r.data) as Row);
}
