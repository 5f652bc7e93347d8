/**
 * Pushing 250,000, 500,000 and 1,000,000-row CSVs through the push flow to an
 * emulator in another process. Prints rows per second and the pushing
 * process's peak RSS for each size (streaming keeps RSS flat as files grow),
 * and the upload phase (create the job, send every chunk) against a bare
 * undici upload of the same chunks, cut beforehand and held in memory
 * (push-bare-worker.ts), to the same emulator: the ratio is the push flow's
 * throughput as a share of the bare one's (1.00x = as fast).
 */
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { type SummaryRow } from './summary.ts';
import { writeCustomerCsv } from './csv-fixture.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/** One helper in its own process (its peak RSS is its own); its one line of JSON. */
async function worker<T>(script: string, file: string, ready: string): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(here, script), file, ready], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as T;
}

export async function run(sizes: number[] = [250_000, 500_000, 1_000_000]): Promise<SummaryRow[]> {
  const summary: SummaryRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'lanes-push-bench-'));
  const emulator = spawn(
    process.execPath,
    [join(here, '../emulator/cli.ts'), '--port', '0', '--seed', 'empty'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  try {
    const [ready] = (await once(createInterface({ input: emulator.stdout! }), 'line')) as [string];
    for (const rows of sizes) {
      const file = join(dir, `rows-${rows}.csv`);
      await writeCustomerCsv(file, rows);
      const flow = await worker<{
        rows: number;
        chunks: number;
        ms: number;
        uploadMs: number;
        maxRssMb: number;
      }>('push-worker.ts', file, ready);
      const bare = await worker<{ rows: number; uploadMs: number }>('push-bare-worker.ts', file, ready);
      const rate = (n: number, ms: number): string => (n / (ms / 1000)).toFixed(0).padStart(7);
      console.log(
        `${String(rows).padStart(9)} rows: ${rate(flow.rows, flow.ms)} rows/s end to end (${(flow.ms / 1000).toFixed(1)} s with execute), ` +
          `${flow.chunks} chunks, peak RSS ${flow.maxRssMb.toFixed(0)} MB; ` +
          `upload ${rate(flow.rows, flow.uploadMs)} rows/s vs bare undici ${rate(bare.rows, bare.uploadMs)} rows/s, ` +
          `ratio ${(bare.uploadMs / flow.uploadMs).toFixed(2)}x`,
      );
      summary.push(
        {
          measure: `push ${rows.toLocaleString('en')} rows: peak RSS`,
          value: `${flow.maxRssMb.toFixed(0)} MB`,
          baseline: '',
          ratio: '',
          target: '≤ 150 MB',
        },
        {
          measure: `push ${rows.toLocaleString('en')} rows: upload throughput`,
          value: `${rate(flow.rows, flow.uploadMs).trim()} rows/s`,
          baseline: `bare undici ${rate(bare.rows, bare.uploadMs).trim()} rows/s`,
          ratio: `${(bare.uploadMs / flow.uploadMs).toFixed(2)}×`,
          target: '≥ 0.8×',
        },
      );
      rmSync(file);
    }
    return summary;
  } finally {
    emulator.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await run(
    process.argv
      .slice(2)
      .map(Number)
      .filter((n) => n > 0).length
      ? process.argv.slice(2).map(Number)
      : undefined,
  );
}
