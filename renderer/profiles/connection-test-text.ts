import type { ConnectionTest } from '../../shared/domain/profiles.ts';
import { errorCodes, type ErrorCode, type LanesErrorData } from '../../shared/ipc/errors.ts';
import type { MessageKey } from '../../shared/i18n/translate.ts';
import { messagesEn } from '../../shared/i18n/messages-en.ts';

type Result = ConnectionTest[number];
type ResultStatus = 'ok' | 'notConfigured' | 'failed';

/** What to say about one interface: a catalog key with its params, or an error to translate by code. */
export type ResultText =
  | { key: MessageKey; params: Record<string, string> }
  | { error: LanesErrorData }
  /** A code this renderer does not know: main's own (English) sentence is better than a generic one. */
  | { text: string };

const refusedCredential: Record<Result['interface'], MessageKey> = {
  process: 'profiles.result.wrongAuthToken',
  bpmn: 'profiles.result.wrongBpmnToken',
  reporting: 'profiles.result.wrongReportingCredentials',
  dataPush: 'profiles.result.wrongDataPushKey',
};

export function statusOf(result: Result): ResultStatus {
  if (result.ok) return 'ok';
  return result.code === 'notConfigured' ? 'notConfigured' : 'failed';
}

/**
 * The precise sentence for one interface's test. The service's answer alone
 * is ambiguous (a 401 does not say which credential), but together with the
 * interface it names the field to fix.
 */
export function describeTestResult(result: Result): ResultText {
  const status = statusOf(result);
  if (status === 'ok') return { key: 'profiles.result.ok', params: {} };
  if (status === 'notConfigured') return { key: 'profiles.result.notConfigured', params: {} };
  const params = result.params;
  switch (result.code) {
    case 'api.unauthorized':
      return { key: refusedCredential[result.interface], params: {} };
    case 'api.unreachable':
      return {
        key: 'profiles.result.unreachable',
        params: { origin: params.origin ?? '', reason: params.reason ?? '' },
      };
    case 'api.badRequest':
      if (result.interface === 'reporting')
        return {
          key: 'profiles.result.badTenantId',
          params: { serviceMessage: params.serviceMessage ?? '' },
        };
      break;
    case 'api.notFound':
      if (result.interface === 'process') return { key: 'profiles.result.unknownCollection', params: {} };
      if (result.interface === 'dataPush') return { key: 'profiles.result.unknownPool', params: {} };
      return { key: 'profiles.result.wrongPath', params: {} };
  }
  if (!(errorCodes as readonly string[]).includes(result.code ?? ''))
    return { text: result.message ?? result.code ?? '' };
  return {
    error: { code: result.code as ErrorCode, message: result.message ?? '', params, details: [] },
  };
}

/** The catalog key for the network reason main reported (`refused`, `hostNotFound`, …), if the catalog has one. */
export function networkReasonKey(reason: string | undefined): MessageKey | undefined {
  const key = `reason.${reason ?? ''}`;
  return reason && Object.hasOwn(messagesEn, key) ? (key as MessageKey) : undefined;
}
