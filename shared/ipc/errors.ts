/**
 * Every error that crosses the IPC boundary has one of these codes. The renderer
 * localizes by code; `message` is the English fallback so that logs and the CLI
 * stay readable without the catalog.
 */
import { z } from 'zod';

export const errorCodes = [
  'ipc.unknownChannel',
  'ipc.invalidRequest',
  'ipc.forbiddenSender',
  'ipc.invalidResponse',
  'storage.writeFailed',
  'storage.readFailed',
  'api.unauthorized',
  'api.forbidden',
  'api.notFound',
  'api.conflict',
  'api.rateLimited',
  'api.badRequest',
  'api.serviceError',
  'api.validationWarning',
  'api.invalidResponse',
  'api.redirected',
  'api.unreachable',
  'api.timeout',
  'api.outcomeUnknown',
  'api.cancelled',
  'api.responseTooLarge',
  'api.proxyAuthRequired',
  'profiles.notFound',
  'profiles.invalidName',
  'profiles.invalidUrl',
  'profiles.secretsNotProtected',
  'settings.invalid',
  'diagram.tooLarge',
  'cache.notCached',
  'workspace.notConnected',
  'connection.notConfigured',
  'sync.busy',
  'demo.failed',
  'editor.notProcess',
  'editor.noServerCopy',
  'editor.noDraft',
  'editor.notBpmn',
  'editor.noProcess',
  'editor.notSerializable',
  'editor.undeclaredPrefix',
  'editor.conflictGone',
  'editor.keepMineImpossible',
  'editor.draftExists',
  'editor.noElementProcess',
  'file.changedOnDisk',
  'file.notBpmn',
  'file.unsupportedEncoding',
  'file.unreadable',
  'file.notATable',
  'file.writeFailed',
  'file.diskFull',
  'link.refused',
  'link.unavailable',
  'translation.unreadableFile',
  'translation.wrongLanguage',
  'translation.otherProcess',
  'outbox.released',
  'outbox.translationReleased',
  'outbox.transitionUnavailable',
  'outbox.superseded',
  'outbox.changedOnServer',
  'outbox.mergedForReview',
  'outbox.damagedPayload',
  'outbox.legacy',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface LanesErrorData {
  code: ErrorCode;
  /** English fallback; the renderer shows the localized text for `code`. */
  message: string;
  /** Values the localized message interpolates, e.g. the channel or field name. */
  params: Record<string, string>;
  /** Field-level problems (for validation errors), without the offending values. */
  details: string[];
}

/** Thrown on either side; only its data (never its stack) is sent across. */
export class LanesError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string>;
  readonly details: string[];

  constructor(data: {
    code: ErrorCode;
    message: string;
    params?: Record<string, string>;
    details?: string[];
    cause?: unknown;
  }) {
    super(data.message, { cause: data.cause });
    this.name = 'LanesError';
    this.code = data.code;
    this.params = data.params ?? {};
    this.details = data.details ?? [];
  }

  toData(): LanesErrorData {
    return { code: this.code, message: this.message, params: this.params, details: this.details };
  }

  static fromData(data: LanesErrorData): LanesError {
    return new LanesError(data);
  }

  /** Any thrown value as data that crosses a thread or process: a LanesError as it is, anything else internal. */
  static dataOf(error: unknown): LanesErrorData {
    if (error instanceof LanesError) return error.toData();
    return { code: 'internal', message: String((error as Error)?.message ?? error), params: {}, details: [] };
  }
}

/**
 * What an outbox operation can end in (failed, waiting to retry, held): the
 * outbox's own verdicts and every error a send can throw. The sender stores a
 * thrown error of another code as `internal`, so this list is all a user can
 * ever be shown about an operation (and all the German-rendering test renders).
 */
export const outboxErrorCodes = errorCodes.filter(
  (code) => code.startsWith('outbox.') || code.startsWith('api.') || code === 'internal',
);

/** An error as data at the boundary (IPC answers and events, the outbox's stored failures). */
export const lanesErrorDataSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string().max(20_000),
  params: z.record(z.string(), z.string().max(20_000)),
  details: z.array(z.string().max(2_000)).max(100),
});

/** An error's data from its parts (a verdict that is never thrown, such as an outbox handler's refusal). */
export function errorData(
  code: ErrorCode,
  message: string,
  params: Record<string, string> = {},
): LanesErrorData {
  return { code, message, params, details: [] };
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: LanesErrorData };
