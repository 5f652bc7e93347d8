import { setTimeout as sleep } from 'node:timers/promises';
import type { DataPushJob, JobType } from '../../../shared/domain/datapush.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { readingForType } from '../../../shared/tables/column-inference.ts';
import type { ReadColumn } from '../../../shared/tables/value-reading.ts';
import { apiError, isApiError } from '../http/api-errors.ts';
import { csvChunks, splitCsvRecord, type ChunkDialect, type CsvChunk } from './csv-chunks.ts';
import { PushInputError } from './csv-file-errors.ts';
import { inspectCsv, type CsvInspection } from './csv-inspect.ts';
import { columnTransports, csvParsingOptions } from './csv-options.ts';
import { multipartEnvelope, type DataPushClient } from './datapush-client.ts';

/** A column as pushed: its schema and how its values are written in the file. */
type PushColumn = ReadColumn & { pkField?: boolean | undefined };

interface PushOptions {
  file: string;
  table: string;
  keys: string[];
  type: JobType;
  deletedFile?: string;
  rowsPerChunk?: number;
  /** How the file is written; detected from its start when absent. */
  dialect?: ChunkDialect;
  /** Explicit schema; inferred from the file's start when absent (a column without a reading gets one there). */
  columns?: PushColumn[];
  signal?: AbortSignal;
  /** Overall limit for waiting on execution. */
  timeoutMs?: number;
  onProgress?: (progress: PushProgress) => void;
  /**
   * The job as created, told just before its first chunk is sent (the app
   * follows and cancels it by id from then on).
   */
  onJob?: (job: DataPushJob) => void;
  /**
   * Told as each chunk is sent: its kind and the file line of its first row.
   * Chunks differ in size (the first is cut when the job exists, see
   * csvChunks' firstChunkWanted), so a line the service names within a chunk
   * maps to the file by this.
   */
  onChunk?: (kind: ChunkKind, firstLine: number) => void;
}

export type ChunkKind = 'UPSERT' | 'DELETE';

export interface PushProgress {
  phase: 'upload' | 'upload-deleted' | 'execute' | 'wait';
  rows: number;
  bytes: number;
  totalBytes: number;
  status?: string;
  /** Set while execution waits for another job on the same table (409). */
  targetBusy?: boolean;
}

interface PushResult {
  job: DataPushJob;
  rows: number;
  deletedRows: number;
  chunks: number;
}

/** Polling as the service's own clients do: 0.1 s, 0.3 s, 0.9 s, then every 2 s. */
const POLL_DELAYS_MS = [100, 300, 900];
const POLL_STEADY_MS = 2000;

/**
 * The whole push: create the job, stream chunks from disk one at a time,
 * execute, and wait for the outcome. A cancelled push cancels its job.
 *
 * Reading overlaps the wire in this one thread: the reader returns to the
 * event loop after each read (csvChunks), so the request on the wire goes on
 * while the next chunk is read and scanned.
 * The job is created as soon as the file's header and first row are read,
 * while the rest of the first chunk is; the first chunk is sent as soon as
 * the job exists, with the rows read by then (all of them where the network
 * is slower than the disk); each later one as soon as it is cut.
 */
