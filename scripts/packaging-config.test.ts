/**
 * What `npm run dist` would ship, checked without downloading Electron: the
 * electron-builder configuration passes electron-builder's own schema, the
 * fuses are what the README promises, .bpmn files belong to Lanes, and the
 * installers have the icon and metadata they need.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeholderWarning, publishArguments } from './dist.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// electron-builder's own YAML parser and validator (its dependencies, untyped here).
const require = createRequire(join(root, 'package.json'));
const { load } = require('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

interface BuilderConfig {
  appId: string;
  npmRebuild: boolean;
  mac: { target: string[] };
  extraMetadata: { main: string; author: { name: string; email: string }; homepage: string };
  artifactName: string;
  icon: string;
  fileAssociations: { ext: string; name: string; mimeType: string; role: string }[];
  electronFuses: Record<string, boolean>;
  linux: { maintainer: string; mimeTypes: string[]; desktop: { entry: Record<string, string> } };
}

const config = load(readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8')) as BuilderConfig;

test("the configuration passes electron-builder's own schema", async () => {
  await validateConfiguration(structuredClone(config), new DebugLogger(false));
  await assert.rejects(
    validateConfiguration({ ...structuredClone(config), electronFuse: {} }, new DebugLogger(false)),
    'a misspelt key is refused, so the check above is real',
  );
});

test('fuses: no NODE_OPTIONS or --inspect, cookies encrypted, only the integrity-checked app.asar loads', () => {
  const fuses = config.electronFuses;
  assert.equal(fuses.enableNodeOptionsEnvironmentVariable, false);
  assert.equal(fuses.enableNodeCliInspectArguments, false);
  assert.equal(fuses.enableCookieEncryption, true);
  assert.equal(fuses.enableEmbeddedAsarIntegrityValidation, true);
  assert.equal(fuses.onlyLoadAppFromAsar, true);
  assert.equal(fuses.grantFileProtocolExtraPrivileges, false, 'file:// pages get no extra privileges');
  assert.equal(fuses.resetAdHocDarwinSignature, true, 'unsigned arm64 macOS builds still start');
});

test('native modules are not rebuilt: better-sqlite3 ships its prebuilt Node-API binary', () => {
  // A rebuild needs Python and a C++ toolchain and cannot target another OS; Node-API needs none.
  assert.equal(config.npmRebuild, false);
});

test('macOS gets a dmg to install and a zip for electron-updater to update from', () => {
  assert.ok(config.mac.target.includes('dmg'));
  assert.ok(config.mac.target.includes('zip'), 'electron-updater installs macOS updates from the zip');
});

test('the app tells Windows the installer’s appId (AppUserModelID), from the one declaration', async () => {
  const { packagedAppId } = await import('./build.ts');
  assert.equal(packagedAppId(), config.appId);
  const main = readFileSync(join(root, 'main', 'electron', 'main.ts'), 'utf8');
  assert.match(main, /app\.setAppUserModelId\(appUserModelId\(\)\)/);
});

test('RunAsNode is off, and nothing in Lanes runs Electron as Node any more', () => {
  assert.equal(config.electronFuses.runAsNode, false);
  const grep = spawnSync(
    'git',
    [
      'grep',
      '-l',
      'ELECTRON_RUN' + '_AS_NODE',
      '--',
      'main',
      'shared',
      'renderer',
      'emulator',
      'scripts',
      'bin',
      'build',
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  // Exit status 1: no match. The e2e check of the fuses (e2e/electron) sets it on purpose, to prove it does nothing.
  assert.equal(grep.stdout.trim(), '', 'files that still run Electron as Node');
  assert.equal(grep.status, 1);
});

test('.bpmn files are associated with Lanes, with their MIME type, also in the Linux desktop entry', () => {
  const bpmn = config.fileAssociations.find((association) => association.ext === 'bpmn');
  assert.ok(bpmn, 'a .bpmn association');
  assert.equal(bpmn.mimeType, 'application/bpmn+xml');
  assert.equal(bpmn.role, 'Editor');
  assert.ok(bpmn.name);
  assert.ok(config.linux.mimeTypes.includes('application/bpmn+xml'));
  const entry = config.linux.desktop.entry;
  assert.equal(entry.Name, 'Lanes');
  assert.match(entry.Categories ?? '', /^(?:\w+;)+$/, 'Categories is a ;-terminated list');
});

test('installers get an icon large enough for every platform, metadata, and names with version and arch', () => {
  const png = readFileSync(join(root, config.icon));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  assert.ok(
    width >= 512 && width === height,
    `a square icon of at least 512 px (macOS needs it), got ${width}×${height}`,
  );
  assert.ok(config.extraMetadata.author.name && config.extraMetadata.author.email, 'author (deb needs it)');
  assert.match(config.extraMetadata.homepage, /^https:\/\//);
  assert.match(config.linux.maintainer, /^.+ <.+@.+>$/, 'Linux maintainer "Name <address>" (deb needs it)');
  assert.match(config.artifactName, /\$\{version\}/);
  assert.match(config.artifactName, /\$\{arch\}/);
  assert.equal(config.extraMetadata.main, 'dist/main/index.cjs');
});

test('the update feed set at build time becomes a generic publish target; without one, none', () => {
  assert.deepEqual(publishArguments({ LANES_UPDATE_FEED_URL: 'https://updates.example.com/lanes/' }), [
    '-c.publish.provider=generic',
    '-c.publish.url=https://updates.example.com/lanes/',
  ]);
  assert.deepEqual(publishArguments({}), []);
});

test('npm run dist reminds in one sentence while the installer metadata are placeholders', () => {
  const text = readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8');
  const warning = placeholderWarning(text);
  if (/\blanes\.invalid\b/.test(text))
    assert.match(
      warning ?? '',
      /placeholder author, homepage and maintainer.*before shipping these installers\.$/,
    );
  assert.equal(placeholderWarning(text.replace(/lanes\.invalid/g, 'lanes.example.org')), undefined);
});
