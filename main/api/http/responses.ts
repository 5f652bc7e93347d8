import type { z } from 'zod';
import type { LanesError } from '../../../shared/ipc/errors.ts';
import { apiError } from './api-errors.ts';
import { parseRetryAfter } from './retry-policy.ts';
import type { HttpResponse } from './http-client.ts';
import { termInEnglish } from '../../../shared/i18n/translate.ts';

export interface CallContext {
  operation: string;
  /** The credential this interface uses, named for 401 messages (e.g. "auth token"). */
  credential: string;
  /** What a 404 means here, e.g. "element 1234". */
  what?: string;
}

/** The error for a non-success status; `serviceMessage` is what the service said, if anything. */
export function errorForStatus(
  context: CallContext,
  response: HttpResponse,
  serviceMessage: string,
): LanesError {
  const { operation } = context;
  const operationName = termInEnglish('operation', operation);
  const credentialName = termInEnglish('credential', context.credential);
  const message = serviceMessage || `HTTP ${response.status}`;
  switch (response.status) {
    case 401:
      return apiError('api.unauthorized', `The service refused the ${credentialName} for ${operationName}.`, {
        operation,
        credential: context.credential,
      });
    case 403:
      return apiError('api.forbidden', `${operationName} is forbidden with these credentials.`, {
        operation,
      });
    case 404:
      return apiError('api.notFound', `${operationName}: not found (${message}).`, {
        operation,
        what: context.what ?? 'such resource',
        serviceMessage: message,
      });
    case 409:
      return apiError('api.conflict', `${operationName}: ${message}`, { operation, serviceMessage: message });
    case 429: {
      const waitMs = parseRetryAfter(response.headers['retry-after']) ?? 0;
      return apiError('api.rateLimited', `${operationName} was rate limited.`, {
        operation,
        wait: Math.ceil(waitMs / 1000),
      });
    }
    default:
      if (response.status >= 400 && response.status < 500) {
        return apiError('api.badRequest', `${operationName} was rejected: ${message}`, {
          operation,
          serviceMessage: message,
          status: response.status,
        });
      }
      return apiError(
        'api.serviceError',
        `${operationName} failed with HTTP ${response.status}: ${message}`,
        {
          operation,
          serviceMessage: message,
          status: response.status,
        },
      );
  }
}

/**
 * Parses and validates a JSON body at the boundary. Garbage gives an error
 * naming the operation and the first offending field, never `undefined`
 * somewhere deep inside the app.
 */
export function parseJsonBody<S extends z.ZodType>(operation: string, text: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw apiError(
      'api.invalidResponse',
      `${termInEnglish('operation', operation)}: the response is not valid JSON.`,
      {
        operation,
        field: 'body is not JSON',
      },
    );
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : '(body)';
  throw apiError(
    'api.invalidResponse',
    `${termInEnglish('operation', operation)}: unexpected response (${field}).`,
    {
      operation,
      field,
    },
  );
}

/** Best-effort JSON for error bodies, which may be JSON, a plain string, or empty. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
