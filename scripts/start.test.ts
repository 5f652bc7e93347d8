import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
