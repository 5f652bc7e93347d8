import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { DraftStore } from './draft-store.ts';

async function store(file = join(mkdtempSync(join(tmpdir(), 'lanes-drafts-')), 'cache.db')) {
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  return { db, file, drafts: new DraftStore(db) };
}

const draft = {
  elementId: 'e1',
  culture: 1033,
  baseVersionId: 'v1',
  baseChangedOn: '2026-01-01T00:00:00',
  baseXml: '<base/>',
  localXml: '<mine/>',
};

test('a saved draft is there after the database is closed and opened again', async () => {
  const first = await store();
  first.drafts.save(draft);
  first.db.close();
  const second = await store(first.file);
  assert.deepEqual(
    { ...second.drafts.get('e1', 1033), savedAt: undefined },
    { ...draft, savedAt: undefined },
  );
  second.db.close();
});

test('saving again keeps the original base and replaces the local XML', async () => {
  const { db, drafts } = await store();
  drafts.save(draft);
  drafts.save({ ...draft, baseVersionId: 'v2', baseXml: '<newer-base/>', localXml: '<mine-2/>' });
  const saved = drafts.get('e1', 1033)!;
  assert.equal(saved.baseVersionId, 'v1');
  assert.equal(saved.baseXml, '<base/>');
  assert.equal(saved.localXml, '<mine-2/>');
  assert.equal(drafts.list().length, 1);
  db.close();
});

test('the recovery slot holds unsaved state until a save supersedes it', async () => {
  const { db, drafts } = await store();
  drafts.writeRecovery('e1', 1033, '<unsaved-1/>');
  drafts.writeRecovery('e1', 1033, '<unsaved-2/>');
  assert.equal(drafts.readRecovery('e1', 1033)?.xml, '<unsaved-2/>');
  drafts.save(draft);
  assert.equal(drafts.readRecovery('e1', 1033), undefined);
  assert.equal(drafts.discard('e1', 1033), true);
  assert.equal(drafts.get('e1', 1033), undefined);
  db.close();
});
