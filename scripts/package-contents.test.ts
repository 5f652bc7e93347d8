/**
 * What `npm run dist` ships, proven without downloading Electron: the
 * production bundles are built, the application is assembled the way
 * electron-builder's `files` and `asarUnpack` do it (scripts/package-assembly.ts),
 * and the package is checked: everything the bundles load resolves inside it,
 * better-sqlite3's native binary stays outside app.asar, and no test, benchmark,
 * source map or TypeScript source ships. The packaged emulator even starts from it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildAll, type ExternalImports } from './build.ts';
import { startEmulator } from '../emulator/index.ts';
import { openDatabase } from '../main/cache/database.ts';
import { LATEST_SCHEMA, migrations } from '../main/app/cache-schema.ts';
import { addPin } from '../main/cache/pins.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { pullInWorker, setSyncWorkerLocation } from '../main/sync/sync-worker-client.ts';
import { assemblePackage, type AssembledPackage, type PackagingConfig } from './package-assembly.ts';
import { connectionOf } from '../main/cache/cache-world.test-support.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { load } = createRequire(join(root, 'package.json'))('js-yaml') as { load(text: string): unknown };
const config = load(readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8')) as PackagingConfig & {
  extraMetadata: { main: string };
};

/** The programs the packaged app runs; the renderer is a browser bundle without modules to resolve. */
const entryBundles = [
  'dist/main/index.cjs',
  'dist/main/preload.cjs',
  'dist/main/sync-worker.mjs',
  'dist/main/push-worker.mjs',
  'dist/emulator/cli.mjs',
];
/** Provided by Electron itself, never shipped. */
const providedByElectron = new Set(['electron']);

let work: string;
let builtDist: string;
let shipped: AssembledPackage;
let externals: ExternalImports;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'lanes-package-'));
  builtDist = join(work, 'dist');
  externals = await buildAll({ out: builtDist, production: true, updateFeedUrl: '' });
  shipped = assemblePackage(root, config, join(work, 'shipped'), builtDist);
});
after(() => rmSync(work, { recursive: true, force: true }));

/** What the package lacks: entry bundles, or modules a bundle (or a shipped module) needs that do not resolve inside it. */
function missingFrom(pkg: AssembledPackage): string[] {
  const problems: string[] = [];
  const inside = (path: string): boolean =>
    !relative(realpathSync(pkg.appDir), realpathSync(path)).startsWith('..');
  const checkedPackages = new Set<string>();
  const needs = (fromFile: string, name: string, what: string): void => {
    let resolved: string;
    try {
      resolved = createRequire(fromFile).resolve(name);
    } catch {
      problems.push(`${what} needs ${name}, which the package does not contain`);
      return;
    }
    if (!inside(resolved)) {
      problems.push(`${what} needs ${name}, found only outside the package`);
      return;
    }
    // The module's own dependencies must resolve as well, from where it lies in the package.
    const manifest = findManifest(resolved);
    if (!manifest || checkedPackages.has(manifest)) return;
    checkedPackages.add(manifest);
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(json.dependencies ?? {})) {
      try {
        const found = createRequire(manifest).resolve(`${dependency}/package.json`);
        if (!inside(found)) problems.push(`${json.name} needs ${dependency}, found only outside the package`);
      } catch {
        if (!findDependencyDir(dirname(manifest), dependency))
          problems.push(`${json.name} needs ${dependency}, which the package does not contain`);
      }
    }
  };
  for (const bundle of entryBundles) {
    const path = join(pkg.appDir, bundle);
    if (!existsSync(path)) {
      problems.push(`${bundle} is not in the package`);
      continue;
    }
    for (const name of loadedPackages(bundle)) needs(path, name, bundle);
  }
  return problems;
}

/** What esbuild left to run-time loading in this bundle, without Node's and Electron's own modules. */
function loadedPackages(bundle: string): string[] {
  const imports = externals[bundle.slice('dist/'.length)];
  assert.ok(imports, `esbuild reported on ${bundle}`);
  return imports.filter((name) => !isBuiltin(name) && !providedByElectron.has(name));
}

function findManifest(file: string): string | undefined {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name)
      return manifest;
  }
  return undefined;
}

