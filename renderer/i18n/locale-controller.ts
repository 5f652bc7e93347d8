import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import {
  translate,
  translateError,
  type MessageKey,
  type MessageParams,
} from '../../shared/i18n/translate.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';

type Listener = () => void;
let currentLanguage: UiLanguage = 'en';
const listeners = new Set<Listener>();

export function setUiLanguage(language: UiLanguage): void {
  if (language === currentLanguage) return;
  currentLanguage = language;
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

export function uiLanguage(): UiLanguage {
  return currentLanguage;
}

/** Calls `listener` after every change of the UI language; returns the unsubscribe. */
export function onUiLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function t(key: MessageKey, params?: MessageParams): string {
  return translate(currentLanguage, key, params);
}

export function tError(error: LanesErrorData): string {
  return translateError(currentLanguage, error);
}

/** Re-renders its host whenever the UI language changes. */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #listener: Listener = () => this.#host.requestUpdate();

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    listeners.add(this.#listener);
  }

  hostDisconnected(): void {
    listeners.delete(this.#listener);
  }
}
