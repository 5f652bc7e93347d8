import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderedIndices, rowWindow, rowsPerPage, scrollToReveal } from './virtual-range.ts';

const base = { rowHeight: 30, height: 300, overscan: 5, total: 10_000 };

test('only the visible rows plus overscan are in the window, wherever the list is scrolled', () => {
  assert.deepEqual(rowWindow({ ...base, scrollTop: 0 }), { start: 0, end: 16 });
  assert.deepEqual(rowWindow({ ...base, scrollTop: 150_000 }), { start: 4995, end: 5016 });
  const last = rowWindow({ ...base, scrollTop: 10_000 * 30 - 300 });
  assert.equal(last.end, 10_000);
  assert.ok(last.end - last.start <= 300 / 30 + 1 + 2 * 5);
  for (let top = 0; top < 300_000; top += 7919) {
    const w = rowWindow({ ...base, scrollTop: top });
    assert.ok(w.end - w.start <= 22, `bounded at ${top}`);
  }
});

test('short and empty lists, and a scrollTop beyond the end', () => {
  assert.deepEqual(rowWindow({ ...base, total: 0, scrollTop: 0 }), { start: 0, end: 0 });
  assert.deepEqual(rowWindow({ ...base, total: 3, scrollTop: 0 }), { start: 0, end: 3 });
  assert.deepEqual(rowWindow({ ...base, total: 3, scrollTop: 9000 }), { start: 0, end: 3 });
});

test('the focused row is rendered even when it is scrolled out of the window', () => {
  assert.deepEqual(renderedIndices({ start: 10, end: 13 }, 2), [2, 10, 11, 12]);
  assert.deepEqual(renderedIndices({ start: 10, end: 13 }, 11), [10, 11, 12]);
  assert.deepEqual(renderedIndices({ start: 10, end: 13 }, 40), [10, 11, 12, 40]);
  assert.deepEqual(renderedIndices({ start: 0, end: 2 }, null), [0, 1]);
});

test('revealing a row scrolls just enough', () => {
  assert.equal(scrollToReveal(0, 90, 300, 30), 0);
  assert.equal(scrollToReveal(5, 90, 300, 30), 90);
  assert.equal(scrollToReveal(20, 90, 300, 30), 330);
  assert.equal(rowsPerPage(300, 30), 9);
  assert.equal(rowsPerPage(10, 30), 1);
});
