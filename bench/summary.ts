/**
 * The one table `npm run bench` ends with: every figure a benchmark wants read
 * against its baseline and its target, gathered from all benchmarks of the run
 * so the whole picture is printed side by side in one place.
 */

export interface SummaryRow {
  /** What was measured, in words ("open 4,000 elements from the cache"). */
  measure: string;
  /** The measured figure with its unit ("2,306 ms", "31 fps"). */
  value: string;
  /** What it is compared with, measured in the same run ("bare importXML 1,005 ms"), or '' when nothing is. */
  baseline: string;
  /** The ratio or share that the target is stated in ("2.3×", "21 %"), or ''. */
  ratio: string;
  /** The target as the issue states it ("≤ 1.2×"), or ''. */
  target: string;
}

/** What a benchmark's `run()` may return: its rows for the summary (or nothing). */
export type BenchResult = SummaryRow[] | void;

export function isSummaryRow(value: unknown): value is SummaryRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return ['measure', 'value', 'baseline', 'ratio', 'target'].every((key) => typeof row[key] === 'string');
}

export function formatSummary(rows: readonly SummaryRow[]): string {
  if (rows.length === 0) return '';
  const header: SummaryRow = {
    measure: 'measure',
    value: 'measured',
    baseline: 'baseline',
    ratio: 'ratio',
    target: 'target',
  };
  const all = [header, ...rows];
  const keys = ['measure', 'value', 'baseline', 'ratio', 'target'] as const;
  const widths = keys.map((key) => Math.max(...all.map((row) => row[key].length)));
  const line = (row: SummaryRow) =>
    keys
      .map((key, i) => row[key].padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

export const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
export const times = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;
export const percent = (value: number, base: number): string => `${((100 * value) / base).toFixed(1)} %`;