export async function pushTable(client: DataPushClient, options: PushOptions): Promise<PushResult> {
  const rowsPerChunk = options.rowsPerChunk ?? 100_000;
  const { dialect, columns } = await settle(options);
  const envelope = multipartEnvelope();
  // The reader stops with the push (cancelled, job refused, upload failed), also halfway through a chunk.
  const reading = new AbortController();
  const readSignal = options.signal ? AbortSignal.any([options.signal, reading.signal]) : reading.signal;
  let headerRead: (header: string) => void = () => {};
  const firstRow = new Promise<string>((resolve) => (headerRead = resolve));
  const chunking = { reuseBodies: BODIES_IN_FLIGHT, dialect, envelope };
  let jobCreated = false;
  const upserts = csvChunks(options.file, rowsPerChunk, readSignal, {
    ...chunking,
    onFirstRow: headerRead,
    firstChunkWanted: () => jobCreated,
  });
  const first = readAhead(upserts);
  let job: DataPushJob;
  let deletedDialect: ChunkDialect | undefined;
  try {
    // A file without a row, a bad first row or a header that does not fit is refused before any job exists.
    const header = splitCsvRecord(
      await Promise.race([
        firstRow,
        first.then((result) => {
          if (result.done) throw new PushInputError(`${options.file} has a header but no rows.`);
          return result.value.header;
        }),
      ]),
      dialect.separator,
      dialect.quotesFields,
    );
    const missingKey = options.keys.find((key) => !header.includes(key));
    if (missingKey)
      throw new PushInputError(
        `The key column "${missingKey}" is not in the header of ${options.file} (${header.join(', ')}).`,
      );
    checkColumns(columns, header, options.file);
    if (options.deletedFile) deletedDialect = await checkSameDialect(options.deletedFile, dialect);
    job = await client.createJob(
      {
        targetName: options.table,
        type: options.type,
        keys: options.keys,
        columns: columnTransports(
          columns.map((c) => ({ ...c, pkField: options.keys.includes(c.columnName) })),
        ),
        csvParsingOptions: csvParsingOptions(dialect, columns),
      },
      options.signal,
    );
    jobCreated = true;
  } catch (error) {
    await stop(upserts, reading);
    throw error;
  }
  let executing = false;
  try {
    let rows = 0;
    let chunks = 0;
    const upload = async (
      chunk: CsvChunk,
      kind: 'upserted' | 'deleted',
      phase: PushProgress['phase'],
    ): Promise<void> => {
      // Told with the first chunk in hand: a bad row in the first chunk ends the push as one whose job never
      // took a row (this function cancels that job itself).
      if (chunks === 0) options.onJob?.(job);
      options.onChunk?.(kind === 'upserted' ? 'UPSERT' : 'DELETE', chunk.firstLine);
      await client.addWrappedChunk(job.id, kind, chunk.wire, envelope.boundary, options.signal);
      chunks++;
      rows += chunk.rows;
      options.onProgress?.({ phase, rows, bytes: chunk.bytesRead, totalBytes: chunk.totalBytes });
    };
    await uploadAll(first, upserts, reading, (chunk) => upload(chunk, 'upserted', 'upload'));
    const upserted = rows;
    if (options.deletedFile) {
      rows = 0;
      // Its own byte-order mark and quoting: the chunks are written in one form whatever the file's.
      const deleted = csvChunks(options.deletedFile, rowsPerChunk, readSignal, {
        ...chunking,
        dialect: deletedDialect,
      });
      await uploadAll(readAhead(deleted), deleted, reading, (chunk) =>
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
    if (cancelled)
      throw apiError('api.cancelled', 'The push was cancelled.', { operation: 'pushTable' }, error);
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

/** Stops the reader where it is (its file closes); what it was reading is dropped. */
async function stop(chunks: AsyncGenerator<CsvChunk>, reading: AbortController): Promise<void> {
  reading.abort();
  await chunks.return(undefined).catch(() => {});
}

/**
 * Uploads every chunk of `chunks` (the first being read already), one
 * request at a time, reading (scanning, copying) the next chunk while the
 * current one is on the wire. Read-ahead is one chunk: the reader waits for
 * the upload (backpressure), so memory stays at two chunk bodies whatever the
 * file's size.
 */
async function uploadAll(
  first: Promise<IteratorResult<CsvChunk>>,
  chunks: AsyncGenerator<CsvChunk>,
  reading: AbortController,
  upload: (chunk: CsvChunk) => Promise<void>,
): Promise<void> {
  for (let next = first; ;) {
    const result = await next;
    if (result.done) return;
    next = readAhead(chunks);
    try {
      await upload(result.value);
    } catch (error) {
      // The upload's error is the one to report.
      await stop(chunks, reading);
      throw error;
    }
  }
}

/**
 * The file's dialect and columns: as given, else from its start. A given
 * number or date column without its reading (`lanes push --columns`) is read
 * the way its values are written.
 */
async function settle(options: PushOptions): Promise<{ dialect: ChunkDialect; columns: PushColumn[] }> {
  const lacksReading = (c: PushColumn): boolean =>
    ((c.columnType === 'INTEGER' || c.columnType === 'FLOAT') && !c.decimalSeparator) ||
    ((c.columnType === 'DATE' || c.columnType === 'TIME' || c.columnType === 'DATETIME') && !c.dateFormat);
  let inspection: CsvInspection | undefined;
  if (!options.dialect || !options.columns || options.columns.some(lacksReading))
    inspection = await inspectCsv(options.file, options.dialect ?? {}, options.keys);
  const dialect = options.dialect ?? inspection!.dialect;
  if (!options.columns) return { dialect, columns: inspection!.columns };
  const columns = options.columns.map((column) => {
    if (!lacksReading(column)) return column;
    const index = inspection!.header.indexOf(column.columnName);
    const values = index < 0 ? [] : inspection!.sample.map((row) => row[index] ?? '');
    const reading = readingForType(column, column.columnType, values, inspection!.hints);
    return { ...reading, ...column, ...pick(reading) };
  });
  return { dialect, columns };
}

const pick = (c: ReadColumn): Partial<ReadColumn> => ({
  ...(c.decimalSeparator !== undefined ? { decimalSeparator: c.decimalSeparator } : {}),
  ...(c.thousandsSeparator !== undefined ? { thousandsSeparator: c.thousandsSeparator } : {}),
  ...(c.dateFormat !== undefined ? { dateFormat: c.dateFormat } : {}),
});

/**
 * One job has one set of parsing options: the rows to delete must be written
 * like the rows (encoding and separator; quoting may differ, the chunks quote
 * alike). Returns how the deletions file is written.
 */
async function checkSameDialect(file: string, dialect: ChunkDialect): Promise<ChunkDialect> {
  const deleted = (await inspectCsv(file)).dialect;
  if (deleted.charSet !== dialect.charSet || deleted.separator !== dialect.separator)
    throw new PushInputError(
      `${file} is written differently from the rows file (${deleted.charSet}, "${deleted.separator}" instead of ${dialect.charSet}, "${dialect.separator}"): save both the same way.`,
    );
  return deleted;
}

function checkColumns(columns: readonly PushColumn[], header: string[], file: string): void {
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
        operation: 'pushTable',
        serviceMessage: logs,
      });
    }
    if (job.status === 'CANCELED')
      throw apiError('api.cancelled', 'The push job was cancelled.', { operation: 'pushTable' });
    if (Date.now() > deadline) {
      throw apiError('api.timeout', `The push job ${id} did not finish in time (status ${job.status}).`, {
        operation: 'pushTable',
      });
    }
  }
}
