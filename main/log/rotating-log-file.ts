import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface RotatingLogOptions {
  /** The log folder; the current file is `main.log`, older ones `main.1.log` … */
  folder: string;
  /** A file grows to about this size before it is rotated. */
  maxBytes?: number;
  /** How many rotated files are kept besides the current one. */
  keep?: number;
}

/**
 * A sink for the logger that writes main's lines (already redacted by the
 * logger) to a file in the data folder, so a user can send what happened.
 * Rotation bounds the disk space: the oldest file is dropped. Writes are
 * synchronous so that the lines before a crash are on disk; logging never
 * throws (a full disk must not take the app down with it).
 */
export function createRotatingLogFile(options: RotatingLogOptions): (line: string) => void {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const keep = options.keep ?? 4;
  const current = join(options.folder, 'main.log');
  const rotated = (index: number): string => join(options.folder, `main.${index}.log`);
  let size: number | undefined;

  const rotate = (): void => {
    rmSync(rotated(keep), { force: true });
    for (let index = keep - 1; index >= 1; index--) {
      try {
        renameSync(rotated(index), rotated(index + 1));
      } catch {
        // That generation does not exist (yet).
      }
    }
    renameSync(current, rotated(1));
    size = 0;
  };

  return (line) => {
    try {
      if (size === undefined) {
        mkdirSync(options.folder, { recursive: true });
        size = statSync(current, { throwIfNoEntry: false })?.size ?? 0;
      }
      const text = line + '\n';
      if (size > 0 && size + Buffer.byteLength(text) > maxBytes) rotate();
      appendFileSync(current, text, { mode: 0o600 });
      size += Buffer.byteLength(text);
    } catch {
      size = undefined;
    }
  };
}

export function logFolderOf(dataDir: string): string {
  return join(dataDir, 'logs');
}
