import type { CultureMap } from '../../shared/domain/process.ts';
import { compileMessage, type CompiledMessage, type MessageParams } from '../../shared/i18n/icu.ts';

export interface Output {
  json: boolean;
  culture: string;
  write(text: string): void;
}

const sentences = new Map<string, CompiledMessage>();

/**
 * A line of the command line's English output as an ICU message, so counts
 * read naturally ("1 element", "2 elements"); compiled once per pattern.
 */
export function english(pattern: string, params: MessageParams): string {
  let message = sentences.get(pattern);
  if (!message) {
    message = compileMessage('en', pattern);
    sentences.set(pattern, message);
  }
  return message.format(params);
}

/** The culture asked for, else the invariant value (127), else any culture at all. */
export function pickCulture(map: CultureMap | undefined, culture: string): string {
  if (!map) return '';
  return map[culture] ?? map['127'] ?? Object.values(map)[0] ?? '';
}

export function printJson(out: Output, value: unknown): void {
  out.write(JSON.stringify(value, null, 2) + '\n');
}

/** A plain aligned table; wide cells are cut so that one row stays one line. */
export function printTable(out: Output, headers: string[], rows: (string | number | undefined)[][]): void {
  const cells = rows.map((row) => row.map((cell) => clip(String(cell ?? ''))));
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: string[]): string =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  out.write([line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n');
  if (rows.length === 0) out.write('(none)\n');
}

function clip(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return flat.length > 60 ? flat.slice(0, 59) + '…' : flat;
}

/** Progress on a terminal's stderr; silent when stderr is not a terminal (scripts, CI). */
export function createProgress(label: string): { update(done: number, total?: number): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return {
    update(done, total) {
      if (!tty || Date.now() - last < 100) return;
      last = Date.now();
      const share = total ? ` ${Math.floor((done / Math.max(total, 1)) * 100)}%` : '';
      process.stderr.write(`\r${label}: ${done}${total ? `/${total}` : ''}${share}   `);
    },
    done() {
      if (tty) process.stderr.write('\r\x1b[K');
    },
  };
}
