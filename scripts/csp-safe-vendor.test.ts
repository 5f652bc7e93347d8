import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { withoutStyleAttributes } from './csp-safe-vendor.ts';

test('the installed properties panel loses its one style attribute and has no other', () => {
  const file = createRequire(import.meta.url)
    .resolve('bpmn-js-properties-panel')
    .replace(/index\.js$/, 'index.esm.js');
  const source = readFileSync(file, 'utf8');
  assert.match(source, /<div style="height: 100%"/, 'the library still writes it (else drop the plugin)');
  assert.doesNotMatch(withoutStyleAttributes(source, file), /style="/);
});

test('a new style attribute in the library fails the build', () => {
  assert.throws(
    () => withoutStyleAttributes(`domify('<span style="color: red">')`, 'lib.js'),
    /csp-safe-vendor/,
  );
});

test("the colour picker's swatch style becomes the presentation attribute and nothing else is left", () => {
  const file = createRequire(import.meta.url).resolve('bpmn-js-color-picker/colors/ColorPopupProvider.js');
  const source = readFileSync(file, 'utf8');
  assert.match(source, /style="stroke-width:2"/, 'the library still writes it (else drop the rule)');
  const cleaned = withoutStyleAttributes(source, file);
  assert.doesNotMatch(cleaned, /style="/);
  assert.match(cleaned, /stroke-width="2"/);
});
