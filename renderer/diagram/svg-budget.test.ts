import { test } from 'node:test';
import assert from 'node:assert/strict';
import { budgetProblemOf, hasForeignReference, SVG_BUDGET } from './svg-budget.ts';

test('url() other than a local #id counts as foreign, however it is disguised', () => {
  for (const value of [
    'url(http://evil.example/a)',
    '\\75 rl(http://evil.example/a)',
    'u/**/rl(http://evil.example/a)',
    'URL( "https://evil.example" )',
    'url(#ok) url(//evil.example/a)',
    "url('data:image/svg+xml,<svg/>')",
  ])
    assert.equal(hasForeignReference(value), true, value);
  for (const value of ['url(#grad)', "url('#clip-1')", 'red', 'rgb(0, 0, 0)', 'none'])
    assert.equal(hasForeignReference(value), false, value);
});

test('text over the size budget, or with more tags than the element budget, is refused before parsing', () => {
  assert.deepEqual(budgetProblemOf('<svg/>'), null);
  assert.deepEqual(budgetProblemOf(`<svg>${'x'.repeat(SVG_BUDGET.inputChars)}</svg>`), {
    kind: 'input',
    limit: SVG_BUDGET.inputChars,
  });
  assert.deepEqual(budgetProblemOf(`<svg>${'<g/>'.repeat(SVG_BUDGET.elements)}</svg>`), {
    kind: 'elements',
    limit: SVG_BUDGET.elements,
  });
});
