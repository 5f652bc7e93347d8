import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shapeIndexAfterKey } from './shape-links.ts';

test('the arrow keys move to the next and the previous shape, and stop at either end', () => {
  assert.equal(shapeIndexAfterKey('ArrowRight', 2, 5), 3);
  assert.equal(shapeIndexAfterKey('ArrowDown', 2, 5), 3);
  assert.equal(shapeIndexAfterKey('ArrowLeft', 2, 5), 1);
  assert.equal(shapeIndexAfterKey('ArrowUp', 2, 5), 1);
  assert.equal(shapeIndexAfterKey('ArrowRight', 4, 5), 4);
  assert.equal(shapeIndexAfterKey('ArrowLeft', 0, 5), 0);
});

test('Home and End go to the first and the last shape', () => {
  assert.equal(shapeIndexAfterKey('Home', 3, 5), 0);
  assert.equal(shapeIndexAfterKey('End', 1, 5), 4);
});

test('other keys, and a rendering without shapes, move nothing', () => {
  assert.equal(shapeIndexAfterKey('a', 1, 5), undefined);
  assert.equal(shapeIndexAfterKey('Tab', 1, 5), undefined);
  assert.equal(shapeIndexAfterKey('End', 0, 0), undefined);
});
