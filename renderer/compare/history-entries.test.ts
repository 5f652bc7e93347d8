import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryEntry } from '../../shared/domain/editor.ts';
import { defaultPair, grouped, uniqueLabels } from './history-entries.ts';

function entry(
  key: string,
  kind: HistoryEntry['kind'],
  changedOn: string | null,
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    key,
    kind,
    versionId: null,
    versionLabel: null,
    changedOn,
    seenAt: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

const current = entry('v3', 'server', '2025-04-01T10:00:00Z', { current: true, versionLabel: '1.2' });
const released = entry('v2', 'server', '2025-03-01T10:00:00Z', { versionLabel: '1.1' });
const unseen = entry('u1', 'server', '2024-01-01T10:00:00Z', { versionLabel: '1.0', available: false });
const sent = entry('p1', 'published', '2025-03-20T10:00:00Z');
const earlier = entry('s1', 'seen', '2025-03-10T10:00:00Z');
const draft = entry('d', 'draft', null, { seenAt: '2025-05-01T00:00:00Z' });
const base = entry('b', 'base', '2025-03-01T10:00:00Z');

test('grouped: draft, the service’s versions in their order, sent, seen earlier, never seen', () => {
  assert.deepEqual(
    grouped([draft, base, current, released, unseen, earlier, sent]).map(([group, members]) => [
      group,
      members.map((member) => member.key),
    ]),
    [
      ['draft', ['d', 'b']],
      ['service', ['v3', 'v2']],
      ['sent', ['p1']],
      ['seen', ['s1']],
      ['unseen', ['u1']],
    ],
  );
});

test('default pair: the current version against the draft', () => {
  assert.deepEqual(defaultPair([draft, base, current, released, sent]), { older: 'v3', newer: 'd' });
});

test('default pair without a draft: the state before the last change, else what was sent, else an older version', () => {
  assert.deepEqual(defaultPair([current, released, earlier, sent]), { older: 's1', newer: 'v3' });
  assert.deepEqual(defaultPair([current, released, sent]), { older: 'p1', newer: 'v3' });
  assert.deepEqual(defaultPair([current, released]), { older: 'v2', newer: 'v3' });
});

test('a version Lanes never saw is never picked; fewer than two comparable: nothing to compare', () => {
  assert.equal(defaultPair([current, unseen]), null);
  assert.equal(defaultPair([]), null);
  assert.deepEqual(defaultPair([draft, base]), { older: 'b', newer: 'd' });
});

test('equal labels are numbered, the oldest stays plain, the date stays last', () => {
  assert.deepEqual(
    uniqueLabels(['Sent · 1.2 · 9:31', 'Sent · 1.2 · 9:31', 'Version 1.2 · 9:30', 'Sent · 1.2 · 9:31']),
    ['Sent (3) · 1.2 · 9:31', 'Sent (2) · 1.2 · 9:31', 'Version 1.2 · 9:30', 'Sent · 1.2 · 9:31'],
  );
});
