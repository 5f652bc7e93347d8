import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryLogger } from '../log/logger.ts';
import { RECENTS_LIMIT, RecentsStore } from './recents.ts';

const entry = (id: string) => ({
  facet: 'processes',
  view: 'processList',
  id,
  type: 'process',
  displayNames: {},
});

test('recents per profile: newest first, each element once, at most twenty', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-recents-'));
  try {
    const store = new RecentsStore(dir, createMemoryLogger());
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let i = 0; i < 25; i++) store.record('A', entry(`e${i}`), new Date(start + i * 1000));
    store.record('A', entry('e10'), new Date(start + 60_000));
    store.record('B', entry('other'));
    const a = new RecentsStore(dir, createMemoryLogger()).list('A');
    assert.equal(a.length, RECENTS_LIMIT);
    assert.deepEqual(
      a.slice(0, 3).map((r) => r.id),
      ['e10', 'e24', 'e23'],
    );
    assert.equal(a.filter((r) => r.id === 'e10').length, 1);
    assert.ok(!a.some((r) => r.id === 'e4'), 'the oldest fell off');
    assert.deepEqual(
      store.list('B').map((r) => r.id),
      ['other'],
    );
    assert.deepEqual(store.list('C'), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a damaged recents file starts empty instead of failing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-recents-'));
  try {
    writeFileSync(join(dir, 'recents.json'), '{ not json');
    const logger = createMemoryLogger();
    const store = new RecentsStore(dir, logger);
    assert.deepEqual(store.list('A'), []);
    assert.equal(store.record('A', entry('x')).length, 1);
    assert.ok(logger.lines.some((l) => /unreadable/.test(l)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
