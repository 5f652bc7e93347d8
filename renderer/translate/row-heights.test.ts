import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RowHeights, rowAt } from './row-heights.ts';

test('rows not measured count at the least height; measured ones at theirs', () => {
  const heights = new RowHeights(52);
  assert.deepEqual(heights.offsets(['a', 'b', 'c']), [0, 52, 104, 156]);
  assert.equal(heights.set('b', 90.4), true);
  assert.equal(heights.set('b', 90), false, 'the same height again changes nothing');
  assert.equal(heights.set('c', 20), false, 'never below the least height');
  assert.deepEqual(heights.offsets(['a', 'b', 'c']), [0, 52, 142, 194]);
});

test('the row at a position, with rows of differing heights', () => {
  const offsets = new RowHeights(52);
  offsets.set('b', 100);
  const o = offsets.offsets(['a', 'b', 'c', 'd']);
  assert.equal(rowAt(o, 0), 0);
  assert.equal(rowAt(o, 51), 0);
  assert.equal(rowAt(o, 52), 1);
  assert.equal(rowAt(o, 151), 1);
  assert.equal(rowAt(o, 152), 2);
  assert.equal(rowAt(o, 10_000), 3, 'past the end: the last row');
  assert.equal(rowAt([0], 10), 0, 'no rows');
});
