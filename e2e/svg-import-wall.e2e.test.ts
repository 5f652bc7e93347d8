/**
 * The renderer's own wall against a hostile server SVG (renderer/diagram/svg-import.ts),
 * run in real Chromium on input main's sanitiser would never let through: the
 * second wall must hold by itself. Consecutive dropped siblings and several
 * unsafe attributes on one element are the cases an in-place walk could skip.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let bundleDir: string;
let harness: LanesHarness;

interface WallResult {
  ok: boolean;
  removed?: number;
  markup?: string;
  reason?: string;
}

before(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), 'lanes-svg-wall-'));
  await build({
    stdin: {
      contents: `import { importServerSvg } from './renderer/diagram/svg-import.ts';
        globalThis.__svgWall = (text) => {
          const result = importServerSvg(text);
          return result.ok
            ? { ok: true, removed: result.removed, markup: new XMLSerializer().serializeToString(result.svg) }
            : { ok: false, reason: result.reason };
        };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome130',
    outfile: join(bundleDir, 'svg-wall.js'),
    logLevel: 'warning',
  });
  harness = await startLanesHarness({ extraAssets: { '/svg-wall/': bundleDir } });
  await harness.page.addScriptTag({ url: '/svg-wall/svg-wall.js' });
});
after(async () => {
  await harness?.close();
  rmSync(bundleDir, { recursive: true, force: true });
});

async function wall(text: string): Promise<WallResult> {
  return harness.page.evaluate(
    (input) => (globalThis as unknown as { __svgWall(t: string): WallResult }).__svgWall(input),
    text,
  );
}

test('every script, foreign element and unsafe attribute is removed, and counted, however they are grouped', async () => {
  const hostile = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x" viewBox="0 0 10 10" onload="a()">
    <script>a()</script><script>b()</script><foreignObject><div>c</div></foreignObject>
    <g onclick="d()" onmouseover="e()" style="fill:red" id="kept-group">
      <rect id="kept-rect" width="5" height="5" fill="url(https://evil.example/x)" onfocus="f()"/>
      <rect fill="url(https://evil.example/a)" stroke="url(https://evil.example/b)" mask="url(https://evil.example/c)"/>
      <x:thing/><use href="#kept-rect"/><image href="https://evil.example/i.png"/>
      <a href="javascript:g()"><text id="kept-text">label</text></a>
    </g>
    <style>*{}</style><animate attributeName="x"/>
  </svg>`;
  const result = await wall(hostile);
  assert.equal(result.ok, true);
  const markup = result.markup!;
  for (const gone of [
    /<script/,
    /foreignObject/i,
    /<style/,
    /<animate/,
    /<use/,
    /<image/,
    /x:thing|urn:x"?\s*\/?>/,
  ])
    assert.doesNotMatch(markup, gone);
  // defuse-markup.ts renames handlers and style attributes before parsing: inert data-defused-* is left.
  assert.doesNotMatch(markup, /\son[a-z]+=|\sstyle=|javascript:|evil\.example/);
  for (const kept of ['kept-group', 'kept-rect', 'kept-text', 'label'])
    assert.match(markup, new RegExp(kept));
  // 2 scripts, foreignObject; the foreign fill, the three foreign urls; x:thing, use, image;
  // the javascript: href; style, animate.
  assert.equal(result.removed, 13);
});

test('a harmless rendering passes unchanged in substance, nothing counted', async () => {
  const result = await wall(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g class="pz-shape"><rect width="4" height="4" fill="url(#grad)"/><text>t</text></g></svg>`,
  );
  assert.equal(result.ok, true);
  assert.equal(result.removed, 0);
  assert.match(result.markup!, /fill="url\(#grad\)"/);
});
