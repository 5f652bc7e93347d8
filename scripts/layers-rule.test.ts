import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { ESLint } from 'eslint';
import { checkDeclaration, findCycle, type LayerGroup } from '../eslint-rules/layers.js';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Lints a one-line module as if it lived at `path`, with the repository's own configuration. */
async function layerErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === 'lanes/layers').map((m) => m.message);
}

/** The groups of main/ as the repository's configuration hands them to the rule. */
const mainConfig = await eslint.calculateConfigForFile(join(root, 'main/x.ts'));
const [, { groups: mainLayers }] = mainConfig.rules['lanes/layers'] as [unknown, { groups: LayerGroup[] }];
const groupOf = (folder: string): string | undefined =>
  mainLayers.find((g) => g.folders.includes(folder))?.name;

test('main/: imports run down the declared groups', async () => {
  assert.deepEqual(await layerErrors('main/editor/x.ts', "export { Db } from '../cache/database.ts';"), []);
  assert.deepEqual(await layerErrors('main/editor/x.ts', "import './local.ts';"), []);
  // A planted upward import: the cache (platform) reaching the editor (features).
  const [upward] = await layerErrors(
    'main/cache/x.ts',
    "import { a } from '../editor/open-document.ts';\nexport { a };",
  );
  assert.equal(upward?.startsWith('"cache" (platform) must not import "editor" (features)'), true, upward);
  // The message lists the groups top down, so a reader sees where each folder stands.
  assert.match(upward!, /Groups of main\/, top down: shell \(electron, app, ipc, cli\) → features \(/);
  // Upward inside the lower groups too: log (ground) may not reach api (infrastructure).
  const [groundUp] = await layerErrors('main/log/x.ts', "export * from '../api/http/http-client.ts';");
  assert.match(groundUp!, /"log" \(ground\) must not import "api" \(infrastructure\)/);
});

test('main/: inside a group only what the allow-list names', async () => {
  // On the allow-list: reports builds on translation's coverage counts.
  assert.equal(groupOf('reports'), groupOf('translation'));
  assert.deepEqual(await layerErrors('main/reports/x.ts', "export * from '../translation/coverage.ts';"), []);
  // A planted sideways import between two features the allow-list does not name.
  assert.equal(groupOf('editor'), groupOf('workspace'));
  const [sideways] = await layerErrors('main/editor/x.ts', "export * from '../workspace/listing.ts';");
  assert.match(sideways!, /"editor" and "workspace" are side by side in features/);
  // The allow-list runs one way: translation may not use reports back.
  const [back] = await layerErrors('main/translation/x.ts', "export * from '../reports/reports-service.ts';");
  assert.match(back!, /"translation" and "reports" are side by side in features/);
  // Sideways in the platform as well: the cache never reaches sync.
  const [platform] = await layerErrors('main/cache/x.ts', "export * from '../sync/outbox-store.ts';");
  assert.match(platform!, /"cache" and "sync" are side by side in platform/);
});

test('main/: every folder is declared, in exactly one group', async () => {
  const [undeclared] = await layerErrors('main/newfolder/x.ts', "export * from '../base/json-file.ts';");
  assert.match(undeclared!, /"newfolder" of main\/ is in no group/);
  const onDisk = readdirSync(join(root, 'main'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const declared = mainLayers.flatMap((g) => g.folders).sort();
  assert.deepEqual(declared, onDisk);
});

test('tests may compose across layers', async () => {
  assert.deepEqual(await layerErrors('main/cache/x.test.ts', "export * from '../sync/outbox-store.ts';"), []);
});

test('a declaration whose allow-lists run in a circle, or leave their group, is refused', () => {
  assert.doesNotThrow(() => checkDeclaration('main', mainLayers));
  const circle = [{ name: 'features', folders: ['a', 'b', 'c'], allow: { a: ['b'], b: ['c'], c: ['a'] } }];
  assert.throws(() => checkDeclaration('x', circle), /run in a circle: a → b → c → a/);
  const across = [
    { name: 'top', folders: ['a'], allow: { a: ['b'] } },
    { name: 'bottom', folders: ['b'] },
  ];
  assert.throws(() => checkDeclaration('x', across), /names "b", which is not a folder of top/);
});

/** The folders of main/ and which others their modules import (tests and their support files left out, as lint does). */
function folderGraph(): Map<string, Set<string>> {
  const mainDir = join(root, 'main');
  const graph = new Map<string, Set<string>>();
  const folderOf = (file: string): string | undefined => {
    const parts = relative(mainDir, file).split(sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
  };
  for (const entry of readdirSync(mainDir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !file.endsWith('.ts') || /\.test(-support)?\.ts$/.test(file)) continue;
    const from = folderOf(file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = folderOf(normalize(join(dirname(file), spec!)));
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

test('main/: the folders import each other in no cycle', () => {
  const graph = folderGraph();
  // The census sees real imports: the sync service pulls through the sync worker, the editor uses the cache.
  assert.equal(graph.get('sync')?.has('cache'), true);
  assert.equal(graph.get('reports')?.has('translation'), true);
  assert.equal(
    findCycle([...graph.keys()], (f: string) => [...(graph.get(f) ?? [])]),
    undefined,
  );
  // and the finder does find one when there is one
  const planted = new Map([...graph].map(([f, to]) => [f, new Set(to)]));
  planted.get('cache')!.add('sync');
  assert.deepEqual(
    findCycle(['sync'], (f: string) => [...(planted.get(f) ?? [])]),
    ['sync', 'cache', 'sync'],
  );
});
