/**
 * The review shows only changes a person made (issue 39, item 2), checked on
 * every diagram of the real-world corpus through a real bpmn-js: each file is
 * imported into the Modeler users get (createLanesModeler, in Chromium) and
 * saved with saveXML. Then, in Node:
 * - the plain save (no edit) is no change for main's change lists
 *   (changesBetween, the conflict view's facts and other properties of every
 *   element) nor for Compare versions (diffBpmn);
 * - a save after renaming one element with an external label (an event, a
 *   gateway: bpmn-js re-centres the label) and one task (bpmn-js writes an
 *   empty label) shows exactly those two changes, each of the name only.
 * Files bpmn-js cannot import at all are skipped and counted, never silently.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright';
import { parseBpmn, type BpmnDocument } from '../main/bpmn/bpmn-items.ts';
import { compareElements } from '../main/bpmn/element-facts.ts';
import { changesBetween } from '../main/bpmn/three-way-merge.ts';
import { diffBpmn } from '../renderer/compare/bpmn-diff.ts';
import { launchChromium } from './harness/chromium.ts';
import { corpusAvailable, corpusDir } from './harness/fidelity-corpus.ts';
import { serveRendererOverHttp } from './harness/static-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const skip = corpusAvailable() ? false : `the BPMN corpus is not at ${corpusDir}`;
/** Files per page evaluation: one trip to the page for many diagrams. */
const BATCH = 25;
const NEW_NAME = 'Renamed in the review test, longer than any name before';

interface Saved {
  /** The plain save, or why bpmn-js could not import the file. */
  plain?: string;
  error?: string;
  /** The save after renaming `renamed` (ids), when the diagram draws something to rename. */
  edited?: string;
  renamed: string[];
}

interface PageGlobals {
  __saveAll(xmls: string[], name: string): Promise<Saved[]>;
}

describe('the review counts only real changes, on the whole corpus', { skip }, () => {
  let browser: Browser;
  let page: Page;
  let server: { url: string; close(): Promise<void> };
  let bundleDir: string;

  before(async () => {
    bundleDir = mkdtempSync(join(tmpdir(), 'lanes-review-changes-'));
    await build({
      stdin: {
        contents: `
          import { createLanesModeler } from './renderer/modeler/canvas/create-modeler.ts';
          const save = async (modeler) => (await modeler.saveXML({ format: true })).xml;
          /** One import and plain save, then (on a fresh import) the renames as direct editing makes them. */
          async function saveOne(xml, name) {
            const container = document.createElement('div');
            document.body.append(container);
            const modeler = createLanesModeler({ container, readOnly: false });
            try {
              await modeler.importXML(xml);
              const plain = await save(modeler);
              const shapes = modeler.get('elementRegistry').filter((e) => e.parent && e.type !== 'label' && e.businessObject);
              const labelled = shapes.find((e) => e.label && !e.waypoints && !/Annotation/.test(e.type));
              const task = shapes.find((e) => e.type === 'bpmn:Task');
              const renamed = [labelled, task].filter(Boolean);
              for (const element of renamed) modeler.get('modeling').updateLabel(element, name);
              return {
                plain,
                edited: renamed.length > 0 ? await save(modeler) : undefined,
                renamed: renamed.map((e) => e.id),
              };
            } catch (error) {
              return { error: String(error?.message ?? error), renamed: [] };
            } finally {
              modeler.destroy();
              container.remove();
            }
          }
          globalThis.__saveAll = async (xmls, name) => {
            const out = [];
            for (const xml of xmls) out.push(await saveOne(xml, name));
            return out;
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
    server = await serveRendererOverHttp(bundleDir, { '/review/': bundleDir });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(new URL('/review/index.html', server.url).href);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  /** Every element id of the version, semantic ones (their drawings are compared with them). */
  const elementIds = (doc: BpmnDocument): Map<string, boolean> =>
    new Map(
      [...doc.items.values()]
        .filter((item) => item.kind === 'semantic' && typeof item.element.id === 'string')
        .map((item) => [item.key, false]),
    );

  /** What main's change list, the conflict view's table and Compare versions say changed. */
  async function reported(originalXml: string, original: BpmnDocument, savedXml: string) {
    const saved = await parseBpmn(savedXml);
    const ids = new Map([...elementIds(original), ...elementIds(saved)]);
    return {
      changes: changesBetween(original, saved, 'mine').map((change) => `${change.kind} ${change.id}`),
      elements: compareElements(original, saved, original, ids).map((element) => ({
        id: element.id,
        changed: element.changed.mine,
        other: element.otherChanges.mine,
      })),
      diff: (await diffBpmn(originalXml, savedXml)).map((change) =>
        `${change.kind} ${change.id} ${change.attributes.join(',')}`.trim(),
      ),
    };
  }

  test(
    'a save without edits shows no change; a rename shows exactly the name',
    { timeout: 600_000 },
    async (t) => {
      const files = readdirSync(corpusDir)
        .filter((name) => name.endsWith('.bpmn'))
        .sort();
      const problems: string[] = [];
      const skipped: string[] = [];
      let plainChecked = 0;
      let renameChecked = 0;
      for (let start = 0; start < files.length; start += BATCH) {
        const batch = files.slice(start, start + BATCH);
        const xmls = batch.map((file) => readFileSync(join(corpusDir, file), 'utf8'));
        const saves = await page.evaluate(
          ([list, name]) => (globalThis as unknown as PageGlobals).__saveAll(list, name),
          [xmls, NEW_NAME] as const,
        );
        for (const [i, file] of batch.entries()) {
          const save = saves[i]!;
          if (save.plain === undefined) {
            skipped.push(`${file}: ${save.error}`);
            continue;
          }
          const original = await parseBpmn(xmls[i]!);
          const plain = await reported(xmls[i]!, original, save.plain);
          plainChecked++;
          if (plain.changes.length + plain.elements.length + plain.diff.length > 0)
            problems.push(`${file} plain save: ${JSON.stringify(plain)}`);
          if (save.edited === undefined) continue;
          const edited = await reported(xmls[i]!, original, save.edited);
          renameChecked++;
          const expected = {
            changes: save.renamed.map((id) => `changed ${id}`).sort(),
            elements: save.renamed.map((id) => ({ id, changed: ['name'], other: [] })),
            diff: save.renamed.map((id) => `changed ${id} name`).sort(),
          };
          const got = {
            changes: [...edited.changes].sort(),
            elements: [...edited.elements].sort(
              (a, b) => save.renamed.indexOf(a.id) - save.renamed.indexOf(b.id),
            ),
            diff: [...edited.diff].sort(),
          };
          if (JSON.stringify(got) !== JSON.stringify(expected))
            problems.push(`${file} renamed ${save.renamed.join(', ')}: ${JSON.stringify(got)}`);
        }
      }
      t.diagnostic(
        `${files.length} corpus files: ${plainChecked} saved without edits, ${renameChecked} saved with renames, ` +
          `${skipped.length} skipped (bpmn-js could not import them)`,
      );
      for (const line of skipped) t.diagnostic(`skipped ${line}`);
      assert.deepEqual(problems.slice(0, 20), [], `${problems.length} file(s) show changes nobody made`);
      assert.equal(plainChecked + skipped.length, files.length);
      assert.ok(plainChecked >= 700, `the whole corpus was checked (${plainChecked} of ${files.length})`);
    },
  );
});
