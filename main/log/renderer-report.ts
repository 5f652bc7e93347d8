/**
 * What the preload reports when the page fails (window `error`, an unhandled
 * rejection): checked and bounded here, at the boundary, before it becomes a
 * log line. The page may be hostile; nothing it sends is trusted as more than text.
 */
export const rendererErrorChannel = 'lanes-preload:renderer-error';

interface RendererErrorReport {
  kind: 'error' | 'unhandledrejection';
  message: string;
  source?: string;
  line?: number;
  column?: number;
  stack?: string;
}

const LIMITS = { message: 2000, source: 500, stack: 8000 } as const;

const text = (value: unknown, limit: number): string | undefined =>
  typeof value === 'string' ? (value.length > limit ? value.slice(0, limit) + '…' : value) : undefined;
const position = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

export function parseRendererError(payload: unknown): RendererErrorReport | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const raw = payload as Record<string, unknown>;
  if (raw.kind !== 'error' && raw.kind !== 'unhandledrejection') return undefined;
  const message = text(raw.message, LIMITS.message);
  if (message === undefined) return undefined;
  const report: RendererErrorReport = { kind: raw.kind, message };
  const source = text(raw.source, LIMITS.source);
  const stack = text(raw.stack, LIMITS.stack);
  const line = position(raw.line);
  const column = position(raw.column);
  if (source !== undefined) report.source = source;
  if (line !== undefined) report.line = line;
  if (column !== undefined) report.column = column;
  if (stack !== undefined) report.stack = stack;
  return report;
}

/** One log line (the logger redacts it). */
export function describeRendererError(report: RendererErrorReport): string {
  const where = report.source ? ` at ${report.source}:${report.line ?? 0}:${report.column ?? 0}` : '';
  const what = report.kind === 'error' ? 'uncaught error' : 'unhandled rejection';
  return `renderer ${what}: ${report.message}${where}${report.stack ? '\n' + report.stack : ''}`;
}

/** Reports one page may send before the rest are dropped (a loop that throws must not fill the disk). */
export const RENDERER_REPORTS_PER_PAGE = 100;
