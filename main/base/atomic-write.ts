import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The one durable write of Lanes: settings, profiles, recents, window state,
 * secrets, the CLI's output files and the user's .bpmn files all go through
 * here. A file is either the old one or the complete new one, never half of
 * each, even after a crash or power cut: a temporary file in the same folder
 * (so the rename stays on one file system), flushed to disk, renamed over the
 * target, then the folder flushed so that the rename itself is on disk.
 */
interface AtomicWriteOptions {
  /**
   * Permissions of the new file. Tenant data and secrets are 0600 (the
   * default); a document the user saves where they chose may pass 0644.
   */
  mode?: number;
  /** Create the folder first (the data folder's own files); a user's save target must already exist. */
  createFolder?: boolean;
}

export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const folder = dirname(path);
  if (options.createFolder) mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    // 'wx': never follow or reuse something already at the temporary name.
    fd = openSync(temp, 'wx', options.mode ?? 0o600);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, path);
    syncFolder(folder);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The rename survives a power cut only once the folder is flushed (not possible on Windows). */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Best effort: the file's own contents are already on disk.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
