import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rowState, type TranslationRow } from '../../shared/domain/translation-rows.ts';
import { nextMissing, TranslationModel } from './translation-model.ts';

const row = (key: string, source: string | null, server: string | null): TranslationRow => ({
  key: `${key}#name`,
  id: key,
  field: 'name',
  type: 'bpmn:Task',
  source,
  server,
  edit: null,
  ledger: null,
});

const rows = (): TranslationRow[] => [
  row('a', 'Auftrag prüfen', 'Check order'),
  row('b', 'Ware versenden', null),
  row('c', 'Rechnung', 'Rechnung'),
  row('d', 'Ende', null),
];

test('typing in a row is one undo step; undo and redo give the texts back', () => {
  const model = new TranslationModel(rows());
  model.setText('b#name', 'S');
  model.setText('b#name', 'Ship');
  model.setText('b#name', 'Ship goods');
  model.leaveRow();
  model.setText('d#name', 'End');
  assert.equal(rowState(model.row('b#name')!), 'done');
  assert.equal(model.undo(), 'd#name');
  assert.equal(model.row('d#name')!.edit, null);
  assert.equal(model.undo(), 'b#name');
  assert.equal(model.row('b#name')!.edit, null, 'the whole visit is undone at once');
  assert.equal(model.redo(), 'b#name');
  assert.equal(model.row('b#name')!.edit?.text, 'Ship goods');
  assert.equal(model.canRedo, true);
  model.setText('a#name', 'Check the order');
  assert.equal(model.canRedo, false, 'a new edit ends redo');
});

test('the service’s own text again takes the edit back; unsaved edits are handed out once', () => {
  const model = new TranslationModel(rows());
  model.setText('a#name', 'Check the order');
  model.setText('a#name', 'Check order');
  assert.equal(model.row('a#name')!.edit, null);
  assert.deepEqual(model.takeUnsaved(), [
    { key: 'a#name', text: null, base: null, source: 'Auftrag prüfen' },
  ]);
  model.leaveRow();
  model.setText('b#name', 'Ship');
  assert.deepEqual(model.takeUnsaved(), [
    { key: 'b#name', text: 'Ship', base: null, source: 'Ware versenden' },
  ]);
  assert.deepEqual(model.takeUnsaved(), []);
});

test('filter by state and search in either text; the next missing row wraps round', () => {
  const model = new TranslationModel(rows());
  assert.deepEqual(
    model.matching('missing', '').map((r) => r.key),
    ['b#name', 'd#name'],
  );
  assert.deepEqual(
    model.matching('same', '').map((r) => r.key),
    ['c#name'],
  );
  assert.deepEqual(
    model.matching('all', 'CHECK').map((r) => r.key),
    ['a#name'],
  );
  assert.deepEqual(
    model.matching('all', 'versenden').map((r) => r.key),
    ['b#name'],
  );
  const all = model.rows;
  assert.equal(nextMissing(all, 1), 3);
  assert.equal(nextMissing(all, 3), 1, 'wraps round');
  assert.equal(nextMissing(all, 0, -1), 3);
  model.setText('b#name', 'Ship');
  model.setText('d#name', 'End');
  assert.equal(nextMissing(model.rows, 0), -1);
  assert.deepEqual(model.counts(), { missing: 0, same: 1, outdated: 0, done: 3, changed: 2 });
});

test('a text the service changed meanwhile: keep mine rebases it, take theirs drops it', () => {
  const changed = row('a', 'Auftrag prüfen', 'Their text');
  changed.edit = { text: 'Mine', base: 'Check order', source: 'Auftrag prüfen', state: 'draft' };
  const model = new TranslationModel([changed]);
  model.keepMine('a#name');
  assert.equal(model.row('a#name')!.edit?.base, 'Their text');
  model.undo();
  assert.equal(model.row('a#name')!.edit?.base, 'Check order');
  model.takeTheirs('a#name');
  assert.equal(model.row('a#name')!.edit, null);
});

test('an import is one undo step for all its texts', () => {
  const model = new TranslationModel(rows());
  model.setMany([
    { key: 'b#name', text: 'Ship goods' },
    { key: 'd#name', text: 'End' },
  ]);
  assert.equal(model.counts().missing, 0);
  assert.equal(model.undo(), 'b#name');
  assert.equal(model.counts().missing, 2, 'both texts are taken back at once');
  model.redo();
  assert.equal(model.row('d#name')!.edit?.text, 'End');
});
