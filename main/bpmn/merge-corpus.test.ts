/**
 * The merge's guarantees on every diagram of ../shared/corpora (hand-drawn
 * diagrams from many tools and bpmn.io's fixtures with colours, extensions,
 * DI variants and broken files) and on an enriched variant of each: a no-op
 * merge is clean and changes nothing; my rename plus their move merges with
 * exactly both; an extension value changed on my side is kept; the same
 * element renamed differently on both sides is a conflict.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseBpmn } from './bpmn-items.ts';
import { mergeBpmn } from './three-way-merge.ts';
import {
  changeExtensionValueInText,
  checkMerge,
  corporaDir,
  corpusFiles,
  editTargets,
  enrichedVariant,
  firstWithExtension,
  moveInText,
  semanticDifference,
  failedChecks,
} from './merge-corpus.test-support.ts';

const files = corpusFiles();
const skip = files.length === 0 ? `no corpus at ${corporaDir}` : false;

/** Documents bpmn-moddle cannot read as BPMN definitions: the merge must refuse them with an error, not crash. */
async function readable(xml: string): Promise<boolean> {
  try {
    const doc = await parseBpmn(xml);
    return doc.definitions.$type === 'bpmn:Definitions';
  } catch {
    return false;
  }
}

test(
  'every corpus diagram and its enriched variant merge as promised',
  { skip, timeout: 600_000 },
  async (t) => {
    const problems: string[] = [];
    let checked = 0;
    let variants = 0;
    let refused = 0;
    for (const file of files) {
      const label = file.slice(corporaDir.length + 1);
      const xml = readFileSync(file, 'utf8');
      if (!(await readable(xml))) {
        await assert.rejects(mergeBpmn(xml, xml, xml), `${label} is refused, not merged`);
        refused++;
        continue;
      }
      problems.push(...failedChecks(label, await checkMerge(xml)));
      checked++;
      const variant = await enrichedVariant(xml);
      if (!variant) continue;
      variants++;
      problems.push(...failedChecks(`${label} (enriched)`, await checkMerge(variant)));
      problems.push(...(await extensionKept(`${label} (enriched)`, variant)));
    }
    t.diagnostic(
      `${checked} diagrams and ${variants} enriched variants checked; ${refused} unreadable files refused`,
    );
    assert.deepEqual(problems, []);
    assert.ok(checked > 800, `the corpora hold the diagrams this test is about (${checked})`);
  },
);

/** An extension value changed on my side only survives a merge with their move (it was silently dropped once). */
async function extensionKept(label: string, xml: string): Promise<string[]> {
  const doc = await parseBpmn(xml);
  const element = firstWithExtension(doc);
  const targets = editTargets(doc);
  if (!element || !targets) return [];
  const id = String(element.id);
  const mine = changeExtensionValueInText(xml, id);
  const theirs = moveInText(xml, targets.move === id ? targets.rename : targets.move, 40);
  const merged = await mergeBpmn(xml, mine, theirs);
  if (!merged.clean) return [`${label} extension: conflict`];
  const result = await parseBpmn(merged.xml);
  const mineDoc = await parseBpmn(mine);
  return result.items.get(id)?.snapshot === mineDoc.items.get(id)?.snapshot
    ? []
    : [`${label} extension: my value of ${id} was not kept`];
}

test('the merge of the largest corpus diagram is fast', { skip }, async (t) => {
  const largest = files
    .map((file) => ({ file, xml: readFileSync(file, 'utf8') }))
    .sort((a, b) => b.xml.length - a.xml.length)[0]!;
  const doc = await parseBpmn(largest.xml);
  const targets = editTargets(doc)!;
  const theirs = moveInText(largest.xml, targets.move, 40);
  const started = performance.now();
  const result = await mergeBpmn(largest.xml, largest.xml, theirs);
  const ms = performance.now() - started;
  assert.ok(result.clean);
  assert.deepEqual(semanticDifference(await parseBpmn(result.xml), await parseBpmn(theirs)), []);
  t.diagnostic(
    `merge of ${basename(largest.file)} (${largest.xml.length} bytes, ${doc.items.size} items): ${ms.toFixed(0)} ms`,
  );
});
