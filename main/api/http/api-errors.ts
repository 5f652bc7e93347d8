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
