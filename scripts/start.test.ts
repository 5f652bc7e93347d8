import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const startScript = join(dirname(fileURLToPath(import.meta.url)), 'start.ts');

test('npm start without an Electron binary explains itself in plain words, without a stack trace', () => {
  const result = spawnSync(process.execPath, [startScript], {
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-dist' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1);
  const lines = result.stderr.trim().split('\n');
  assert.match(
    lines[0]!,
    /^Lanes cannot start: ELECTRON_OVERRIDE_DIST_PATH is set, but .* does not exist\.$/,
  );
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
  assert.equal(result.stdout, '');
});

test(
  'npm start -- --demo hands --demo (and any other argument) to Electron after the app folder',
  {
    skip: process.platform === 'win32' ? 'uses a shell script as a stand-in for Electron' : false,
  },
  () => {
    const root = join(dirname(startScript), '..');
    const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
    const executable = existsSync(pathFile)
      ? readFileSync(pathFile, 'utf8').trim()
      : process.platform === 'darwin'
        ? 'Electron.app/Contents/MacOS/Electron'
        : 'electron';
    const dist = mkdtempSync(join(tmpdir(), 'lanes-fake-electron-'));
    try {
      const fake = join(dist, executable);
      mkdirSync(dirname(fake), { recursive: true });
      writeFileSync(fake, '#!/bin/sh\nprintf "%s\\n" "$@"\n', { mode: 0o755 });
      const result = spawnSync(process.execPath, [startScript, '--demo'], {
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dist },
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, result.stderr);
      assert.deepEqual(result.stdout.trim().split('\n'), [root, '--demo']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  },
);
