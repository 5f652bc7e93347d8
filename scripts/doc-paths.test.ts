/**
 * Every file the README and docs/ name exists, and every link inside them lands: a moved or renamed file
 * fails here instead of leaving the documentation pointing at nothing.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { documentedPaths, headingAnchors } from './doc-paths.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

test('every repository path the README and docs/ name exists', () => {
  const missing: string[] = [];
  for (const document of documents) {
    const text = readFileSync(join(root, document), 'utf8');
    for (const reference of documentedPaths(text, document)) {
      if (reference.kind === 'anchor') continue;
      if (!existsSync(join(root, reference.path))) missing.push(`${document}: ${reference.written}`);
    }
  }
  assert.deepEqual(missing, [], 'named in the documentation but not in the repository');
});

test('every in-page link of the README and docs/ names a heading of its document', () => {
  const broken: string[] = [];
  for (const document of documents) {
    const text = readFileSync(join(root, document), 'utf8');
    const anchors = headingAnchors(text);
    for (const reference of documentedPaths(text, document)) {
      if (reference.kind !== 'anchor') continue;
      const target = reference.path === document ? anchors : headingAnchors(readTarget(reference.path));
      if (!target.has(reference.anchor)) broken.push(`${document}: ${reference.written}`);
    }
  }
  assert.deepEqual(broken, [], 'links to headings that do not exist');
});

test('the checker itself notices a missing path, a broken link and a missing heading', () => {
  const text = [
    'See `main/no-such-folder/gone.ts` and [the spec](docs/not-there.md).',
    'Also [a section](#no-such-heading) and `renderer/` and `../shared/service-api.md`.',
    '## A real heading',
    '[fine](#a-real-heading)',
  ].join('\n');
  const references = documentedPaths(text, 'README.md');
  const files = references.filter((r) => r.kind === 'file').map((r) => r.path);
  assert.deepEqual(files, ['main/no-such-folder/gone.ts', 'docs/not-there.md', 'renderer/']);
  const anchors = references.filter((r) => r.kind === 'anchor').map((r) => r.anchor);
  assert.deepEqual(anchors, ['no-such-heading', 'a-real-heading']);
  assert.equal(headingAnchors(text).has('no-such-heading'), false);
  assert.equal(headingAnchors(text).has('a-real-heading'), true);
  assert.equal(existsSync(join(root, 'main/no-such-folder/gone.ts')), false);
});

function readTarget(path: string): string {
  const full = join(root, path);
  return existsSync(full) ? readFileSync(full, 'utf8') : '';
}
