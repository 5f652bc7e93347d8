/** The data pool screen: pushing CSV files to the data-push interface and following the pool's jobs. */
import { z } from 'zod';
import { jobStatuses } from './datapush.ts';
import { tableFormatSchema } from './table-format.ts';
import { errorCodes } from '../ipc/errors.ts';
import { decimalSeparators, thousandsSeparators } from '../tables/value-reading.ts';
import { compileDatePattern } from '../tables/date-patterns.ts';

/** A column as pushed: its type, and how its numbers and dates are written in the file. */
const columnSchema = z
  .object({
    columnName: z.string().min(1).max(200),
    columnType: z.enum(['INTEGER', 'DATE', 'TIME', 'DATETIME', 'FLOAT', 'BOOLEAN', 'STRING']),
    fieldLength: z.number().int().min(1).max(65_535).optional(),
    decimals: z.number().int().min(0).max(30).optional(),
    pkField: z.boolean().optional(),
    decimalSeparator: z.enum(decimalSeparators).optional(),
    thousandsSeparator: z.enum(thousandsSeparators).optional(),
    dateFormat: z
      .string()
      .min(1)
      .max(60)
      .refine((pattern) => compileDatePattern(pattern) !== null, 'not a date pattern')
      .optional(),
  })
  .strict();
export type PoolColumn = z.infer<typeof columnSchema>;

/** Things about a file the user should know before pushing it (a merged header cell, cells with errors). */
const poolNoticeCodes = [
  'mergedHeader',
  'unnamedColumn',
  'repeatedHeader',
  'emptyRowsLeftOut',
  'errorCells',
  'formulaWithoutResult',
  'emptySheet',
] as const;
const poolNoticeSchema = z.object({
  code: z.enum(poolNoticeCodes),
  params: z.record(z.string(), z.string()),
});
export type PoolNotice = z.infer<typeof poolNoticeSchema>;

/** What the whole file leans to, for columns whose type the user changes. */
const readingHintsSchema = z.object({
  decimalSeparator: z.enum(decimalSeparators),
  dayFirst: z.boolean(),
});

/**
 * A file the user picked, named by a token: main keeps the path, the renderer
 * only sees the name and a preview, so it can never ask main to read another path.
 */
export const chosenFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  bytes: z.number(),
  /** How the file is read now (detected, or as the user corrected it). */
  format: tableFormatSchema,
  /** A workbook's sheets, for the sheet picker. */
  sheets: z.array(z.string()).optional(),
  header: z.array(z.string()),
  /** The first rows as the file has them (decoded and split), for the preview. */
  rows: z.array(z.array(z.string())),
  /** Types and readings inferred from a sample of the first rows. */
  columns: z.array(columnSchema),
  hints: readingHintsSchema,
  notices: z.array(poolNoticeSchema),
});
export type ChosenFile = z.infer<typeof chosenFileSchema>;

export const chooseFileRequestSchema = z.object({ purpose: z.enum(['rows', 'deleted']) }).strict();

/** The chosen file read again another way: another encoding or separator, sheet or header row. */
export const rereadFileRequestSchema = z
  .object({ fileId: z.string().min(1).max(100), format: tableFormatSchema })
  .strict();

/** Table names as the service accepts them: a letter or underscore, then letters, digits, underscores. */
export const tableNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export const pushRequestSchema = z
  .object({
    fileId: z.string().min(1).max(100),
    deletedFileId: z.string().min(1).max(100).optional(),
    format: tableFormatSchema,
    table: z.string().regex(tableNamePattern),
    mode: z.enum(['DELTA', 'REPLACE']),
    keys: z.array(z.string().min(1).max(200)).max(50),
    columns: z.array(columnSchema).min(1).max(2000),
  })
  .strict();
export type PushRequest = z.infer<typeof pushRequestSchema>;

const pushPhases = [
  /** Offline: the rows are snapshotted and wait for the next sync. */
  'waiting',
  'checking',
  'creating',
  'uploading',
  'uploadingDeleted',
  'executing',
  'targetBusy',
  'rateLimited',
  'following',
  'done',
  'failed',
  'canceled',
] as const;

const badRowSchema = z.object({
  /** The line in the file (header = 1). */
  line: z.number().int(),
  message: z.string(),
  /** The row is in the deleted-rows file. */
  deletedFile: z.boolean().optional(),
});
export type BadRow = z.infer<typeof badRowSchema>;

const pushSources = ['file', 'inventory', 'metrics'] as const;
export type PushSource = (typeof pushSources)[number];
export const lanesTableKinds = ['inventory', 'metrics'] as const;
export type LanesTableKind = (typeof lanesTableKinds)[number];

/** Where a push stands; main sends one after every step, the last one with a final phase. */
export const pushProgressSchema = z.object({
  pushId: z.string(),
  source: z.enum(pushSources).optional(),
  phase: z.enum(pushPhases),
  table: z.string(),
  jobId: z.string().optional(),
  status: z.enum(jobStatuses).optional(),
  rows: z.number(),
  bytes: z.number(),
  totalBytes: z.number(),
  /** How long Lanes waits before it tries again (rate limited, table busy). */
  waitMs: z.number().optional(),
  badRows: z.array(badRowSchema).optional(),
  /** The job's other log lines (the service's summary), newest last. */
  logs: z.array(z.string()).optional(),
  error: z
    .object({
      code: z.enum(errorCodes),
      message: z.string(),
      params: z.record(z.string(), z.string()),
      details: z.array(z.string()),
    })
    .optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
});
export type PushProgress = z.infer<typeof pushProgressSchema>;

export const poolJobSchema = z.object({
  id: z.string(),
  targetName: z.string(),
  status: z.enum(jobStatuses),
  type: z.enum(['REPLACE', 'DELTA']),
  creationDate: z.string().optional(),
  changeDate: z.string().optional(),
  logs: z.array(z.string()),
});
export type PoolJob = z.infer<typeof poolJobSchema>;

export const jobIdRequestSchema = z.object({ id: z.string().min(1).max(200) }).strict();

export const lanesTableRequestSchema = z.object({ kind: z.enum(lanesTableKinds) }).strict();

/** A table of what Lanes knows, as it would be pushed: its columns, first rows and size. */
export const lanesTablePreviewSchema = z.object({
  kind: z.enum(lanesTableKinds),
  columns: z.array(columnSchema),
  key: z.string(),
  rows: z.array(z.array(z.string())),
  total: z.number(),
  table: z.string(),
  /** live: gathered from the service now; cache: offline, from what the cache knows. */
  source: z.enum(['live', 'cache']),
  /** Elements (processes, for the metrics) of the whole landscape, when known. */
  landscapeTotal: z.number().optional(),
  /** When the landscape's listing was read from the service. */
  fetchedAt: z.string().optional(),
});
export type LanesTablePreview = z.infer<typeof lanesTablePreviewSchema>;

/** Lanes' own table being gathered: the landscape's listing page by page, then the diagrams. */
export const gatherProgressSchema = z.object({
  kind: z.enum(lanesTableKinds),
  step: z.enum(['listing', 'diagrams', 'lint']),
  done: z.number(),
  total: z.number(),
});
export type GatherProgress = z.infer<typeof gatherProgressSchema>;

export const pushLanesRequestSchema = z
  .object({ kind: z.enum(lanesTableKinds), table: z.string().regex(tableNamePattern) })
  .strict();

export const pushStartedSchema = z.object({
  pushId: z.string(),
  /** True when the service is out of reach and the push waits for the next sync. */
  waiting: z.boolean(),
});
