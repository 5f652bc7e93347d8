/**
 * Set-up that cannot go wrong: an old Node is refused in one sentence, the
 * lockfile is what npm install would write, and `npm run dist` without its
 * download sources says what it needs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Debian's own node is older than 24 on the machines we test on; elsewhere there may be none. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/bin/nodejs']) {
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (version.status === 0 && Number(/^v(\d+)/.exec(version.stdout)?.[1]) < 24) return candidate;
  }
  return undefined;
}
const oldNode = olderNode();
const noOldNode = oldNode ? false : 'no Node older than 24 at /usr/bin/node to try';

test('.npmrc makes npm refuse to install on a Node that package.json engines excludes', () => {
  assert.match(readFileSync(join(root, '.npmrc'), 'utf8'), /^engine-strict=true$/m);
  assert.equal(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines
      .node,
    `>=${readFileSync(join(root, '.nvmrc'), 'utf8').trim()}`,
  );
});

test('every script that runs TypeScript directly runs the Node preflight first', () => {
  for (const [name, command] of Object.entries(packageJson.scripts)) {
    if (!/\.ts\b|node --test/.test(command)) continue;
    assert.ok(command.startsWith('node scripts/require-node.mjs && '), `${name}: ${command}`);
  }
  assert.match(
    readFileSync(join(root, 'bin', 'lanes.js'), 'utf8'),
    /await import\('\.\.\/scripts\/require-node\.mjs'\)/,
  );
});

test('the preflight lets Node 24 through silently', () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'require-node.mjs')], {
    encoding: 'utf8',
  });
  assert.equal(result.status, 0);
  assert.equal(result.stderr + result.stdout, '');
});

test(
  'on an older Node the preflight and the lanes command refuse in one sentence, without a stack trace',
  { skip: noOldNode },
  () => {
    for (const script of [
      ['scripts', 'require-node.mjs'],
      ['bin', 'lanes.js'],
    ]) {
      const result = spawnSync(oldNode!, [join(root, ...script), '--help'], { encoding: 'utf8' });
      assert.equal(result.status, 1, script.join('/'));
      assert.equal(result.stdout, '');
      const lines = result.stderr.trim().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(
        lines[0]!,
        /^Lanes needs Node 24 or newer to run its TypeScript directly, but this is Node 2\d\.[\d.]+: install Node 24 .*\.$/,
      );
    }
  },
);

test(
  'npm run build on an older Node stops at the preflight, not at ERR_UNKNOWN_FILE_EXTENSION',
  { skip: noOldNode },
  () => {
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(oldNode!)}:${process.env.PATH}` },
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /Lanes needs Node 24 or newer/);
    assert.doesNotMatch(result.stderr, /ERR_UNKNOWN_FILE_EXTENSION|^\s+at /m);
  },
);

test('npm install leaves package-lock.json as it is (checked in a copy, node_modules untouched)', () => {
  const copy = mkdtempSync(join(tmpdir(), 'lanes-lockfile-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc'])
      copyFileSync(join(root, file), join(copy, file));
    const result = spawnSync(
      'npm',
      ['install', '--package-lock-only', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      {
        cwd: copy,
        encoding: 'utf8',
      },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.equal(
      readFileSync(join(copy, 'package-lock.json'), 'utf8'),
      readFileSync(join(root, 'package-lock.json'), 'utf8'),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('npm run dist without its download sources says in one sentence what it needs', () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'dist.ts')], {
    encoding: 'utf8',
    // Port 9 (discard) on loopback refuses at once: a download source that cannot be reached.
    env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/electron/' },
    timeout: 30_000,
  });
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.match(
    lines[0]!,
    /^Lanes cannot build installers here: electron-builder downloads Electron and its packaging tools from http:\/\/127\.0\.0\.1:9\/electron\/, which cannot be reached; run "npm run dist" where GitHub is reachable, or point ELECTRON_MIRROR and ELECTRON_BUILDER_BINARIES_MIRROR at mirrors you can reach\.$/,
  );
});
