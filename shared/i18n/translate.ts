import type { UiLanguage } from '../domain/settings.ts';
import type { LanesErrorData } from '../ipc/errors.ts';
import { messagesDe } from './messages-de.ts';
import { messagesEn, type MessageKey } from './messages-en.ts';

const catalogs: Record<UiLanguage, Record<MessageKey, string>> = { en: messagesEn, de: messagesDe };

export type { MessageKey };

export function translate(
  language: UiLanguage,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogs[language][key] ?? messagesEn[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The user-facing sentence for an error that crossed the IPC boundary. */
export function translateError(language: UiLanguage, error: LanesErrorData): string {
  const key = `error.${error.code}` as MessageKey;
  return Object.hasOwn(messagesEn, key) ? translate(language, key, error.params) : error.message;
}

/** Picks the UI language from an OS locale such as "de-AT" or "en_US.UTF-8". */
export function uiLanguageFromLocale(locale: string | undefined): UiLanguage {
  return locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
