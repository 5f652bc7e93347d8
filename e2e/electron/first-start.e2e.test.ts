/**
 * A new user's first start, from nothing: a fresh `git clone` of this
 * repository into a folder whose path has a space, `npm ci` (from the npm
 * cache where it can), then `npm start -- --demo` with ELECTRON_MIRROR on a
 * loopback mirror that serves a stand-in Electron zip and its SHASUMS256.txt
 * (scripts/stand-in-electron.test-support.ts). It shows that the build ran
 * (from a folder with a space), that Electron was downloaded, unpacked and
 * launched with the app folder and the arguments. Slow (a whole npm ci), so
 * it gives itself time; the clone is of the committed HEAD.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executableInZip, startStandInMirror } from '../../scripts/stand-in-electron.test-support.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const version = (
  JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const gitCheckout = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, encoding: 'utf8' });
const skip =
  process.platform === 'win32'
    ? 'first-start test skipped: the stand-in Electron is a shell script'
    : gitCheckout.stdout.trim() !== 'true'
      ? `first-start test skipped: ${root} is not a git checkout, so there is nothing to clone`
      : false;

const work = mkdtempSync(join(tmpdir(), 'lanes first start '));
after(() => rmSync(work, { recursive: true, force: true }));

/** The environment of a new user: no Electron settings of ours or of CI leak in. */
function userEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (
      /^(?:ELECTRON_|electron_|npm_config_electron|npm_package_|npm_lifecycle_)/i.test(key) ||
      key === 'LANES_HOME'
    )
      delete env[key];
  return { ...env, ...extra };
}

/** npm as the user runs it: the npm that runs this test (npm_execpath), or the one on PATH. */
function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number) {
  const execPath = process.env.npm_execpath;
  const [command, commandArgs] =
    execPath && /\.c?js$/.test(execPath) ? [process.execPath, [execPath, ...args]] : ['npm', args];
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, commandArgs, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

test(
  'fresh clone in a folder with a space, npm ci, npm start -- --demo: built, Electron downloaded from the mirror and launched with the app folder',
  { skip, timeout: 20 * 60_000 },
  async () => {
    const app = join(work, 'My Projects', 'Lanes app');
    const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, app], { encoding: 'utf8' });
    assert.equal(clone.status, 0, clone.stderr);
    assert.ok(!existsSync(join(app, 'dist')), 'nothing is built yet');

    const install = await npm(
      ['ci', '--prefer-offline', '--no-audit', '--no-fund'],
      app,
      userEnv({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }),
      15 * 60_000,
    );
    assert.equal(install.status, 0, `npm ci failed:\n${install.stderr.slice(-3000)}`);
    assert.ok(
      !existsSync(join(app, 'node_modules', 'electron', 'path.txt')),
      'npm ci does not download Electron',
    );

    const mirror = await startStandInMirror({ version, dir: `v${version}` });
    const launches = join(work, 'launches.jsonl');
    try {
      const start = await npm(
        ['start', '--', '--demo'],
        app,
        userEnv({
          ELECTRON_MIRROR: mirror.url,
          // The stand-in is not the zip Electron's checksums.json knows: the mirror's SHASUMS256.txt vouches for it.
          electron_use_remote_checksums: '1',
          electron_config_cache: join(work, 'electron cache'),
          LANES_STAND_IN_ELECTRON_LOG: launches,
        }),
        10 * 60_000,
      );
      assert.equal(
        start.status,
        0,
        `npm start failed:\n${start.stdout.slice(-2000)}\n${start.stderr.slice(-3000)}`,
      );
      assert.ok(
        existsSync(join(app, 'dist', 'main', 'index.cjs')),
        'the build ran in the folder with a space',
      );
      assert.ok(existsSync(join(app, 'dist', 'renderer', 'index.html')));
      assert.match(start.stderr, new RegExp(`Downloading Electron ${version.replace(/\./g, '\\.')} for `));
      assert.ok(
        mirror.requests.includes(`/v${version}/electron-v${version}-${process.platform}-${process.arch}.zip`),
        `downloaded from the mirror: ${mirror.requests.join(', ')}`,
      );
      assert.equal(
        readFileSync(join(app, 'node_modules', 'electron', 'path.txt'), 'utf8'),
        executableInZip(),
      );
      assert.match(start.stdout, /stand-in Electron started/);
      const launch = JSON.parse(readFileSync(launches, 'utf8').trim()) as { argv: string[] };
      assert.deepEqual(launch.argv, [app, '--demo'], 'Electron was launched with the app folder and --demo');
    } finally {
      await mirror.close();
    }
  },
);
