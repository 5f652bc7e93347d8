import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assemble, generatedModule, generatedPath, WAT_SOURCES } from './wasm.ts';

const root = join(import.meta.dirname, '..');

test('each WebAssembly module the app runs is its source as written (npm run wasm writes it)', async () => {
  for (const source of WAT_SOURCES) {
    const written = await readFile(join(root, generatedPath(source)), 'utf8');
    assert.equal(
      written,
      generatedModule(source, await assemble(source)),
      `${generatedPath(source)} is not ${source} assembled: run \`npm run wasm\``,
    );
  }
});
