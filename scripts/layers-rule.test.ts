import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Lints a one-line module as if it lived at `path`, with the repository's own configuration. */
async function layerErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === 'lanes/layers').map((m) => m.message);
}

test('main/: imports run downward through the declared layers', async () => {
  assert.deepEqual(await layerErrors('main/editor/x.ts', "export { Db } from '../cache/database.ts';"), []);
  assert.deepEqual(await layerErrors('main/editor/x.ts', "import './local.ts';"), []);
  const [upward] = await layerErrors(
    'main/cache/x.ts',
    "import { a } from '../sync/outbox-store.ts';\nexport { a };",
  );
  // Tiers count from the top of the declared list (1 = electron), which the message lists.
  const order = (upward ?? '').split('top down: ')[1]?.replace(/\.$/, '').split(' → ') ?? [];
  const tier = (folder: string): number => order.findIndex((names) => names.split(', ').includes(folder)) + 1;
  assert.ok(tier('cache') > tier('sync') && tier('sync') > 1, upward);
  assert.ok(
    upward?.includes(`"cache" (tier ${tier('cache')}) must not import "sync" (tier ${tier('sync')})`),
    upward,
  );
  const [sideways] = await layerErrors('main/editor/x.ts', "export * from '../workspace/listing.ts';");
  assert.match(sideways!, /side by side/);
  const [undeclared] = await layerErrors('main/newfolder/x.ts', "export * from '../base/json-file.ts';");
  assert.match(undeclared!, /"newfolder" of main\/ is in no layer/);
});

test('tests may compose across layers', async () => {
  assert.deepEqual(await layerErrors('main/cache/x.test.ts', "export * from '../sync/outbox-store.ts';"), []);
});
