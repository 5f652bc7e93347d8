import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tabTitles } from './tab-titles.ts';

test('titles sharing a long start are split where they part, at a word start', () => {
  const [record, review, sales] = tabTitles([
    'Human resources: Record contract',
    'Human resources: Review leave request',
    'Sales: Qualify lead',
  ]);
  assert.deepEqual(record, { head: 'Human resources: ', tail: 'Record contract' });
  assert.deepEqual(review, { head: 'Human resources: ', tail: 'Review leave request' });
  assert.deepEqual(sales, { head: 'Sales: Qualify lead', tail: '' }, 'nothing shared: not split');
});

test('head and tail always make up the whole title', () => {
  const titles = ['Reconciliation of accounts', 'Reconciliation of assets', 'Reconciliationsbericht', 'x'];
  for (const [i, { head, tail }] of tabTitles(titles).entries()) assert.equal(head + tail, titles[i]);
});

test('one long shared word is split inside it; a short shared start or the same title is not split', () => {
  const [a] = tabTitles(['Rechnungseingangsprüfung', 'Rechnungseingangsbuchung']);
  assert.deepEqual(a, { head: 'Rechnungseingangs', tail: 'prüfung' });
  assert.deepEqual(tabTitles(['Sales: A', 'Sales: B'])[0], { head: 'Sales: A', tail: '' });
  assert.deepEqual(tabTitles(['Same name here', 'Same name here'])[0], { head: 'Same name here', tail: '' });
  assert.deepEqual(
    tabTitles(['Human resources', 'Human resources: Record'])[0],
    { head: 'Human resources', tail: '' },
    'a title that is the start of another is shown as it is',
  );
});
