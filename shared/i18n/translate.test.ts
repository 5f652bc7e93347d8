import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messagesEn } from './messages-en.ts';
import { messagesDe } from './messages-de.ts';
import { translate, translateError, uiLanguageFromLocale } from './translate.ts';
import { errorCodes } from '../ipc/errors.ts';

test('German covers every English key with the same placeholders', () => {
  assert.deepEqual(Object.keys(messagesDe).sort(), Object.keys(messagesEn).sort());
  for (const [key, english] of Object.entries(messagesEn)) {
    const placeholders = (text: string): string[] =>
      [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
    assert.deepEqual(placeholders(messagesDe[key as keyof typeof messagesEn]), placeholders(english), key);
  }
});

test('every error code has a user-facing message in the catalog', () => {
  for (const code of errorCodes) assert.ok(`error.${code}` in messagesEn, code);
});

test('placeholders are filled and errors are translated by code', () => {
  assert.equal(
    translate('de', 'editor.failed', { reason: 'kaputt' }),
    'Das Diagramm konnte nicht geöffnet werden: kaputt',
  );
  const error = {
    code: 'ipc.invalidRequest' as const,
    message: 'x',
    params: { channel: 'settings.update' },
    details: [],
  };
  assert.match(translateError('en', error), /\(settings\.update\)/);
  assert.match(translateError('de', error), /Anfrage war ungültig \(settings\.update\)/);
});

test('the UI language follows the OS locale', () => {
  assert.equal(uiLanguageFromLocale('de-CH'), 'de');
  assert.equal(uiLanguageFromLocale('de_DE.UTF-8'), 'de');
  assert.equal(uiLanguageFromLocale('es-ES'), 'en');
  assert.equal(uiLanguageFromLocale(undefined), 'en');
});
