import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChunkDialect } from '../api/datapush/csv-chunks.ts';
import { CsvFileError, CsvShapeError } from '../api/datapush/csv-file-errors.ts';
import { csvDialectOf } from '../api/datapush/csv-inspect.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { pushTable, type PushProgress as FlowProgress } from '../api/datapush/push-flow.ts';
import { isApiError } from '../api/http/api-errors.ts';
import type { Logger } from '../log/logger.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { DataPushJob } from '../../shared/domain/datapush.ts';
import type { PoolColumn, PushProgress } from '../../shared/domain/datapool.ts';
import type { CsvFormat, TableFormat } from '../../shared/domain/table-format.ts';
type SheetFormat = Extract<TableFormat, { kind: 'xlsx' }>;
import { badRowOfShapeError, splitJobLogs, type ChunkStarts } from './job-logs.ts';

export interface LocalFile {
  path: string;
  /** What the user calls it (the file name, or "inventory"): messages never show the path. */
  name: string;
  bytes: number;
}

export interface PushSpec {
  file: LocalFile;
  /** How the file is read: a CSV file as it is written, or a workbook's sheet. */
  format: TableFormat;
  deleted?: LocalFile | undefined;
  table: string;
  mode: 'DELTA' | 'REPLACE';
  keys: string[];
  columns: PoolColumn[];
  rowsPerChunk: number;
}

/** Lanes' own tables are written as UTF-8 with commas. */
export const LANES_CSV: CsvFormat = { kind: 'csv', charSet: 'UTF-8', separator: ',' };

/** How a workbook's sheet is written for the push (sheet-table.ts): UTF-8, commas, RFC 4180 quoting. */
export const SHEET_CSV_DIALECT: ChunkDialect = {
  charSet: 'UTF-8',
  bomBytes: 0,
  separator: ',',
  quotesFields: true,
};

type ProgressUpdate = (patch: Partial<PushProgress>) => void;

/**
 * One push through the push flow (create, stream chunks, execute, follow),
 * told step by step to `update`, ending in done, failed (with the job's bad
 * rows by file line and its log) or canceled. Never throws.
 */
export async function runPush(
  client: DataPushClient,
  spec: PushSpec,
  signal: AbortSignal,
  update: ProgressUpdate,
  current: () => PushProgress,
  logger: Logger,
  tempDir: string,
): Promise<void> {
  const finish = (patch: Partial<PushProgress>): void =>
    update({ ...patch, waitMs: undefined, finishedAt: new Date().toISOString() } as Partial<PushProgress>);
  let sheetCsv: string | undefined;
  const starts: ChunkStarts = { UPSERT: [], DELETE: [] };
  try {
    let path = spec.file.path;
    let dialect: ChunkDialect;
    if (spec.format.kind === 'xlsx') {
      // The sheet is written as UTF-8 CSV in one fixed form (see sheet-table.ts) and pushed from there.
      sheetCsv = join(tempDir, `sheet-${randomUUID()}.csv`);
      await sheetAsCsv(spec.file, spec.format, sheetCsv);
      path = sheetCsv;
      update({ totalBytes: (await stat(sheetCsv)).size });
      dialect = SHEET_CSV_DIALECT;
    } else dialect = await csvDialectOf(path, spec.format);
    const result = await pushTable(client, {
      file: path,
      dialect,
      table: spec.table,
      keys: spec.keys,
      type: spec.mode,
      columns: spec.columns.map((c) => ({ ...c, pkField: spec.keys.includes(c.columnName) })),
      ...(spec.deleted ? { deletedFile: spec.deleted.path } : {}),
      rowsPerChunk: spec.rowsPerChunk,
      signal,
      onJob: (job) => update({ jobId: job.id, status: 'NEW', phase: 'uploading' }),
      onChunk: (kind, firstLine) => starts[kind].push(firstLine),
      onProgress: (progress) => update(progressPatch(progress, current())),
    });
    finish({
      phase: 'done',
      status: 'DONE',
      rows: result.rows,
      bytes: current().totalBytes,
      logs: result.job.logs,
    });
  } catch (error) {
    const jobId = current().jobId;
    const job = jobId ? await client.getJob(jobId).catch(() => undefined) : undefined;
    const { badRows, other } = splitJobLogs(job?.logs ?? [], starts, spec.rowsPerChunk);
    const shapeRow = error instanceof CsvShapeError ? badRowOfShapeError(error) : undefined;
    if (shapeRow) badRows.push(shapeRow);
    // A job cancelled elsewhere (the pool's jobs list) ends the push as cancelled; one the push flow cancelled
    // itself because of the file (a bad row after the first chunk) failed, and says where.
    const cancelledElsewhere = job?.status === 'CANCELED' && !(error instanceof CsvFileError);
    if (signal.aborted || isApiError(error, 'api.cancelled') || cancelledElsewhere) {
      finish({ phase: 'canceled', ...(job ? { status: job.status } : {}), logs: other });
      return;
    }
    if (job?.status === 'DONE') {
      finish({ phase: 'done', status: 'DONE', logs: other });
      return;
    }
    logger.warn(`datapool: push to ${spec.table} failed`, (error as Error).message);
    // A job that ended in ERROR speaks through its log (bad rows, summary); repeating it as an error says nothing new.
    finish({
      phase: 'failed',
      ...(job ? { status: job.status } : {}),
      badRows,
      logs: other,
      ...(job?.status === 'ERROR' && (badRows.length > 0 || other.length > 0)
        ? {}
        : { error: errorDataOf(error, sheetCsv ? { ...spec.file, path: sheetCsv } : spec.file) }),
    });
  } finally {
    if (sheetCsv) await rm(sheetCsv, { force: true });
  }
}

