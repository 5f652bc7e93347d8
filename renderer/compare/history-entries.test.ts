import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryEntry } from '../../shared/domain/editor.ts';
import { defaultPair, newestFirst } from './history-entries.ts';

function entry(
  key: string,
  kind: HistoryEntry['kind'],
  changedOn: string | null,
  seenAt = '2025-01-01T00:00:00Z',
) {
  return { key, kind, versionId: null, versionLabel: null, changedOn, seenAt } satisfies HistoryEntry;
}

const older = entry('s1', 'server', '2025-03-01T10:00:00Z');
const newer = entry('s2', 'server', '2025-04-01T10:00:00Z');
const published = entry('p1', 'published', '2025-05-01T10:00:00Z');
const draft = entry('d', 'draft', null, '2025-02-01T00:00:00Z');
const base = entry('b', 'base', '2025-02-15T10:00:00Z');

test('the draft leads, then newest first by changedOn (seenAt when unknown)', () => {
  const seenOnly = entry('s0', 'server', null, '2025-03-15T00:00:00Z');
  assert.deepEqual(
    newestFirst([older, seenOnly, draft, newer, published]).map((e) => e.key),
    ['d', 'p1', 's2', 's0', 's1'],
  );
});

test('default pair: newest server version against the draft', () => {
  assert.deepEqual(defaultPair([older, draft, newer, base]), { older: 's2', newer: 'd' });
  assert.deepEqual(defaultPair([older, draft, published]), { older: 'p1', newer: 'd' });
});

test('default pair without a draft: the two newest server versions', () => {
  assert.deepEqual(defaultPair([older, published, newer]), { older: 's2', newer: 'p1' });
});

test('fewer than two versions: nothing to compare', () => {
  assert.equal(defaultPair([]), null);
  assert.equal(defaultPair([newer]), null);
  assert.deepEqual(defaultPair([draft, base]), { older: 'b', newer: 'd' });
});
