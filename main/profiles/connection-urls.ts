import { urlFieldNames } from '../../shared/domain/profiles.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { redact } from '../log/redact.ts';
import type { Connection } from './connection-fields.ts';

/**
 * Checks the service addresses where they enter (a profile save, CLI flags,
 * LANES_* variables), so that "http://[::1" is a clear `profiles.invalidUrl`
 * naming the field instead of a TypeError deep inside a client.
 */
export function checkConnectionUrls(connection: Connection): void {
  for (const field of urlFieldNames) {
    const value = connection[field]?.trim();
    if (!value) continue;
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) continue;
    const shown = redact(value.slice(0, 200));
    throw new LanesError({
      code: 'profiles.invalidUrl',
      message: `The ${field} "${shown}" is not a valid http:// or https:// URL.`,
      params: { field, value: shown },
    });
  }
}
