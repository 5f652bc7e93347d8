import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSettingsStore } from './settings-store.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { LanesError } from '../../shared/ipc/errors.ts';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'lanes-settings-'));

test('defaults follow the OS locale and updates persist across restarts', () => {
  const dir = tempDir();
  const first = createSettingsStore(dir, 'de-AT', createMemoryLogger());
  assert.deepEqual(first.get(), { uiLanguage: 'de', contentCulture: 1031 });
  first.update({ contentCulture: 3082 });
  const second = createSettingsStore(dir, 'en-US', createMemoryLogger());
  assert.deepEqual(second.get(), { uiLanguage: 'de', contentCulture: 3082 });
});

test('a damaged settings file falls back to defaults and says so in the log', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'settings.json'), '{ not json');
  const logger = createMemoryLogger();
  const store = createSettingsStore(dir, 'en-GB', logger);
  assert.deepEqual(store.get(), { uiLanguage: 'en', contentCulture: 1033 });
  assert.ok(logger.lines.some((line) => line.includes('Ignoring damaged')));
});

test('a failed write reports storage.writeFailed and keeps both the file and the current value', (t) => {
  if (process.getuid?.() === 0) {
    // root ignores directory permissions; simulate the failure with a file where the folder should be.
    const parent = tempDir();
    const dir = join(parent, 'blocked');
    writeFileSync(dir, 'a file, not a folder');
    const store = createSettingsStore(dir, 'en-US', createMemoryLogger());
    assert.throws(
      () => store.update({ uiLanguage: 'de' }),
      (error: unknown) => error instanceof LanesError && error.code === 'storage.writeFailed',
    );
    assert.equal(store.get().uiLanguage, 'en');
    return;
  }
  const dir = tempDir();
  const store = createSettingsStore(dir, 'en-US', createMemoryLogger());
  store.update({ uiLanguage: 'en' });
  chmodSync(dir, 0o500);
  t.after(() => chmodSync(dir, 0o700));
  assert.throws(() => store.update({ uiLanguage: 'de' }), LanesError);
  assert.equal(store.get().uiLanguage, 'en');
  assert.equal(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).uiLanguage, 'en');
});

test('listeners hear about every change', () => {
  const store = createSettingsStore(tempDir(), 'en-US', createMemoryLogger());
  const heard: string[] = [];
  store.onChange((settings) => heard.push(settings.uiLanguage));
  store.update({ uiLanguage: 'de' });
  assert.deepEqual(heard, ['de']);
});

test('workbench updates merge field by field and per profile, and survive a restart', () => {
  const dir = tempDir();
  const store = createSettingsStore(dir, 'en-US', createMemoryLogger());
  store.update({ workbench: { propertiesPanelWidth: 420, grid: true } });
  store.update({ workbench: { landscape: { a: { facet: 'Processes', view: 'All' } } } });
  store.update({ workbench: { landscape: { b: { facet: 'Roles' } }, grid: false } });
  const reopened = createSettingsStore(dir, 'en-US', createMemoryLogger());
  assert.deepEqual(reopened.get().workbench, {
    propertiesPanelWidth: 420,
    grid: false,
    landscape: { a: { facet: 'Processes', view: 'All' }, b: { facet: 'Roles' } },
  });
  assert.throws(() => store.update({ workbench: { propertiesPanelWidth: 5 } }), LanesError);
  assert.equal(store.get().workbench?.propertiesPanelWidth, 420);
});
