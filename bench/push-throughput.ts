/**
 * Pushing 250,000, 500,000 and 1,000,000-row CSVs through the push flow to an
 * emulator in another process. Prints rows per second and the pushing
 * process's peak RSS for each size: streaming keeps RSS flat as files grow.
 */
import { spawn, execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,name,amount,day\n');
  for (let i = 1; i <= rows; i++) {
    const line = `${i},"Customer ${i}, ltd.",${(i * 1.25).toFixed(2)},2026-01-${String((i % 28) + 1).padStart(2, '0')}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export async function run(sizes: number[] = [250_000, 500_000, 1_000_000]): Promise<void> {
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
      await writeCsv(file, rows);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [join(here, 'push-worker.ts'), file, ready],
        {
          maxBuffer: 1 << 20,
        },
      );
      const result = JSON.parse(stdout) as { rows: number; chunks: number; ms: number; maxRssMb: number };
      console.log(
        `${String(rows).padStart(9)} rows: ${(result.rows / (result.ms / 1000)).toFixed(0).padStart(7)} rows/s, ` +
          `${result.chunks} chunks, ${(result.ms / 1000).toFixed(1)} s, peak RSS ${result.maxRssMb.toFixed(0)} MB`,
      );
      rmSync(file);
    }
  } finally {
    emulator.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run(
    process.argv
      .slice(2)
      .map(Number)
      .filter((n) => n > 0).length
      ? process.argv.slice(2).map(Number)
      : undefined,
  );
}
