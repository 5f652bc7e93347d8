import { redact } from './redact.ts';

export interface Logger {
  info(message: string, ...context: unknown[]): void;
  warn(message: string, ...context: unknown[]): void;
  error(message: string, ...context: unknown[]): void;
}

type Sink = (line: string) => void;

/** Every line passes through `redact`, including error stacks and context objects. */
export function createLogger(
  scope: string,
  sink: Sink = (line) => process.stderr.write(line + '\n'),
): Logger {
  const write = (level: string, message: string, context: unknown[]): void => {
    const rest = context.map(formatContext).join(' ');
    const line = `${new Date().toISOString()} ${level} [${scope}] ${message}${rest ? ' ' + rest : ''}`;
    sink(redact(line));
  };
  return {
    info: (message, ...context) => write('INFO', message, context),
    warn: (message, ...context) => write('WARN', message, context),
    error: (message, ...context) => write('ERROR', message, context),
  };
}

function formatContext(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** For tests and tools that must stay quiet but still collect what was logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(
    createLogger('test', (line) => lines.push(line)),
    { lines },
  );
}
