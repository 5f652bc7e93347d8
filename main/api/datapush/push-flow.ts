import { setTimeout as sleep } from 'node:timers/promises';
import type { ColumnTransport, DataPushJob, JobType } from '../../../shared/domain/datapush.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { apiError, isApiError } from '../http/api-errors.ts';
import { inferColumns } from './column-inference.ts';
import { csvChunks, csvRecords, splitCsvRecord, type CsvChunk } from './csv-chunks.ts';
import type { DataPushClient } from './datapush-client.ts';

export interface PushOptions {
  file: string;
  table: string;
  keys: string[];
  type: JobType;
  deletedFile?: string;
  rowsPerChunk?: number;
  /** Explicit schema; inferred from the first chunk when absent. */
  columns?: ColumnTransport[];
  signal?: AbortSignal;
  /** Overall limit for waiting on execution. */
  timeoutMs?: number;
  onProgress?: (progress: PushProgress) => void;
  /** The job as created, before any chunk is sent (the app follows and cancels it by id). */
  onJob?: (job: DataPushJob) => void;
}

export interface PushProgress {
  phase: 'upload' | 'upload-deleted' | 'execute' | 'wait';
  rows: number;
  bytes: number;
  totalBytes: number;
  status?: string;
  /** Set while execution waits for another job on the same table (409). */
  targetBusy?: boolean;
}

export interface PushResult {
  job: DataPushJob;
  rows: number;
  deletedRows: number;
  chunks: number;
}

/** Polling as the service's own clients do: 0.1 s, 0.3 s, 0.9 s, then every 2 s. */
export const POLL_DELAYS_MS = [100, 300, 900];
const POLL_STEADY_MS = 2000;

export class PushInputError extends Error {}

/**
 * The whole push: create the job, stream chunks from disk one at a time,
 * execute, and wait for the outcome. A cancelled push cancels its job.
 */
export async function pushTable(client: DataPushClient, options: PushOptions): Promise<PushResult> {
  const rowsPerChunk = options.rowsPerChunk ?? 100_000;
  const upserts = csvChunks(options.file, rowsPerChunk, options.signal, { reuseBodies: BODIES_IN_FLIGHT });
  const first = await upserts.next();
  if (first.done) throw new PushInputError(`${options.file} has a header but no rows.`);
  const header = splitCsvRecord(first.value.header);
  const missingKey = options.keys.find((key) => !header.includes(key));
  if (missingKey)
    throw new PushInputError(
      `The key column "${missingKey}" is not in the header of ${options.file} (${header.join(', ')}).`,
    );
  const columns = options.columns ?? inferColumns(header, sampleRows(first.value, 1000), options.keys);
  checkColumns(columns, header, options.file);

  // The second chunk is read while the job is created, as every next chunk is read while one uploads.
  const second = readAhead(upserts);
  let job: DataPushJob;
  try {
    job = await client.createJob(
      { targetName: options.table, type: options.type, keys: options.keys, columns },
      options.signal,
    );
  } catch (error) {
    await upserts.return(undefined).catch(() => {});
    throw error;
  }
  options.onJob?.(job);
  let executing = false;
  try {
    let rows = 0;
    let chunks = 0;
    const upload = async (
      chunk: CsvChunk,
      kind: 'upserted' | 'deleted',
      phase: PushProgress['phase'],
    ): Promise<void> => {
      await client.addChunk(job.id, kind, chunk.body, options.signal);
      chunks++;
      rows += chunk.rows;
      options.onProgress?.({ phase, rows, bytes: chunk.bytesRead, totalBytes: chunk.totalBytes });
    };
    await uploadAll(first.value, second, upserts, (chunk) => upload(chunk, 'upserted', 'upload'));
    const upserted = rows;
    if (options.deletedFile) {
      rows = 0;
      const deleted = csvChunks(options.deletedFile, rowsPerChunk, options.signal, {
        reuseBodies: BODIES_IN_FLIGHT,
      });
      const firstDeleted = await deleted.next();
      if (!firstDeleted.done)
        await uploadAll(firstDeleted.value, readAhead(deleted), deleted, (chunk) =>
          upload(chunk, 'deleted', 'upload-deleted'),
        );
    }
    const deletedRows = options.deletedFile ? rows : 0;
    options.onProgress?.({ phase: 'execute', rows: upserted, bytes: 0, totalBytes: 0 });
    executing = true;
    await executeWhenTargetFree(client, job, options);
    const done = await waitForOutcome(client, job.id, options);
    return { job: done, rows: upserted, deletedRows, chunks };
  } catch (error) {
    const cancelled = options.signal?.aborted || isApiError(error, 'api.cancelled');
    // A job that never ran (bad row mid-file, upload failure) or was cancelled must not linger as NEW.
    if (cancelled || !executing) await client.cancelJob(job.id).catch(() => {});
    if (cancelled) throw apiError('api.cancelled', 'The push was cancelled.', { operation: 'push' }, error);
    throw error;
  }
}

