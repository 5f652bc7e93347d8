import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryLogger } from '../log/logger.ts';
import type { RecentFile } from '../../shared/domain/recent-files.ts';
import { RECENT_FILES_LIMIT, RecentFilesStore } from './recent-files.ts';
import { FileService } from './file-service.ts';

const folder = mkdtempSync(join(tmpdir(), 'lanes-recent-files-'));
after(() => rmSync(folder, { recursive: true, force: true }));

test('newest first, each file once, at most the limit; missing files are marked; changes are announced', () => {
  const dataDir = mkdtempSync(join(folder, 'data-'));
  const announced: RecentFile[][] = [];
  const store = new RecentFilesStore(dataDir, createMemoryLogger(), (list) => announced.push(list));
  const a = join(folder, 'a.bpmn');
  const b = join(folder, 'b.bpmn');
  writeFileSync(a, '<x/>');
  store.record(a, new Date('2026-01-01T00:00:00Z'));
  store.record(b, new Date('2026-01-02T00:00:00Z'));
  store.record(a, new Date('2026-01-03T00:00:00Z'));
  assert.deepEqual(
    store.list().map((file) => [file.name, file.exists, file.openedAt]),
    [
      ['a.bpmn', true, '2026-01-03T00:00:00.000Z'],
      ['b.bpmn', false, '2026-01-02T00:00:00.000Z'],
    ],
  );
  assert.equal(announced.length, 3);
  assert.ok(store.has(b));
  assert.deepEqual(
    store.remove(b).map((file) => file.name),
    ['a.bpmn'],
  );
  for (let i = 0; i < RECENT_FILES_LIMIT + 3; i++) store.record(join(folder, `f${i}.bpmn`));
  assert.equal(store.list().length, RECENT_FILES_LIMIT);
  assert.deepEqual(new RecentFilesStore(dataDir, createMemoryLogger()).list(), store.list(), 'kept on disk');
  assert.deepEqual(store.clear(), []);
});

test('a file opens again from the list, and only from the list', async () => {
  const dataDir = mkdtempSync(join(folder, 'data-'));
  const store = new RecentFilesStore(dataDir, createMemoryLogger());
  const path = join(folder, 'listed.bpmn');
  writeFileSync(
    path,
    '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="x"><bpmn:process id="P"/></bpmn:definitions>',
  );
  const files = new FileService({
    onChanged: () => {},
    onRecentDocument: (opened) => store.record(opened),
    isRecent: (candidate) => store.has(candidate),
  });
  await assert.rejects(files.openRecent(path), /not on the list of recent files/);
  store.record(path);
  const opened = await files.openRecent(path);
  assert.equal(opened.name, 'listed.bpmn');
  // Opened from the list, it may be read again and saved like any file the user chose.
  assert.equal((await files.readBpmn(path)).path, path);
  files.dispose();
});
