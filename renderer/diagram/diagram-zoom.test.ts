import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampScale, fitScale } from './diagram-zoom.ts';

test('a wide diagram is scaled down to the width it has, a tall one to the height', () => {
  assert.equal(fitScale({ width: 4000, height: 200 }, { width: 1000, height: 500 }), 0.25);
  assert.equal(fitScale({ width: 400, height: 2000 }, { width: 1000, height: 500 }), 0.25);
});

test('a small diagram is not blown up past 100 %', () => {
  assert.equal(fitScale({ width: 300, height: 100 }, { width: 1000, height: 500 }), 1);
});

test('zoom stays within sensible bounds', () => {
  assert.equal(clampScale(100), 8);
  assert.equal(clampScale(0), 0.05);
});
