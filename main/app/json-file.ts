import { mkdirSync, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { LanesError } from '../../shared/ipc/errors.ts';

/**
 * Small JSON documents in the data folder (settings, window state). Writes go to
 * a temporary file that is renamed over the target, so a crash or a full disk
 * leaves the previous version intact.
 */
export function writeJsonAtomic(path: string, value: unknown): void {
  const temp = `${path}.${randomUUID()}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600, flush: true });
    renameSync(temp, path);
  } catch (cause) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The folder itself may be what failed; there is nothing to clean then.
    }
    throw new LanesError({
      code: 'storage.writeFailed',
      message: `Could not write ${path}.`,
      params: { path },
      cause,
    });
  }
}

/**
 * Reads and validates a JSON document. A missing file gives `undefined`; a
 * damaged or invalid one also gives `undefined` and is reported through
 * `onDamaged`, so start-up continues with defaults instead of failing.
 */
export function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  onDamaged: (reason: string) => void,
): z.output<S> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onDamaged(String(error));
    return undefined;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    onDamaged(parsed.error.issues.map((issue) => issue.path.join('.') + ': ' + issue.message).join('; '));
  } catch (error) {
    onDamaged(String(error));
  }
  return undefined;
}
