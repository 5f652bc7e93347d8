import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { redact } from './redact.ts';

interface RotatingLogOptions {
  /** The log folder; the current file is `main.log`, older ones `main.1.log` … */
  folder: string;
  /** A file grows to about this size (one line more at most) before it is rotated. */
  maxBytes?: number;
  /** How many rotated files are kept besides the current one. */
  keep?: number;
}

/** A sink for the logger; `path` is the current file (Help › Show Log opens it). */
type LogFileSink = ((line: string) => void) & {
  readonly path: string;
  /**
   * From now on the process's uncaught exceptions and unhandled rejections go to
   * `report` (electron-log's error handler), instead of ending the process unlogged.
   */
  catchErrors(report: (error: Error, kind: string) => void): void;
};

let instances = 0;

/**
 * The log file, written by electron-log's file transport (its Node flavour:
 * no Electron needed, so it bundles into main and runs in tests): lines the
 * logger already formatted and redacted are appended synchronously, so the
 * lines before a crash are on disk. Rotation bounds the disk space: past
 * `maxBytes` the file becomes main.1.log, the older ones move up, the oldest
 * is dropped. A redacting hook guards anything written past our logger.
 * Logging never throws: a full disk must not take the app down with it.
 */
export function createRotatingLogFile(options: RotatingLogOptions): LogFileSink {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const keep = options.keep ?? 4;
  const current = join(options.folder, 'main.log');
  const rotated = (index: number): string => join(options.folder, `main.${index}.log`);

  const log = electronLog.create({ logId: `lanes-file-${++instances}` });
  log.transports.console.level = false;
  const file = log.transports.file;
  file.level = 'info';
  file.format = '{text}';
  file.maxSize = maxBytes;
  file.sync = true;
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  file.resolvePathFn = () => current;
  file.archiveLogFn = (oldFile) => {
    try {
      rmSync(rotated(keep), { force: true });
      for (let index = keep - 1; index >= 1; index--) {
        try {
          renameSync(rotated(index), rotated(index + 1));
        } catch {
          // That generation does not exist (yet).
        }
      }
      renameSync(oldFile.path, rotated(1));
    } catch {
      // Could not rotate (a read-only folder): start the file over rather than grow without bound.
      oldFile.clear();
    }
  };
  log.hooks.push((message) => ({
    ...message,
    data: message.data.map((part: unknown) => (typeof part === 'string' ? redact(part) : part)),
  }));

  const sink = (line: string): void => {
    try {
      log.info(line);
    } catch {
      // Logging never takes the app down.
    }
  };
  return Object.assign(sink, {
    path: current,
    catchErrors(report: (error: Error, kind: string) => void) {
      log.errorHandler.startCatching({
        showDialog: false,
        onError: ({ error, errorName }) => {
          report(error, errorName ?? 'Unhandled');
          // Reported: electron-log writes nothing more itself.
          return false;
        },
      });
    },
  });
}

export function logFolderOf(dataDir: string): string {
  return join(dataDir, 'logs');
}
