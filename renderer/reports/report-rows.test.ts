import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellText, columnsOf, NO_VALUE, visibleRows } from './report-rows.ts';

const elements = [
  {
    id: 'a',
    state: 'released',
    names: { '1033': 'Ship order', '1031': 'Auftrag versenden' },
    changedOn: '2026-11-20T10:00:00Z',
    children: [],
  },
  { id: 'b', state: 'inProcess', names: { '1033': 'Approve invoice' }, changedOn: '2026-11-21T08:00:00Z' },
  { id: 'c', names: { '1033': 'archive 10' }, extra: { x: 1 } },
  { id: 'd', state: 'released', names: { '1033': 'archive 9' } },
];

test('columns are the fields the service sent, names and facts first, without the tree structure', () => {
  assert.deepEqual(columnsOf(elements), ['names', 'state', 'changedOn', 'id', 'extra']);
});

test('names show in the content culture with a fallback; structures as JSON', () => {
  assert.equal(cellText(elements[0]!, 'names', 1031), 'Auftrag versenden');
  assert.equal(cellText(elements[1]!, 'names', 1031), 'Approve invoice');
  assert.equal(cellText(elements[2]!, 'extra', 1033), '{"x":1}');
  assert.equal(cellText(elements[2]!, 'state', 1033), '');
});

test('a bar of the overview filters by value, by day, or by having no value', () => {
  const ids = (where: { field: string; value: string }): string[] =>
    visibleRows(elements, { where, culture: 1033 }).map((e) => e.id);
  assert.deepEqual(ids({ field: 'state', value: 'released' }), ['a', 'd']);
  assert.deepEqual(ids({ field: 'state', value: NO_VALUE }), ['c']);
  assert.deepEqual(ids({ field: 'changedOn', value: '2026-11-21' }), ['b']);
});

test('text filters any column; sorting is natural and can be reversed', () => {
  assert.deepEqual(
    visibleRows(elements, { text: 'ARCHIVE', culture: 1033 }).map((e) => e.id),
    ['c', 'd'],
  );
  const german = (e: { state?: unknown }, column: string): string =>
    column === 'state' && e.state === 'released' ? 'Freigegeben' : '';
  assert.deepEqual(
    visibleRows(elements, { text: 'freigeg', culture: 1033, shown: german }).map((e) => e.id),
    ['a', 'd'],
    'what the cell shows is found too',
  );
  const sorted = visibleRows(elements, {
    text: 'archive',
    sort: { column: 'names', descending: false },
    culture: 1033,
  });
  assert.deepEqual(
    sorted.map((e) => e.id),
    ['d', 'c'],
    'archive 9 before archive 10',
  );
  const reversed = visibleRows(elements, { sort: { column: 'names', descending: true }, culture: 1033 });
  assert.deepEqual(
    reversed.map((e) => e.id),
    ['a', 'c', 'd', 'b'],
  );
});
