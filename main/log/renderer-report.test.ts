import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRendererError, parseRendererError } from './renderer-report.ts';

test('a renderer error report is taken as bounded text; anything else is refused', () => {
  const report = parseRendererError({
    kind: 'error',
    message: 'boom',
    source: 'lanes://app/app.js',
    line: 3,
    column: 7,
    stack: 'Error: boom\n    at x (lanes://app/app.js:3:7)',
    extra: { evil: true },
  });
  assert.deepEqual(report, {
    kind: 'error',
    message: 'boom',
    source: 'lanes://app/app.js',
    line: 3,
    column: 7,
    stack: 'Error: boom\n    at x (lanes://app/app.js:3:7)',
  });
  assert.match(
    describeRendererError(report!),
    /^renderer uncaught error: boom at lanes:\/\/app\/app\.js:3:7\nError: boom/,
  );
  assert.equal(parseRendererError({ kind: 'other', message: 'x' }), undefined);
  assert.equal(parseRendererError({ kind: 'error', message: 42 }), undefined);
  assert.equal(parseRendererError(null), undefined);
  const long = parseRendererError({ kind: 'unhandledrejection', message: 'x'.repeat(10_000), line: -1 });
  assert.equal(long!.message.length, 2001);
  assert.equal(long!.line, undefined);
});
