import { LocalError, UsageError } from '../cli-error.ts';
import { createProgress, printJson, printTable } from '../output.ts';
import { parseColumnSpec } from '../../api/datapush/column-inference.ts';
import type { ChunkDialect } from '../../api/datapush/csv-chunks.ts';
import { CsvFileError } from '../../api/datapush/csv-file-errors.ts';
import { pushTable } from '../../api/datapush/push-flow.ts';
import { tableFileKind } from '../../datapool/file-kind.ts';
import { fileProblem, inspectFile } from '../../datapool/file-inspect.ts';
import { SHEET_CSV_DIALECT, sheetAsCsv } from '../../datapool/push-run.ts';
import type { PoolColumn } from '../../../shared/domain/datapool.ts';
import { intOption, requireArgs, stringOption, type Command } from './command.ts';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

async function mustExist(file: string): Promise<void> {
  await access(file).catch(() => {
    throw new LocalError(`Cannot read ${file}: no such file.`, 'Check the path.');
  });
}

/** What the file is, as the Data pool screen takes it (file-kind.ts): a file that is no table is refused here. */
async function kindOf(file: string): Promise<'csv' | 'xlsx' | 'xls'> {
  try {
    return await tableFileKind(file, basename(file));
  } catch (error) {
    throw fileProblem(error, file, basename(file));
  }
}

/**
 * The rows to push from a workbook: its sheet (the one asked for, else the
 * first with data) from its header row (asked for, else guessed), read by the
 * same reader and written as the same CSV as the Data pool screen's push.
 */
async function workbookRows(
  file: string,
  choice: { sheet?: string | undefined; headerRow?: number | undefined },
  folder: string,
): Promise<{ csv: string; sheet: string; headerRow: number; columns: PoolColumn[] }> {
  const name = basename(file);
  const preview = await inspectFile(file, name, { kind: 'xlsx', ...choice });
  if (preview.format.kind !== 'xlsx') throw new Error('A workbook was read as CSV.');
  const { sheet, headerRow } = preview.format;
  if (preview.header.length === 0)
    throw new LocalError(
      `The sheet "${sheet}" of ${name} is empty.`,
      `Choose a sheet with data: --sheet ${preview.sheets?.filter((s) => s !== sheet).join(' | ') || 'NAME'}.`,
    );
  const csv = join(folder, 'sheet.csv');
  await sheetAsCsv({ path: file, name, bytes: preview.bytes }, preview.format, csv);
  return { csv, sheet, headerRow, columns: preview.columns };
}

