/**
 * The UI's own language: every catalog text is an ICU MessageFormat message
 * (intl-messageformat, see icu.ts), so a count picks its plural form
 * ("1 error", "2 errors"; "1 Fehler", "2 Fehler") and numbers, sizes and
 * dates follow the language ("10,008" / "10.008"). A message is compiled the
 * first time it is shown and kept; Intl formatters are shared by all of them.
 * intl-messageformat parses without eval, so it runs under the renderer's CSP.
 */
import type { UiLanguage } from '../domain/languages.ts';
import type { LanesErrorData } from '../ipc/errors.ts';
import { compileMessage, type CompiledMessage, type MessageParams } from './icu.ts';
import { messagesDe } from './messages-de.ts';
import { messagesEn, type MessageKey } from './messages-en.ts';

const catalogs: Record<UiLanguage, Record<MessageKey, string>> = { en: messagesEn, de: messagesDe };

export type { MessageKey, MessageParams };

/** A text with none of ICU's syntax characters is its own translation: nothing to compile. */
const PLAIN = /^[^{}']*$/;

const compiled: Record<UiLanguage, Map<MessageKey, CompiledMessage | string>> = {
  en: new Map(),
  de: new Map(),
};

function textOf(language: UiLanguage, key: MessageKey): string {
  return catalogs[language][key] ?? messagesEn[key];
}

function messageOf(language: UiLanguage, key: MessageKey): CompiledMessage | string {
  const cache = compiled[language];
  let message = cache.get(key);
  if (message === undefined) {
    const text = textOf(language, key);
    message = PLAIN.test(text) ? text : compileMessage(language, text);
    cache.set(key, message);
  }
  return message;
}

export function translate(language: UiLanguage, key: MessageKey, params: MessageParams = {}): string {
  const message = messageOf(language, key);
  if (typeof message === 'string') return message;
  try {
    return message.format(params);
  } catch {
    // A missing or mistyped argument is a bug, never a blank screen: the text with what was given.
    return textOf(language, key).replace(/\{(\w+)[^{}]*\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  }
}

/** Error parameters cross IPC as text; a number among them is formatted as one ("10.008 Zeilen"). */
function numbersAsNumbers(params: Record<string, string>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    values[name] = /^-?(0|[1-9]\d*)(\.\d+)?$/.test(value) ? Number(value) : value;
  return values;
}

/**
 * Error parameters that name something Lanes has words for (main sends an id:
 * `operation: 'importBpmn'`, `state: 'released'`): the catalogue key its
 * value is looked up under. A value without a word (the service's own text, an
 * element id, a code Lanes does not know) is shown as it came.
 */
export const errorParamTerms: Readonly<Record<string, string>> = {
  operation: 'operation.',
  credential: 'credential.',
  reason: 'reason.',
  state: 'element.state.',
  targetState: 'element.state.',
};

function withTerms(language: UiLanguage, params: Record<string, string>): Record<string, string | number> {
  const values = numbersAsNumbers(params);
  for (const [name, prefix] of Object.entries(errorParamTerms)) {
    const key = `${prefix}${params[name] ?? ''}`;
    if (Object.hasOwn(params, name) && Object.hasOwn(messagesEn, key))
      values[name] = translate(language, key as MessageKey, values);
  }
  return values;
}

/** The user-facing sentence for an error that crossed the IPC boundary (or that the outbox stored). */
export function translateError(language: UiLanguage, error: LanesErrorData): string {
  const key = `error.${error.code}` as MessageKey;
  return Object.hasOwn(messagesEn, key)
    ? translate(language, key, withTerms(language, error.params))
    : error.message;
}

/** A name an error parameter may carry, in English: how main words it in its log and English fallback. */
export function termInEnglish(param: 'operation' | 'credential' | 'reason', value: string): string {
  const key = `${errorParamTerms[param]}${value}`;
  return Object.hasOwn(messagesEn, key) ? translate('en', key as MessageKey) : value;
}

/** Picks the UI language from an OS locale such as "de-AT" or "en_US.UTF-8". */
export function uiLanguageFromLocale(locale: string | undefined): UiLanguage {
  return locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
