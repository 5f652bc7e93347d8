import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeSvg, SvgTooLargeError } from './sanitize-svg.ts';
import { SanitizedSvgMemo } from './sanitized-svg-memo.ts';
import { SVG_LIMITS } from './svg-limits.ts';

const hostile = (label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10" onclick="x()"/><text>${label}</text></svg>`;

test('the memo answers exactly what sanitizeSvg answers, script and handlers removed', () => {
  const memo = new SanitizedSvgMemo();
  const first = memo.sanitize(hostile('a'));
  assert.deepEqual(first, sanitizeSvg(hostile('a')));
  assert.doesNotMatch(first.svg, /script|onclick/);
  assert.ok(first.removed >= 2);
});

test('the same text is sanitised once; another text is sanitised on its own', () => {
  const memo = new SanitizedSvgMemo();
  const first = memo.sanitize(hostile('a'));
  assert.equal(memo.sanitize(hostile('a')), first, 'the remembered result, not a new one');
  const other = memo.sanitize(hostile('b'));
  assert.notEqual(other, first);
  assert.match(other.svg, />b</);
  assert.equal(memo.size, 2);
});

test('it keeps only the last few renderings', () => {
  const memo = new SanitizedSvgMemo();
  for (let i = 0; i < 40; i++) memo.sanitize(hostile(String(i)));
  assert.ok(memo.size <= 16, `kept ${memo.size}`);
  const recent = memo.sanitize(hostile('39'));
  assert.equal(memo.sanitize(hostile('39')), recent);
});

test('an input over the limit throws every time and is not remembered', () => {
  const memo = new SanitizedSvgMemo();
  const huge = `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(SVG_LIMITS.inputChars)}</svg>`;
  assert.throws(() => memo.sanitize(huge), SvgTooLargeError);
  assert.throws(() => memo.sanitize(huge), SvgTooLargeError);
  assert.equal(memo.size, 0);
});
