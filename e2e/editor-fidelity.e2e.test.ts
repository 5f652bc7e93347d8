/**
 * Round-trip fidelity through the real app: each selected corpus file is
 * opened with the editor's "Open .bpmn file" (scripted dialog → files.openBpmn
 * → bpmn-js import), saved with "Save as…" to a temp file, and compared with
 * what went in (bpmn-fidelity.ts). Nothing the service would keep may be lost.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { compareBpmn, fidelityFeatures, type FidelityFeature } from './harness/bpmn-fidelity.ts';
import {
  corpusAvailable,
  corpusDir,
  selectCorpus,
  withVendorExtras,
  type CorpusFeature,
} from './harness/fidelity-corpus.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';

const skip = corpusAvailable() ? false : `the BPMN corpus is not at ${corpusDir}`;

/**
 * Files left out on purpose, with the reason. A file belongs here only when
 * bpmn-js itself cannot carry it (the comparator is never loosened instead).
 */
const excluded: Record<string, string> = {};

/** The corpus has no boundary events and no extension elements: these get them added (see withVendorExtras). */
const enrichedSources = ['ex02_writer0028.bpmn', 'ex07_writer0000.bpmn', 'ex08_writer0001.bpmn'];

interface Case {
  label: string;
  xml: string;
  features: (CorpusFeature | 'boundaryEvents' | 'extensionElements')[];
}

describe('editor round-trip fidelity on the BPMN corpus', { skip }, () => {
  let harness: LanesHarness;
  let page: Page;
  let workDir: string;
  const cases: Case[] = [];
  const totals = Object.fromEntries(fidelityFeatures.map((f) => [f, 0])) as Record<FidelityFeature, number>;

  before(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'lanes-fidelity-'));
    for (const pick of selectCorpus()) {
      if (excluded[pick.file]) continue;
      cases.push({
        label: pick.file,
        xml: readFileSync(join(corpusDir, pick.file), 'utf8'),
        features: pick.features,
      });
    }
    for (const file of enrichedSources) {
      const xml = await withVendorExtras(readFileSync(join(corpusDir, file), 'utf8'));
      assert.ok(xml, `${file} has a task with a shape to enrich`);
      cases.push({
        label: `${file} + boundary event + vendor extensions`,
        xml,
        features: ['boundaryEvents', 'extensionElements'],
      });
    }
    for (const entry of cases)
      console.log(`selected ${entry.label}: ${entry.features.join(', ') || 'plain process'}`);
    harness = await startLanesHarness();
    page = harness.page;
    await page.locator('lanes-app .shell').waitFor();
  });
  after(async () => {
    await harness?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** Open through the app, wait for the import, save as a new file, return what was written. */
  async function roundTrip(name: string, xml: string): Promise<string> {
    const source = join(workDir, `${name}.in.bpmn`);
    const target = join(workDir, `${name}.out.bpmn`);
    writeFileSync(source, xml);
    await page.evaluate(() => (location.hash = '#/editor'));
    harness.dialogs.answerNext(source);
    await page.getByTestId('editor-open-file').first().click();
    const panel = page.locator('lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel]');
    await page
      .locator('lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel]:not([data-phase=loading])')
      .waitFor();
    assert.equal(await panel.getAttribute('data-phase'), 'ready', `${name} imported into the editor`);
    harness.dialogs.answerNext(target);
    await panel.getByTestId('editor-export').click();
    await panel.getByTestId('editor-saveFileAs').click();
    for (let waited = 0; !existsSync(target); waited += 50) {
      assert.ok(waited < 20_000, `"Save as" wrote ${target}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.getByTestId('editor-tab-close').first().click();
    await page.getByTestId('editor-empty').waitFor();
    return readFileSync(target, 'utf8');
  }

  test('every selected file comes back from the editor with nothing lost', async () => {
    const failures: string[] = [];
    for (const [index, entry] of cases.entries()) {
      const saved = await roundTrip(String(index).padStart(2, '0'), entry.xml);
      const report = await compareBpmn(entry.xml, saved);
      for (const feature of fidelityFeatures) totals[feature] += report.checked[feature];
      const covered = fidelityFeatures.filter((f) => report.checked[f] > 0 && f !== 'ids' && f !== 'names');
      console.log(`${entry.label}: ${report.problems.length} problem(s); checked ${covered.join(', ')}`);
      for (const problem of report.problems) failures.push(`${entry.label}: ${problem}`);
    }
    console.log(
      `checked in total: ${fidelityFeatures.map((f) => `${f} ${totals[f]}`).join(', ')} (${cases.length} files)`,
    );
    assert.deepEqual(failures, []);
    for (const feature of fidelityFeatures) {
      assert.ok(totals[feature] > 0, `the selection exercised ${feature}`);
    }
  });
});
