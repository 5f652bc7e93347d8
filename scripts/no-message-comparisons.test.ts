/**
 * Errors are data (docs/architecture.md, "Errors"): what main decides about a
 * failure comes from its code and parameters, never from the words of its
 * English message, which may change or be translated. This reads every
 * source file of main/ and fails on a comparison of a message or a stored
 * error with text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

/** What comparing an error's text looks like. */
const messageComparisons: readonly RegExp[] = [
  // `error.message === '…'`, `'…' !== e.message` (a `typeof x.message === 'string'` is a type check)
  /(?<!typeof\s+[\w.?!]*)\.message\s*[!=]==?/,
  /[!=]==?\s*[\w.?!]*\.message\b/,
  // the outbox's stored error compared with a sentence
  /\blastError\s*[!=]==?/,
  /[!=]==?\s*[\w.?!]*\blastError\b(?!\?*\.code)/,
  // searching the text
  /\.message\??\.(includes|startsWith|endsWith|match|matchAll|search|indexOf)\(/,
  /\blastError\??\.(includes|startsWith|endsWith|match|matchAll|search|indexOf)\(/,
  /\.(test|exec)\(\s*[\w.?!]*message\b/i,
];

/**
 * Text that is not an error of Lanes, read where nothing else says it. Each
 * entry names the file and the line's content, and why.
 */
const allowed: readonly { file: string; line: RegExp; why: string }[] = [
  {
    file: 'main/api/http/http-client.ts',
    line: /Proxy response/,
    why: "undici reports a proxy's refusal of a tunnel with the status only inside its message",
  },
  {
    file: 'main/electron/error-reporting.ts',
    line: /\^Uncaught/,
    why: "Chromium's console line of an uncaught error, which the preload already reported with its stack",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const source = entry.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(entry.name);
    return source ? [path] : [];
  });
}

/** Every line of `source` that compares a message, as "file:line: text". */
export function messageComparisonsIn(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    if (!messageComparisons.some((pattern) => pattern.test(line))) return [];
    if (allowed.some((entry) => entry.file === file && entry.line.test(line))) return [];
    return [`${file}:${index + 1}: ${line.trim()}`];
  });
}

test('no file of main/ decides anything by the text of an error message', () => {
  const found = sourceFiles(join(root, 'main')).flatMap((path) =>
    messageComparisonsIn(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8')),
  );
  assert.deepEqual(found, [], 'compare the error code (and its params) instead');
});

test('the check finds a planted comparison of a message, and lets codes and type checks pass', () => {
  const planted = [
    'if (op.lastError === SUPERSEDED) return NONE;',
    "if (error.message === 'Superseded') return;",
    "return error.message.includes('no longer available');",
    'if (/released/.test(error.message)) refused();',
    "const stale = failed.lastError?.startsWith('Superseded');",
  ];
  for (const line of planted)
    assert.equal(messageComparisonsIn('main/x.ts', line).length, 1, `not found: ${line}`);
  const fine = [
    "if (op.lastError?.code === 'outbox.superseded') return NONE;",
    "const message = typeof parsed.message === 'string' ? parsed.message : null;",
    "if (error.code === 'api.conflict') return error;",
    'logger.warn(`the push failed: ${error.message}`);',
  ];
  for (const line of fine) assert.deepEqual(messageComparisonsIn('main/x.ts', line), [], line);
});
