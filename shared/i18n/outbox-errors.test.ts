/**
 * Every way an outbox operation can fail, wait or be held (`outboxErrorCodes`:
 * the outbox's verdicts and every error a send can throw) reads as German in
 * the German interface: no key shown instead of a text, no English sentence,
 * and no English word carried in by a parameter Lanes has words for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorData, outboxErrorCodes, type ErrorCode } from '../ipc/errors.ts';
import { argumentsOf } from './icu.ts';
import { messagesDe } from './messages-de.ts';
import { messagesEn, type MessageKey } from './messages-en.ts';
import { errorParamTerms, translateError } from './translate.ts';

/** Each term's ids (`operation` → importBpmn, listFacets, …), read from the catalogue. */
function termIds(param: string): string[] {
  const prefix = errorParamTerms[param]!;
  return Object.keys(messagesEn)
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
}

/** Parameters for the code's English text: a term's every id in turn, a neutral value for the rest. */
function paramSets(code: ErrorCode): Record<string, string>[] {
  const args = argumentsOf(messagesEn[`error.${code}` as MessageKey]);
  const base: Record<string, string> = {};
  for (const [name, kind] of args) base[name] = kind === 'number' ? '3' : `X-17`;
  const sets = [base];
  for (const name of args.keys())
    if (Object.hasOwn(errorParamTerms, name))
      for (const id of termIds(name)) sets.push({ ...base, [name]: id, proxyStatus: '502' });
  return sets;
}

/** Words that give an English sentence away in a German one. */
const ENGLISH = /\b(the|is|was|and|could|not|cannot|please|again|service|changed|with|your)\b/i;

test('the outbox can end in its own verdicts and in every error a send throws', () => {
  for (const code of [
    'outbox.released',
    'outbox.transitionUnavailable',
    'outbox.superseded',
    'api.conflict',
    'api.unreachable',
    'internal',
  ] as const)
    assert.ok(outboxErrorCodes.includes(code), code);
});

test('every outbox failure kind renders in German, with no English and no key', () => {
  const problems: string[] = [];
  for (const code of outboxErrorCodes) {
    const key = `error.${code}`;
    if (!Object.hasOwn(messagesEn, key)) {
      problems.push(`${code}: no catalogue text (the English fallback would show)`);
      continue;
    }
    for (const params of paramSets(code)) {
      const error = errorData(code, 'ENGLISH FALLBACK', params);
      const german = translateError('de', error);
      const english = translateError('en', error);
      const where = `${code} ${JSON.stringify(params)}`;
      // A text made of parameters alone ("{operation}: {serviceMessage}") has nothing of its own to translate.
      const ownWords = /\p{L}/u.test(messagesEn[key as MessageKey].replace(/\{[^{}]*\}/g, ''));
      if (german === english && ownWords) problems.push(`${where}: the same as English: ${german}`);
      if (german.includes('ENGLISH FALLBACK')) problems.push(`${where}: the fallback message shows`);
      if (/\b(error|operation|credential|reason|element)\.\w/.test(german))
        problems.push(`${where}: a key shows: ${german}`);
      if (ENGLISH.test(german)) problems.push(`${where}: English in German: ${german}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every word an error parameter may carry has its own German', () => {
  const problems: string[] = [];
  for (const [param, prefix] of Object.entries(errorParamTerms))
    for (const id of termIds(param)) {
      const key = `${prefix}${id}` as MessageKey;
      if (messagesDe[key] === messagesEn[key]) problems.push(`${key}: ${messagesDe[key]}`);
    }
  assert.deepEqual(problems, []);
});
