import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { LanesError } from '../../shared/ipc/errors.ts';
import { writeFileAtomically } from './atomic-write.ts';

/**
 * Small JSON documents in the data folder (settings, profiles, recents, window
 * state), written through the one durable write at mode 0600: a crash or a
 * full disk leaves the previous version intact, and other users cannot read
 * which tenants and elements someone works with.
 */
export function writeJsonAtomic(path: string, value: unknown): void {
  try {
    writeFileAtomically(path, JSON.stringify(value, null, 2) + '\n', { createFolder: true });
  } catch (cause) {
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