/** One chunk uploading while the next is read: the two bodies csvChunks reuses in turn. */
const BODIES_IN_FLIGHT = 2;

/**
 * The next chunk, being read now. A bad row found while something else is
 * awaited rejects it early: marked handled here (no unhandled rejection); it
 * is thrown where the chunk is awaited.
 */
function readAhead(chunks: AsyncGenerator<CsvChunk>): Promise<IteratorResult<CsvChunk>> {
  const next = chunks.next();
  next.catch(() => {});
  return next;
}

/**
 * Uploads `first`, then the rest of `chunks`, one request at a time, reading
 * (scanning, copying) the next chunk while the current one is on the wire.
 * Read-ahead is one chunk: the reader waits for the upload (backpressure), so
 * memory stays at two chunk bodies whatever the file's size.
 */
async function uploadAll(
  first: CsvChunk,
  afterFirst: Promise<IteratorResult<CsvChunk>>,
  chunks: AsyncGenerator<CsvChunk>,
  upload: (chunk: CsvChunk) => Promise<void>,
): Promise<void> {
  let current = first;
  let next = afterFirst;
  for (;;) {
    try {
      await upload(current);
    } catch (error) {
      // The upload's error is the one to report; the reader stops (its file closes).
      await chunks.return(undefined).catch(() => {});
      throw error;
    }
    const result = await next;
    if (result.done) return;
    current = result.value;
    next = readAhead(chunks);
  }
}

/** The first `limit` rows of a chunk, parsed, as a sample for type inference. */
function sampleRows(chunk: CsvChunk, limit: number): string[][] {
  const sampled = Math.min(chunk.body.length, 1 << 20);
  const text = chunk.body.subarray(0, sampled).toString('utf8');
  // The last record of a cut-off sample may be partial: only records with their newline count then.
  return csvRecords(text, limit + 1, sampled < chunk.body.length)
    .slice(1)
    .map((record) => splitCsvRecord(record));
}

function checkColumns(columns: ColumnTransport[], header: string[], file: string): void {
  const names = columns.map((c) => c.columnName);
  const missing = header.find((name) => !names.includes(name));
  if (missing || names.length !== header.length) {
    throw new PushInputError(
      `The columns given (${names.join(', ')}) do not match the header of ${file} (${header.join(', ')}).`,
    );
  }
}

/** 409 means another job on the same table runs: wait for it, then execute ours. */
async function executeWhenTargetFree(
  client: DataPushClient,
  job: DataPushJob,
  options: PushOptions,
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  for (;;) {
    try {
      await client.executeJob(job.id, { ...(options.signal ? { signal: options.signal } : {}) });
      return;
    } catch (error) {
      if (!(error instanceof LanesError && error.code === 'api.conflict') || Date.now() > deadline)
        throw error;
      options.onProgress?.({
        phase: 'wait',
        rows: 0,
        bytes: 0,
        totalBytes: 0,
        status: 'another job on this table is running',
        targetBusy: true,
      });
      await sleep(POLL_STEADY_MS, undefined, options.signal ? { signal: options.signal } : {});
    }
  }
}

async function waitForOutcome(
  client: DataPushClient,
  id: string,
  options: PushOptions,
): Promise<DataPushJob> {
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  for (let poll = 0; ; poll++) {
    await sleep(
      POLL_DELAYS_MS[poll] ?? POLL_STEADY_MS,
      undefined,
      options.signal ? { signal: options.signal } : {},
    );
    const job = await client.getJob(id, options.signal);
    options.onProgress?.({ phase: 'wait', rows: 0, bytes: 0, totalBytes: 0, status: job.status });
    if (job.status === 'DONE') return job;
    if (job.status === 'ERROR') {
      const logs = job.logs.slice(-10).join(' | ') || 'no details were given';
      throw apiError('api.serviceError', `The push job failed: ${logs}`, {
        operation: 'push',
        serviceMessage: logs,
      });
    }
    if (job.status === 'CANCELED')
      throw apiError('api.cancelled', 'The push job was cancelled.', { operation: 'push' });
    if (Date.now() > deadline) {
      throw apiError('api.timeout', `The push job ${id} did not finish in time (status ${job.status}).`, {
        operation: 'push',
      });
    }
  }
}
