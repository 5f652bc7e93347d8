import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element } from '../../shared/domain/process.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { BpmnHistoryStore } from '../sync/bpmn-history-store.ts';
import { CacheStore } from './cache-store.ts';
import { openDatabase } from './database.ts';
import { migrations } from '../app/cache-schema.ts';

const process = (versionId: string) =>
  ({
    id: 'p1',
    facetName: 'processes',
    type: 'process',
    versionId,
    attributes: { name: { 1033: 'P' } },
  }) as unknown as Element;

test('the cached diagram of a version a new version replaced is kept for Compare versions, once', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'lanes-left-version-')), 'cache.db');
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  const cache = new CacheStore(db);
  const history = new BpmnHistoryStore(db);

  cache.putElements([process('v1')]);
  cache.putBpmn('p1', 1033, '<definitions>version 1</definitions>');
  cache.putBpmn('p1', 1033, '<definitions>version 1, changed</definitions>');
  assert.deepEqual(history.list('p1', 1033), [], 'the same version fetched again is no version left');

  // A colleague created version 2; a sync fetched its diagram over the cached one.
  cache.putElements([process('v2')]);
  cache.putBpmn('p1', 1033, '<definitions>version 2</definitions>');
  cache.putBpmn('p1', 1033, '<definitions>version 2</definitions>');
  const kept = history.list('p1', 1033);
  assert.deepEqual(
    kept.map((entry) => [entry.versionId, entry.kind]),
    [['v1', 'server']],
  );
  assert.equal(history.xml('p1', 1033, kept[0]!.seq), '<definitions>version 1, changed</definitions>');
  db.close();
});
