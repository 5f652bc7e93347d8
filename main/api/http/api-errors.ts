import { LanesError, type ErrorCode } from '../../../shared/ipc/errors.ts';
import { redact } from '../../log/redact.ts';

/**
 * Builds the typed error for a failed service call. `params` feed the localized
 * message (shared/i18n); everything is redacted because service messages can
 * echo request URLs that carry tokens.
 */
export function apiError(
  code: Extract<ErrorCode, `api.${string}`>,
  message: string,
  params: Record<string, string | number>,
  cause?: unknown,
): LanesError {
  const safeParams = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, redact(String(value))]),
  );
  return new LanesError({ code, message: redact(message), params: safeParams, cause });
}

export function isApiError(error: unknown, code?: ErrorCode): error is LanesError {
  return (
    error instanceof LanesError &&
    error.code.startsWith('api.') &&
    (code === undefined || error.code === code)
  );
}

/** Gateway and "unavailable" statuses: the service is not serving (after the client's retries). */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * "The service did not serve this": no connection, no answer in time, or a
 * gateway/unavailable status. For the user that is offline: reads fall back
 * to the cache, actions are queued, the status bar says so.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (!(error instanceof LanesError)) return false;
  if (error.code === 'api.unreachable' || error.code === 'api.timeout') return true;
  return error.code === 'api.serviceError' && UNAVAILABLE_STATUSES.has(Number(error.params.status));
}