/**
 * A workbook's sheet from its header row written as the CSV file that is
 * pushed (the Data pool screen and `lanes push` alike); a problem with the
 * workbook becomes the LanesError the screen and the CLI show.
 */
export async function sheetAsCsv(file: LocalFile, format: SheetFormat, target: string): Promise<void> {
  const { sheet, headerRow } = format;
  try {
    // The spreadsheet reader is loaded for workbooks only: a CSV push does without it.
    const { openWorkbook } = await import('./xlsx/workbook.ts');
    const { sheetTable, writeSheetCsv } = await import('./xlsx/sheet-table.ts');
    const book = await openWorkbook(file.path, file.bytes, { sheets: [sheet] });
    const table = sheetTable(book.cells(sheet), headerRow);
    await writeSheetCsv(table, target);
  } catch (error) {
    const { fileProblem } = await import('./file-inspect.ts');
    throw fileProblem(error, file.path, file.name);
  }
}

function progressPatch(progress: FlowProgress, current: PushProgress): Partial<PushProgress> {
  switch (progress.phase) {
    case 'upload':
      return {
        phase: 'uploading',
        rows: progress.rows,
        bytes: progress.bytes,
        totalBytes: progress.totalBytes,
      };
    case 'upload-deleted':
      return { phase: 'uploadingDeleted' };
    case 'execute':
      return { phase: 'executing', rows: progress.rows, bytes: current.totalBytes };
    case 'wait':
      if (progress.targetBusy) return { phase: 'targetBusy', waitMs: 2000 };
      return {
        phase: 'following',
        status: progress.status as DataPushJob['status'],
        waitMs: undefined,
      } as Partial<PushProgress>;
  }
}

function errorDataOf(error: unknown, file: LocalFile): NonNullable<PushProgress['error']> {
  if (error instanceof LanesError) return error.toData();
  const reason = error instanceof Error ? error.message.split(file.path).join(file.name) : String(error);
  if (error instanceof CsvFileError)
    return { code: 'file.unreadable', message: reason, params: { path: file.name, reason }, details: [] };
  return { code: 'internal', message: reason, params: {}, details: [] };
}
