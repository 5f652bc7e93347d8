import { LocalError, UsageError } from '../cli-error.ts';
import { createProgress, printJson, printTable } from '../output.ts';
import { parseColumnSpec } from '../../api/datapush/column-inference.ts';
import { CsvFileError } from '../../api/datapush/csv-file-errors.ts';
import { pushTable } from '../../api/datapush/push-flow.ts';
import { intOption, requireArgs, stringOption, type Command } from './command.ts';
import { access } from 'node:fs/promises';

async function mustExist(file: string): Promise<void> {
  await access(file).catch(() => {
    throw new LocalError(`Cannot read ${file}: no such file.`, 'Check the path.');
  });
}

export const pushCommands: Command[] = [
  {
    name: 'push',
    args: 'FILE.csv --table NAME [--keys A,B] [--type DELTA|REPLACE] [--deleted FILE.csv] [--chunk-rows N] [--columns SPEC]',
    summary: 'Push a CSV table to the data pool (create job, upload chunks, execute, wait)',
    options: {
      table: { type: 'string' },
      keys: { type: 'string' },
      type: { type: 'string' },
      deleted: { type: 'string' },
      'chunk-rows': { type: 'string' },
      columns: { type: 'string' },
    },
    async run(ctx, positionals, values) {
      const [file] = requireArgs(this, positionals, ['FILE.csv']);
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
      let columns;
      const spec = stringOption(values, 'columns');
      if (spec) {
        try {
          columns = parseColumnSpec(spec, keys);
        } catch (error) {
          throw new UsageError(`--columns: ${(error as Error).message}`);
        }
      }
      const progress = createProgress('push');
      try {
        const result = await pushTable(ctx.dataPush(), {
          file: file!,
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
        if (error instanceof CsvFileError) throw new LocalError(error.message, error.fix);
        throw error;
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
