/**
 * A script that runs only when it is the entry point must ask Node the one way
 * that works from any folder on any OS: `import.meta.main`. Comparing
 * `import.meta.url` with `file://${process.argv[1]}` is false for a path with a
 * space (`%20` on one side) and for every Windows path (`file:///C:/…` vs
 * `C:\…`): the script then silently does nothing. The first-start test
 * (e2e/electron/first-start.e2e.test.ts) builds from a folder with a space.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

test('no script decides "am I the entry point" by comparing import.meta.url with argv', () => {
  const grep = spawnSync(
    'git',
    ['grep', '-n', '-E', 'import\\.meta\\.url ===.*process\\.argv', '--', '*.ts', '*.mts', '*.js', '*.mjs'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  // git grep: exit 1 means no match.
  assert.equal(grep.stdout.trim(), '', 'entry checks that break in folders with a space and on Windows');
  assert.equal(grep.status, 1);
});