export const pushCommands: Command[] = [
  {
    name: 'push',
    args: 'FILE.csv|FILE.xlsx --table NAME [--keys A,B] [--type DELTA|REPLACE] [--sheet NAME] [--header-row N] [--deleted FILE.csv] [--chunk-rows N] [--columns SPEC]',
    summary: 'Push a CSV file or an Excel sheet to the data pool (create job, upload chunks, execute, wait)',
    options: {
      sheet: { type: 'string' },
      'header-row': { type: 'string' },
      table: { type: 'string' },
      keys: { type: 'string' },
      type: { type: 'string' },
      deleted: { type: 'string' },
      'chunk-rows': { type: 'string' },
      columns: { type: 'string' },
    },
    async run(ctx, positionals, values) {
      const [file] = requireArgs(this, positionals, ['FILE']);
      const table = stringOption(values, 'table');
      if (!table) throw new UsageError('"lanes push" needs --table NAME.', `Usage: lanes push ${this.args}`);
      const type = (stringOption(values, 'type') ?? 'DELTA').toUpperCase();
      if (type !== 'DELTA' && type !== 'REPLACE')
        throw new UsageError(`--type must be DELTA or REPLACE, not "${type}".`);
      const keys = (stringOption(values, 'keys') ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      if (type === 'DELTA' && keys.length === 0)
        throw new UsageError('A DELTA push needs --keys: the columns that identify a row.');
      const deleted = stringOption(values, 'deleted');
      await mustExist(file!);
      if (deleted) await mustExist(deleted);
      const sheet = stringOption(values, 'sheet');
      const headerRow = intOption(values, 'header-row');
      if (headerRow === 0) throw new UsageError("--header-row counts from 1 (the sheet's first row).");
      const kind = await kindOf(file!);
      if (kind === 'csv' && (sheet !== undefined || headerRow !== undefined))
        throw new UsageError('--sheet and --header-row are for Excel workbooks (.xlsx); this file is CSV.');
      if (deleted && (await kindOf(deleted)) !== 'csv')
        throw new LocalError(`${deleted} is not a CSV file.`, 'Give the rows to delete as a CSV file.');
      let columns;
      const spec = stringOption(values, 'columns');
      if (spec) {
        try {
          columns = parseColumnSpec(spec, keys);
        } catch (error) {
          throw new UsageError(`--columns: ${(error as Error).message}`);
        }
      }
      // A workbook's sheet is written as CSV in a folder of its own, removed afterwards.
      const folder = kind === 'csv' ? undefined : await mkdtemp(join(tmpdir(), 'lanes-sheet-'));
      // Messages about the sheet's CSV name the workbook and its sheet.
      let shownAs = (text: string): string => text;
      const progress = createProgress('push');
      try {
        let source = file!;
        let dialect: ChunkDialect | undefined;
        if (folder) {
          const rows = await workbookRows(file!, { sheet, headerRow }, folder);
          source = rows.csv;
          dialect = SHEET_CSV_DIALECT;
          columns ??= rows.columns;
          shownAs = (text) => text.split(rows.csv).join(`${file} (sheet "${rows.sheet}")`);
          if (!ctx.out.json)
            ctx.out.write(
              `Reading sheet "${rows.sheet}" of ${basename(file!)}, header row ${rows.headerRow}.\n`,
            );
        }
        const result = await pushTable(ctx.dataPush(), {
          file: source,
          ...(dialect ? { dialect } : {}),
          table,
          keys,
          type,
          ...(deleted ? { deletedFile: deleted } : {}),
          ...(columns ? { columns } : {}),
          rowsPerChunk: intOption(values, 'chunk-rows') ?? 100_000,
          signal: ctx.signal,
          onProgress: (p) =>
            progress.update(p.phase === 'wait' ? 0 : p.bytes, p.phase === 'wait' ? undefined : p.totalBytes),
        });
        progress.done();
        if (ctx.out.json) return printJson(ctx.out, result);
        ctx.out.write(
          `Pushed ${result.rows} rows${result.deletedRows ? ` and ${result.deletedRows} deletions` : ''} to ${table} in ${result.chunks} chunks (job ${result.job.id}, ${result.job.status}).\n`,
        );
      } catch (error) {
        progress.done();
        // The file's own problem: what is wrong with it and what to do; nothing was executed.
        if (error instanceof CsvFileError) throw new LocalError(shownAs(error.message), error.fix);
        throw error;
      } finally {
        if (folder) await rm(folder, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'jobs list',
    args: '',
    summary: 'List the running push jobs of the pool',
    async run(ctx) {
      const jobs = await ctx.dataPush().listJobs(ctx.signal);
      if (ctx.out.json) return printJson(ctx.out, jobs);
      printTable(
        ctx.out,
        ['ID', 'TABLE', 'TYPE', 'STATUS'],
        jobs.map((j) => [j.id, j.targetName, j.type, j.status]),
      );
    },
  },
  {
    name: 'jobs show',
    args: 'ID',
    summary: 'Show a push job with its chunks and logs',
    async run(ctx, positionals) {
      const [id] = requireArgs(this, positionals, ['ID']);
      const client = ctx.dataPush();
      const [job, chunks] = await Promise.all([
        client.getJob(id!, ctx.signal),
        client.listChunks(id!, ctx.signal),
      ]);
      if (ctx.out.json) return printJson(ctx.out, { ...job, chunks });
      ctx.out.write(
        `${job.id}: ${job.type} push to ${job.targetName}, status ${job.status}, ${chunks.length} chunks\n`,
      );
      for (const log of job.logs) ctx.out.write(`  ${log}\n`);
    },
  },
  {
    name: 'jobs cancel',
    args: 'ID',
    summary: 'Cancel a push job',
    async run(ctx, positionals) {
      const [id] = requireArgs(this, positionals, ['ID']);
      await ctx.dataPush().cancelJob(id!, ctx.signal);
      ctx.out.write(`Cancelled job ${id}.\n`);
    },
  },
  {
    name: 'jobs delete',
    args: 'ID',
    summary: 'Delete a push job',
    async run(ctx, positionals) {
      const [id] = requireArgs(this, positionals, ['ID']);
      await ctx.dataPush().deleteJob(id!, ctx.signal);
      ctx.out.write(`Deleted job ${id}.\n`);
    },
  },
];