function findDependencyDir(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
  }
  return undefined;
}

test('every module the main bundle, the preload, the sync worker and the emulator load resolves inside the package', () => {
  assert.deepEqual(missingFrom(shipped), []);
  for (const bundle of entryBundles) assert.ok(shipped.files.includes(bundle), `${bundle} ships`);
  assert.ok(shipped.files.includes('dist/renderer/index.html'), 'the renderer ships');
  assert.ok(shipped.files.includes(config.extraMetadata.main), 'the main entry named in package.json ships');
  const mainBundle = loadedPackages('dist/main/index.cjs');
  assert.ok(
    mainBundle.includes('better-sqlite3') && mainBundle.includes('electron-updater'),
    'the scan finds the externals',
  );
});

/**
 * The renderer's scripts as the page loads them: app.js and, followed from it, every chunk it
 * imports statically or with import() (the editor, compare and conflict views), relative to dist/renderer.
 */
function rendererScripts(rendererDir: string): string[] {
  const found = new Set<string>();
  const visit = (file: string): void => {
    if (found.has(file)) return;
    found.add(file);
    const text = readFileSync(join(rendererDir, file), 'utf8');
    for (const [, target] of text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*["'](\.\.?\/[^"']+\.js)["']/g))
      visit(posix.join(posix.dirname(file), target!));
  };
  visit('app.js');
  return [...found].sort();
}

test('the chart chunk holds bar charts only (chart-parts.ts registers no other chart type)', () => {
  const scripts = rendererScripts(join(builtDist, 'renderer'));
  const chart = scripts.find((file) => /^chunks\/chart-parts-[\w-]+\.js$/.test(file));
  assert.ok(chart, `the charts are a chunk of their own: ${scripts.join(', ')}`);
  const code = readFileSync(join(builtDist, 'renderer', chart), 'utf8');
  for (const type of ['doughnut', 'radar', 'polarArea', 'bubble', 'scatter'])
    assert.ok(!new RegExp(`["']${type}["']`).test(code), `${type} charts are not in the chunk`);
});

test('the renderer ships with every chunk it loads, and the editor is a chunk of its own', () => {
  const scripts = rendererScripts(join(builtDist, 'renderer'));
  const chunks = scripts.filter((file) => file.startsWith('chunks/'));
  assert.ok(
    chunks.some((file) => /^chunks\/editor-workspace-[\w-]+\.js$/.test(file)),
    `the editor workspace is loaded as a chunk: ${scripts.join(', ')}`,
  );
  const missing = scripts.filter((file) => !shipped.files.includes(`dist/renderer/${file}`));
  assert.deepEqual(missing, [], 'every renderer script the page can load is in the package');
  // The start bundle must not carry bpmn-js: the landscape starts without it.
  assert.doesNotMatch(readFileSync(join(builtDist, 'renderer', 'app.js'), 'utf8'), /djs-container/);
});

test('the check fails when `files` leaves out what a bundle needs', () => {
  const broken = assemblePackage(
    root,
    {
      ...config,
      files: [
        ...config.files.filter((pattern) => pattern !== 'dist/emulator/**'),
        '!**/node_modules/lazy-val/**',
      ],
    },
    join(work, 'broken'),
    builtDist,
  );
  const problems = missingFrom(broken);
  assert.ok(problems.includes('dist/emulator/cli.mjs is not in the package'), problems.join('\n'));
  assert.ok(
    problems.some((problem) =>
      /electron-updater needs lazy-val, which the package does not contain/.test(problem),
    ),
    problems.join('\n'),
  );
});

test("better-sqlite3's native binary is unpacked from app.asar (a .node file cannot load from inside it)", () => {
  const binaries = shipped.files.filter(
    (file) => file.startsWith('node_modules/better-sqlite3/') && file.endsWith('.node'),
  );
  assert.ok(binaries.length > 0, 'better-sqlite3 ships its native binary');
  for (const binary of binaries) assert.ok(shipped.unpacked.includes(binary), `${binary} is unpacked`);
  assert.ok(
    shipped.unpacked.every((file) => file.startsWith('node_modules/better-sqlite3/')),
    'nothing else is unpacked',
  );
});

