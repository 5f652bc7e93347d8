/**
 * An app-driven push: the main side (createMainServices, as in Electron)
 * pushes a 1,000,000-row CSV through the data pool screen's channels to an
 * emulator in another process, following the progress events to DONE. Prints
 * rows per second, the main side's peak RSS and heap (streaming keeps them
 * flat, whatever the file's size) and the event-loop lag of main's serving
 * thread meanwhile (the push runs in the push worker): target p99 ≤ 50 ms.
 */
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { type SummaryRow } from './summary.ts';
import { writeCustomerCsv } from './csv-fixture.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function run(rows = 1_000_000): Promise<SummaryRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-datapool-bench-'));
  const emulator = spawn(
    process.execPath,
    [join(here, '../emulator/cli.ts'), '--port', '0', '--seed', 'empty'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  try {
    const [ready] = (await once(createInterface({ input: emulator.stdout! }), 'line')) as [string];
    const file = join(dir, `rows-${rows}.csv`);
    await writeCustomerCsv(file, rows);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(here, 'datapool-push-worker.ts'), file, ready],
      {
        maxBuffer: 1 << 20,
      },
    );
    const result = JSON.parse(stdout) as {
      rows: number;
      ms: number;
      events: number;
      maxRssMb: number;
      peakHeapMb: number;
      lag: { p50: number; p99: number; max: number };
    };
    const mb = statSync(file).size / 1e6;
    console.log(
      `app-driven push of ${rows} rows (${mb.toFixed(0)} MB): ${(result.rows / (result.ms / 1000)).toFixed(0)} rows/s, ` +
        `${(result.ms / 1000).toFixed(1)} s, ${result.events} progress events, ` +
        `main side peak RSS ${result.maxRssMb.toFixed(0)} MB, peak heap ${result.peakHeapMb.toFixed(0)} MB; ` +
        `main's event-loop lag p50 ${result.lag.p50.toFixed(1)} ms, p99 ${result.lag.p99.toFixed(1)} ms, max ${result.lag.max.toFixed(1)} ms`,
    );
    return [
      {
        measure: `data pool: app-driven push of ${rows.toLocaleString('en')} rows`,
        value: `${Math.round(result.rows / (result.ms / 1000)).toLocaleString('en')} rows/s, peak RSS ${result.maxRssMb.toFixed(0)} MB`,
        baseline: '',
        ratio: '',
        target: '',
      },
      {
        measure: `data pool: main's event-loop lag during a ${rows.toLocaleString('en')}-row push`,
        value: `p99 ${result.lag.p99.toFixed(1)} ms`,
        baseline: `p50 ${result.lag.p50.toFixed(1)} ms, max ${result.lag.max.toFixed(1)} ms`,
        ratio: '',
        target: 'p99 ≤ 50 ms',
      },
    ];
  } finally {
    emulator.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const rows = Number(process.argv[2]);
  await run(rows > 0 ? rows : undefined);
}
