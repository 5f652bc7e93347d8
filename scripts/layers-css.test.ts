/**
 * The renderer's one stacking order (renderer/styles/layers.css): every
 * z-index in renderer/ names a declared layer, none sets a number of its own,
 * and the layers stand in the order they are declared in. A raw number would
 * start a second order beside the declared one, which is how a notice came to
 * cover the toolbar's menu.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const renderer = join(root, 'renderer');
const declaration = join(renderer, 'styles', 'layers.css');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(css|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Comments out of the way, so a comment that mentions z-index is not read as one. */
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '');

/** The declared layers in their order: `--layer-name: N` in :root. */
function declaredLayers(): Array<{ name: string; value: number }> {
  return [
    ...withoutComments(readFileSync(declaration, 'utf8')).matchAll(/(--layer-[\w-]+)\s*:\s*(\d+)\s*;/g),
  ].map(([, name, value]) => ({ name: name!, value: Number(value) }));
}

/** Every z-index a file sets (CSS `z-index:`, or a style's `zIndex`/`z-index` from script), as written. */
function zIndexValues(text: string): string[] {
  const css = [...withoutComments(text).matchAll(/z-index\s*:\s*([^;}\n]+)/g)].map(([, value]) =>
    value!.trim(),
  );
  const script = [...text.matchAll(/\bzIndex\s*[=:]\s*([^;,\n}]+)/g)].map(([, value]) => value!.trim());
  return [...css, ...script];
}

test('the layers are declared once, each above the one before', () => {
  const layers = declaredLayers();
  assert.ok(layers.length >= 5, `layers declared: ${layers.map((l) => l.name).join(', ')}`);
  assert.equal(new Set(layers.map((l) => l.name)).size, layers.length, 'no layer declared twice');
  for (let i = 1; i < layers.length; i++)
    assert.ok(
      layers[i]!.value > layers[i - 1]!.value,
      `${layers[i]!.name} stands above ${layers[i - 1]!.name}`,
    );
  for (const file of sources(renderer).filter((path) => path !== declaration))
    assert.doesNotMatch(
      withoutComments(readFileSync(file, 'utf8')),
      /--layer-[\w-]+\s*:/,
      `${relative(root, file)} declares a layer; layers are declared in renderer/styles/layers.css only`,
    );
});

test('every z-index in renderer/ names a declared layer, none is a number', () => {
  const names = new Set(declaredLayers().map((l) => l.name));
  const wrong: string[] = [];
  let used = 0;
  for (const file of sources(renderer)) {
    for (const value of zIndexValues(readFileSync(file, 'utf8'))) {
      used++;
      const layer = /^var\((--layer-[\w-]+)\)(\s*!important)?$/.exec(value)?.[1];
      if (!layer || !names.has(layer)) wrong.push(`${relative(root, file)}: z-index ${value}`);
    }
  }
  assert.ok(used >= 8, `the renderer's z-indexes were found (${used})`);
  assert.deepEqual(wrong, [], 'use a layer of renderer/styles/layers.css, e.g. z-index: var(--layer-popup)');
});

test('the check finds a raw number, in CSS and from script', () => {
  assert.deepEqual(zIndexValues('.a { z-index: 20; }'), ['20']);
  assert.deepEqual(zIndexValues('.a { position: absolute; z-index:var(--layer-popup) }'), [
    'var(--layer-popup)',
  ]);
  assert.deepEqual(zIndexValues('/* z-index: 3 */ .a { color: red; }'), []);
  assert.deepEqual(zIndexValues("element.style.zIndex = '9';"), ["'9'"]);
});