test('the better-sqlite3 that ships is its prebuilt Node-API binary, never one compiled on the build machine', () => {
  const target = `${process.platform}-${process.arch}`;
  const prebuild = `node_modules/better-sqlite3/prebuilds/${target}.node`;
  assert.ok(shipped.files.includes(prebuild), `${prebuild} ships`);
  const original = readFileSync(join(root, prebuild));
  assert.ok(readFileSync(join(shipped.appDir, prebuild)).equals(original), 'byte for byte the npm prebuild');
  // A binary from node-gyp (build/Release) would win over the prebuild and be tied to one runtime's ABI.
  assert.deepEqual(
    shipped.files.filter((file) => /^node_modules\/better-sqlite3\/build\/.*\.node$/.test(file)),
    [],
  );
  // Node-API: it registers through napi_register_module_v1 and names no V8 or Node C++ symbol, so it
  // loads unchanged in Electron's Node (the ABI Node-API keeps stable) on every platform it was built for.
  for (const file of shipped.files.filter((name) => /better-sqlite3\/prebuilds\/.*\.node$/.test(name))) {
    const binary = readFileSync(join(shipped.appDir, file)).toString('latin1');
    assert.ok(binary.includes('napi_register_module_v1'), `${file} is a Node-API module`);
    assert.ok(!/_ZN2v8|_ZN4node|\?\?.*@v8@@/.test(binary), `${file} uses no V8 or Node C++ API`);
  }
  // And the shipped one loads and works (here in Node; Electron's Node has the same Node-API).
  const Database = createRequire(join(shipped.appDir, 'package.json'))('better-sqlite3') as new (
    file: string,
  ) => { prepare(sql: string): { get(): unknown }; close(): void };
  const db = new Database(':memory:');
  assert.deepEqual(db.prepare('select 1 as one').get(), { one: 1 });
  db.close();
});

test('the main bundle carries the installer’s appId for Windows (AppUserModelID)', () => {
  const appId = (load(readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8')) as { appId: string })
    .appId;
  assert.ok(readFileSync(join(builtDist, 'main', 'index.cjs'), 'utf8').includes(JSON.stringify(appId)));
});

test('no test, benchmark, source map or TypeScript source ships', () => {
  const offending = shipped.files.filter(
    (file) =>
      /\.(?:[cm]?ts|tsx|map)$/.test(file) ||
      /\.(?:test|spec|bench)\.[cm]?[jt]sx?$/.test(file) ||
      /(?:^|\/)(?:e2e|bench|__tests__|tests?)\//.test(file) ||
      /^(?:main|renderer|shared|emulator|scripts|build)\//.test(file),
  );
  assert.deepEqual(offending, []);
});

test('the packaged emulator starts from the package and prints its ready line', async () => {
  const child = spawn(
    process.execPath,
    [
      join(shipped.appDir, 'dist/emulator/cli.mjs'),
      '--seed',
      'empty',
      '--port',
      '0',
      '--data',
      join(work, 'emulator.sqlite'),
      '--exit-with-stdin',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], cwd: work },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the packaged emulator ended (${code}): ${stderr}`)));
    });
    const ready = JSON.parse(line) as { processBaseUrl: string };
    assert.match(ready.processBaseUrl, /^http:\/\/127\.0\.0\.1:\d+/);
  } finally {
    child.stdin.end();
    child.kill();
  }
});

test('the packaged sync worker runs from the package and pulls a pinned view (better-sqlite3 from the package too)', async () => {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  try {
    const dbFile = join(work, 'worker-cache.db');
    const { db } = await openDatabase(dbFile, migrations, createMemoryLogger());
    addPin(db, { facet: 'processes', view: 'processList', culture: 1033 });
    setSyncWorkerLocation(join(shipped.appDir, 'dist/main/sync-worker.mjs'));
    const result = await pullInWorker(
      {
        dbFile,
        schemaVersion: LATEST_SCHEMA,
        connection: connectionOf(emulator),
        env: {},
      },
      { culture: 1033 },
    );
    assert.equal(result.pins.length, 1);
    db.close();
  } finally {
    await emulator.close();
  }
});
