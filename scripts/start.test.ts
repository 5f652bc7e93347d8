/**
 * `npm start` on a machine where Electron is not downloaded yet: it downloads
 * Electron with Electron's own code from the mirror the environment names (a
 * loopback stand-in here), shows progress, unpacks it and launches it with the
 * app folder; where it cannot, one sentence says why and what to do. Each test
 * runs start.ts inside a throwaway project whose node_modules/electron is a
 * copy of the real package (its dependencies linked), so nothing here touches
 * the repository's own node_modules. The whole path from a fresh clone is
 * e2e/electron/first-start.e2e.test.ts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executableInZip, startStandInMirror } from './stand-in-electron.test-support.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electronPackage = join(root, 'node_modules', 'electron');
const version = (
  JSON.parse(readFileSync(join(electronPackage, 'package.json'), 'utf8')) as { version: string }
).version;
const posixOnly = process.platform === 'win32' ? 'the stand-in Electron is a shell script' : false;

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'lanes start '));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** A project with start.ts and a fresh copy of the electron package (no dist/, no path.txt). */
function project(name: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  for (const file of ['start.ts', 'electron-binary.ts', 'electron-download.ts'])
    copyFileSync(join(root, 'scripts', file), join(dir, 'scripts', file));
  const electron = join(dir, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  for (const file of ['package.json', 'install.js', 'checksums.json', 'index.js'])
    copyFileSync(join(electronPackage, file), join(electron, file));
  // install.js requires these; Node follows the links to their real place, where their own dependencies are.
  for (const scope of ['@electron', '@electron-internal'])
    symlinkSync(join(root, 'node_modules', scope), join(dir, 'node_modules', scope), 'dir');
  return dir;
}

function run(
  projectDir: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const base = { ...process.env };
  for (const key of Object.keys(base))
    if (/^(?:ELECTRON_|npm_config_electron|electron_)/i.test(key) || /_proxy$/i.test(key)) delete base[key];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(projectDir, 'scripts', 'start.ts'), ...args], {
      env: { ...base, electron_config_cache: join(projectDir, 'electron-cache'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const noStack = (text: string): void => assert.doesNotMatch(text, /^\s+at /m, 'no stack trace');

test('npm start without an Electron binary, with ELECTRON_OVERRIDE_DIST_PATH wrong, explains itself in plain words', async () => {
  const dir = project('override');
  const result = await run(dir, [], { ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-dist' });
  assert.equal(result.status, 1);
  assert.match(
    result.stderr.split('\n')[0]!,
    /^Lanes cannot start: ELECTRON_OVERRIDE_DIST_PATH is set, but .* does not exist\.$/,
  );
  noStack(result.stderr);
  assert.equal(result.stdout, '');
});

test(
  'with ELECTRON_SKIP_BINARY_DOWNLOAD (as CI sets it) npm start says so and downloads nothing',
  { skip: posixOnly },
  async () => {
    const mirror = await startStandInMirror({ version, dir: `v${version}` });
    try {
      const result = await run(project('skip'), [], {
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        ELECTRON_MIRROR: mirror.url,
      });
      assert.equal(result.status, 1);
      assert.match(
        result.stderr.split('\n')[0]!,
        /^Lanes cannot start: the Electron binary is not downloaded yet, and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so npm start does not download it; .*ELECTRON_OVERRIDE_DIST_PATH.*\.$/,
      );
      assert.deepEqual(mirror.requests, [], 'no download was attempted');
    } finally {
      await mirror.close();
    }
  },
);

test(
  'the first npm start downloads Electron from ELECTRON_MIRROR (ELECTRON_CUSTOM_DIR honoured) with progress, then launches it with the app folder and the arguments',
  { skip: posixOnly },
  async () => {
    const mirror = await startStandInMirror({ version, dir: version });
    const dir = project('download');
    const log = join(dir, 'launches.jsonl');
    try {
      const env = {
        ELECTRON_MIRROR: mirror.url,
        ELECTRON_CUSTOM_DIR: '{{ version }}',
        // The stand-in is not the zip checksums.json knows: take the mirror's SHASUMS256.txt.
        electron_use_remote_checksums: '1',
        LANES_STAND_IN_ELECTRON_LOG: log,
      };
      const first = await run(dir, ['--demo'], env);
      assert.equal(first.status, 0, first.stderr);
      assert.match(
        first.stderr,
        new RegExp(
          `Downloading Electron ${version.replace(/\./g, '\\.')} for ${process.platform}-${process.arch} from ${mirror.url}`,
        ),
      );
      assert.match(first.stderr, /100 %/, 'progress is shown');
      assert.match(first.stdout, /stand-in Electron started/);
      assert.deepEqual(mirror.requests, [
        `/${version}/electron-v${version}-${process.platform}-${process.arch}.zip`,
        `/${version}/SHASUMS256.txt`,
        `/${version}/SHASUMS256.txt`,
      ]);
      assert.equal(
        readFileSync(join(dir, 'node_modules', 'electron', 'path.txt'), 'utf8'),
        executableInZip(),
      );
      const launch = JSON.parse(readFileSync(log, 'utf8').trim()) as { argv: string[] };
      assert.deepEqual(launch.argv, [dir, '--demo']);

      // The second start finds it: no download, straight to the app.
      const requestsBefore = mirror.requests.length;
      const second = await run(dir, [], env);
      assert.equal(second.status, 0, second.stderr);
      assert.doesNotMatch(second.stderr, /Downloading/);
      assert.equal(mirror.requests.length, requestsBefore);
    } finally {
      await mirror.close();
    }
  },
);

test(
  'a mirror that is not there, or has no such file, or serves a tampered zip: one sentence, no stack trace, nothing unpacked',
  { skip: posixOnly },
  async () => {
    const closed = await startStandInMirror({ version, dir: `v${version}` });
    const closedUrl = closed.url;
    await closed.close();
    const missing = await startStandInMirror({ version, dir: 'elsewhere' });
    const tampered = await startStandInMirror({ version, dir: `v${version}`, corrupt: true });
    try {
      const cases: [string, NodeJS.ProcessEnv, RegExp][] = [
        ['refused', { ELECTRON_MIRROR: closedUrl }, /\(the connection was refused\)/],
        ['missing', { ELECTRON_MIRROR: missing.url }, /\(the server answered HTTP 404\)/],
        [
          'tampered',
          { ELECTRON_MIRROR: tampered.url, electron_use_remote_checksums: '1' },
          /\(the download did not match its checksum\)/,
        ],
      ];
      for (const [name, env, reason] of cases) {
        const dir = project(`fail-${name}`);
        const result = await run(dir, [], env);
        assert.equal(result.status, 1, name);
        const sentence =
          result.stderr.split('\n').find((line) => line.startsWith('Lanes cannot start:')) ?? '';
        assert.match(
          sentence,
          new RegExp(
            `^Lanes cannot start: Electron ${version.replace(/\./g, '\\.')} could not be downloaded from `,
          ),
          name,
        );
        assert.match(sentence, reason, `${name}: ${result.stderr}`);
        assert.match(sentence, /ELECTRON_MIRROR.*ELECTRON_OVERRIDE_DIST_PATH.*\.$/, name);
        noStack(result.stderr);
        assert.ok(
          !existsSync(join(dir, 'node_modules', 'electron', 'path.txt')),
          `${name}: nothing unpacked`,
        );
      }
    } finally {
      await missing.close();
      await tampered.close();
    }
  },
);

test(
  'an unpacked Electron named by ELECTRON_OVERRIDE_DIST_PATH is launched as it is, without a download',
  { skip: posixOnly },
  async () => {
    const dir = project('override-ok');
    const dist = join(dir, 'unpacked');
    const executable = join(dist, executableInZip());
    mkdirSync(dirname(executable), { recursive: true });
    writeFileSync(executable, '#!/bin/sh\nprintf "%s\\n" "$@"\n', { mode: 0o755 });
    const result = await run(dir, ['--demo'], {
      ELECTRON_OVERRIDE_DIST_PATH: dist,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n'), [dir, '--demo']);
  },
);
