import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findElectronBinary } from './electron-binary.ts';

function project(withBinary: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'lanes-electron-'));
  mkdirSync(join(root, 'node_modules', 'electron', 'dist'), { recursive: true });
  if (withBinary) {
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    writeFileSync(join(root, 'node_modules', 'electron', 'dist', 'electron'), '');
  }
  return root;
}

test('a downloaded binary is found through path.txt', () => {
  const root = project(true);
  assert.deepEqual(findElectronBinary(root, {}, 'linux'), {
    found: true,
    path: join(root, 'node_modules', 'electron', 'dist', 'electron'),
  });
});

test('without a binary the reason says how to get one', () => {
  const result = findElectronBinary(project(false), {}, 'linux');
  assert.equal(result.found, false);
  assert.ok(!result.found && /ELECTRON_OVERRIDE_DIST_PATH/.test(result.reason));
});

test('ELECTRON_OVERRIDE_DIST_PATH wins, and a wrong one is reported', () => {
  const dist = mkdtempSync(join(tmpdir(), 'lanes-electron-dist-'));
  writeFileSync(join(dist, 'electron'), '');
  assert.deepEqual(findElectronBinary(project(false), { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'linux'), {
    found: true,
    path: join(dist, 'electron'),
  });
  const wrong = findElectronBinary(project(false), { ELECTRON_OVERRIDE_DIST_PATH: '/nope' }, 'linux');
  assert.ok(!wrong.found && wrong.reason.includes('/nope'));
});
