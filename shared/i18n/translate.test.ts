import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messagesEn } from './messages-en.ts';
import { messagesDe } from './messages-de.ts';
import { translate, translateError, uiLanguageFromLocale } from './translate.ts';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { argumentsOf, compileMessage, parseMessage } from './icu.ts';
import { errorCodes } from '../ipc/errors.ts';

const catalogs = { en: messagesEn, de: messagesDe } as const;

test('every message of every language is ICU MessageFormat and takes the same arguments as English', () => {
  assert.deepEqual(Object.keys(messagesDe).sort(), Object.keys(messagesEn).sort());
  const problems: string[] = [];
  for (const [key, english] of Object.entries(messagesEn)) {
    const expected = [...argumentsOf(english)].sort();
    for (const [language, catalog] of Object.entries(catalogs)) {
      const text = catalog[key as keyof typeof messagesEn];
      try {
        compileMessage(language as keyof typeof catalogs, text);
        const found = [...argumentsOf(text)].sort();
        if (JSON.stringify(found) !== JSON.stringify(expected))
          problems.push(`${language} ${key}: ${JSON.stringify(found)} ≠ English ${JSON.stringify(expected)}`);
      } catch (error) {
        problems.push(`${language} ${key}: ${(error as Error).message}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('no placeholder is swallowed by an ICU quote: no literal text has a brace', () => {
  // In ICU an apostrophe before a brace quotes it: "'{name}'" shows the braces, not the value.
  const literals = (elements: MessageFormatElement[]): string[] =>
    elements.flatMap((element) =>
      element.type === TYPE.literal
        ? [element.value]
        : element.type === TYPE.plural || element.type === TYPE.select
          ? Object.values(element.options).flatMap((option) => literals(option.value))
          : [],
    );
  const problems: string[] = [];
  for (const [language, catalog] of Object.entries(catalogs))
    for (const [key, text] of Object.entries(catalog))
      if (literals(parseMessage(text)).some((literal) => /[{}]/.test(literal)))
        problems.push(`${language} ${key}: ${text}`);
  assert.deepEqual(problems, []);
});

test('no text hedges its number: no "(s)", "(e)" or "(en)", and every count is a number or plural argument', () => {
  const problems: string[] = [];
  for (const [language, catalog] of Object.entries(catalogs))
    for (const [key, text] of Object.entries(catalog)) {
      if (/\w\((s|e|en|n)\)/.test(text)) problems.push(`${language} ${key}: ${text}`);
      for (const name of ['count', 'total', 'done', 'rows', 'seconds', 'days', 'loaded'])
        if (argumentsOf(text).get(name) === 'text')
          problems.push(`${language} ${key}: {${name}} is not a number`);
    }
  assert.deepEqual(problems, []);
});

test('every error code has a user-facing message in the catalog', () => {
  for (const code of errorCodes) assert.ok(`error.${code}` in messagesEn, code);
});

test('counts choose their plural form and numbers are written the language’s way', () => {
  assert.equal(translate('en', 'sync.conflicts', { count: 1 }), '1 conflict');
  assert.equal(translate('en', 'sync.conflicts', { count: 2 }), '2 conflicts');
  assert.equal(translate('de', 'sync.conflicts', { count: 1 }), '1 Konflikt');
  assert.equal(translate('de', 'sync.conflicts', { count: 10008 }), '10.008 Konflikte');
  assert.equal(translate('en', 'sync.conflicts', { count: 10008 }), '10,008 conflicts');
  assert.equal(translate('en', 'editor.problems.blocked', { count: 1 }), 'Fix the error before publishing.');
  assert.equal(
    translate('en', 'editor.problems.blocked', { count: 3 }),
    'Fix the 3 errors before publishing.',
  );
  assert.equal(
    translate('de', 'editor.problems.blocked', { count: 1 }),
    'Beheben Sie den Fehler vor dem Veröffentlichen.',
  );
  assert.equal(
    translate('de', 'editor.problems.blocked', { count: 2 }),
    'Beheben Sie die 2 Fehler vor dem Veröffentlichen.',
  );
  assert.equal(translate('en', 'preflight.lintErrors.cached', { count: 1 }), 'The diagram has 1 lint error:');
  assert.equal(
    translate('de', 'preflight.lintErrors.cached', { count: 2 }),
    'Das Diagramm hat 2 Prüffehler:',
  );
});

test('sizes are formatted from bytes in the language', () => {
  assert.match(translate('en', 'svgLimit.input', { limit: 1.5 * 1024 * 1024 }), /1\.5 MB/);
  assert.match(translate('de', 'svgLimit.input', { limit: 1.5 * 1024 * 1024 }), /1,5 MB/);
  assert.match(translate('en', 'svgLimit.input', { limit: 16 * 1024 * 1024 }), /16 MB/);
  assert.match(translate('de', 'svgLimit.input', { limit: 512 * 1024 }), /512 KB/);
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
  // Error parameters cross IPC as text; numbers among them are still counted and formatted.
  const slowDown = {
    code: 'api.rateLimited' as const,
    message: 'x',
    params: { operation: 'export', wait: '1' },
    details: [],
  };
  assert.match(translateError('en', slowDown), /in 1 second\b/);
  assert.match(
    translateError('de', { ...slowDown, params: { operation: 'export', wait: '30' } }),
    /30 Sekunden/,
  );
});

test('a missing argument shows the text with what was given instead of throwing', () => {
  assert.match(translate('en', 'sync.conflicts', {}), /\{count/);
});

test('the UI language follows the OS locale', () => {
  assert.equal(uiLanguageFromLocale('de-CH'), 'de');
  assert.equal(uiLanguageFromLocale('de_DE.UTF-8'), 'de');
  assert.equal(uiLanguageFromLocale('es-ES'), 'en');
  assert.equal(uiLanguageFromLocale(undefined), 'en');
});
