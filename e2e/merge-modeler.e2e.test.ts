/**
 * The merge's promises when "mine" is what Lanes' own Modeler saved: each
 * diagram (every fourth of the corpora, and the enriched variant of each)
 * is imported into the Modeler configuration users get (createLanesModeler),
 * one element is renamed the way direct editing does (modeling.updateLabel),
 * and bpmn-js writes it out. What bpmn-js itself changes on a plain save
 * (dropped xsi:type, layout of elements it cannot draw, diagrams it adds for
 * collapsed sub-processes) is measured first and must merge cleanly too; on
 * top of it, the merge must show exactly my rename and their move.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright';
import { parseBpmn } from '../main/bpmn/bpmn-items.ts';
import {
  checkMerge,
  corporaDir,
  corpusFiles,
  enrichedVariant,
  semanticDifference,
  failedChecks,
} from '../main/bpmn/merge-corpus.test-support.ts';
import { mergeBpmn } from '../main/bpmn/three-way-merge.ts';
import { launchChromium } from './harness/chromium.ts';
import { serveRendererOverHttp } from './harness/static-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = corpusFiles().filter((_, index) => index % 4 === 0);
const skip = files.length === 0 ? `no corpus at ${corporaDir}` : false;

interface PageGlobals {
  /** Imports, renames `id` (when given and drawn) and saves; null when the element is not drawn. */
  __saveWithModeler(xml: string, id: string | null, name: string): Promise<string | null>;
}

let browser: Browser;
let page: Page;
let server: { url: string; close(): Promise<void> };
let bundleDir: string;

before(async () => {
  if (skip) return;
  bundleDir = mkdtempSync(join(tmpdir(), 'lanes-merge-modeler-'));
  await build({
    stdin: {
      contents: `
        import { createLanesModeler } from './renderer/modeler/canvas/create-modeler.ts';
        globalThis.__saveWithModeler = async (xml, id, name) => {
          const container = document.createElement('div');
          document.body.append(container);
          const modeler = createLanesModeler({ container, readOnly: false });
          try {
            await modeler.importXML(xml);
            if (id !== null) {
              const element = modeler.get('elementRegistry').get(id);
              if (!element) return null;
              modeler.get('modeling').updateLabel(element, name);
            }
            return (await modeler.saveXML({ format: true })).xml;
          } finally {
            modeler.destroy();
            container.remove();
          }
        };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome130',
    loader: { '.css': 'empty' },
    outfile: join(bundleDir, 'modeler.js'),
    logLevel: 'warning',
  });
  writeFileSync(
    join(bundleDir, 'index.html'),
    '<!doctype html><html><head><script src="modeler.js"></script></head><body></body></html>',
  );
  server = await serveRendererOverHttp(join(root, 'dist/renderer'), { '/merge/': bundleDir });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(new URL('/merge/index.html', server.url).href);
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

async function saveWithModeler(xml: string, id: string | null, name = ''): Promise<string | undefined> {
  const saved = await page.evaluate(
    ([x, i, n]) => (globalThis as unknown as PageGlobals).__saveWithModeler(x, i, n),
    [xml, id, name] as const,
  );
  return saved ?? undefined;
}

/** bpmn-js could not import it at all: nothing the Modeler saves to merge. */
async function modelerSave(xml: string): Promise<string | undefined> {
  try {
    return await saveWithModeler(xml, null);
  } catch {
    return undefined;
  }
}

test(
  'edits saved by Lanes’ Modeler merge with their move: exactly both changes',
  { skip, timeout: 900_000 },
  async (t) => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of files) {
      const original = readFileSync(file, 'utf8');
      const variant = await enrichedVariant(original).catch(() => undefined);
      for (const [label, xml] of [
        [file.slice(corporaDir.length + 1), original],
        ...(variant ? [[`${file.slice(corporaDir.length + 1)} (enriched)`, variant]] : []),
      ] as const) {
        const plainSave = await modelerSave(xml);
        if (plainSave === undefined) continue;
        checked++;
        // A save without edits: bpmn-js's own changes merge cleanly into an unchanged server copy.
        const untouched = await mergeBpmn(xml, plainSave, xml);
        if (!untouched.clean) problems.push(`${label} plain save: conflict`);
        else if (semanticDifference(await parseBpmn(untouched.xml), await parseBpmn(plainSave)).length > 0)
          problems.push(`${label} plain save: merged result differs from what the Modeler saved`);
        const noise = new Set(semanticDifference(await parseBpmn(plainSave), await parseBpmn(xml)));
        const check = await checkMerge(
          xml,
          (x, targets, name) => saveWithModeler(x, targets.rename, name),
          noise,
        );
        problems.push(...failedChecks(label, check));
      }
    }
    t.diagnostic(`${checked} diagrams saved by the Modeler and merged`);
    assert.deepEqual(problems, []);
    assert.ok(checked > 200, `enough diagrams were checked (${checked})`);
  },
);
