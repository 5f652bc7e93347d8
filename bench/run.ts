/**
 * `npm run bench`: runs every benchmark module in this folder (each exports
 * `run()`), or only those named on the command line. Benchmarks print measured
 * numbers and ratios; they never pass or fail on timing.
 */
import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatSummary, isSummaryRow, type BenchResult, type SummaryRow } from './summary.ts';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts' && !name.endsWith('.test.ts'))
  // Helpers (push-worker.ts runs a push when imported; editor-world.ts builds fixtures) are not benchmarks:
  // a benchmark is a module that exports run(), found in its text before anything is imported.
  .filter((name) => /export (async )?function run\(/.test(readFileSync(join(here, name), 'utf8')))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();

const summary: SummaryRow[] = [];
for (const file of files) {
  const module = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<BenchResult> };
  if (typeof module.run !== 'function') continue;
  console.log(`\n== ${file}`);
  const rows = await module.run();
  // Only benchmarks that return summary rows add to the table; others may return what suits their own use.
  if (Array.isArray(rows)) summary.push(...rows.filter(isSummaryRow));
}

if (summary.length > 0) {
  console.log(
    `\n== summary (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores)\n${formatSummary(summary)}`,
  );
}
