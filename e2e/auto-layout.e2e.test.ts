/**
 * Diagrams without a layout, through the real path: the service answers a
 * process's BPMN export without diagram interchange (as an export from a
 * tool that keeps none), and a DI-less file from the bpmn-moddle fixtures is
 * opened from the OS. Each opens laid out by bpmn-auto-layout with every
 * flow node on the canvas, says so, and is an unsaved change whose save
 * carries the generated layout.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { BpmnModdle } from 'bpmn-moddle';
import { seriousViolations } from './harness/axe.ts';
import { demoProcesses, isEditable, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { EditorDriver, flowElementsOf, serviceBpmn } from './harness/editor-driver.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const fixtures = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'corpora',
  'bpmn-io-fixtures',
  'bpmn-moddle',
);

describe('a diagram without layout opens laid out', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let workDir: string;

  /** Every flow node is drawn and lies inside the canvas. */
  async function assertAllDrawn(ids: string[]): Promise<void> {
    const canvas = await editor.canvas.boundingBox();
    assert.ok(canvas);
    for (const id of ids) {
      const box = await editor.shape(id).boundingBox();
      assert.ok(box && box.width > 0 && box.height > 0, `${id} is drawn`);
      assert.ok(
        box.x >= canvas.x - 1 &&
          box.y >= canvas.y - 1 &&
          box.x + box.width <= canvas.x + canvas.width + 1 &&
          box.y + box.height <= canvas.y + canvas.height + 1,
        `${id} is inside the canvas: ${JSON.stringify(box)} in ${JSON.stringify(canvas)}`,
      );
    }
  }

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    editor = new EditorDriver(page);
    workDir = mkdtempSync(join(tmpdir(), 'lanes-layout-'));
    await page.locator('lanes-app .shell').waitFor();
  });
  after(async () => {
    await fetch(`${world.emulator.config.processBaseUrl}/_emulator/answers`, { method: 'DELETE' }).catch(
      () => {},
    );
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  test('a process the service exports without diagram interchange is laid out, noted and saved with its layout', async () => {
    const id = demoProcesses(world.emulator).find(isEditable)?.id;
    assert.ok(id, 'the demo seed has an editable process');
    const moddle = new BpmnModdle();
    const { rootElement } = await moddle.fromXML(
      await serviceBpmn(world.emulator.config, id),
      'bpmn:Definitions',
    );
    rootElement.diagrams = [];
    const { xml: withoutDi } = await moddle.toXML(rootElement, { format: true });
    assert.doesNotMatch(withoutDi, /BPMNShape/, 'the export has no shapes');
    const nodes = [...(await flowElementsOf(withoutDi)).values()]
      .filter((node) => node.type !== 'bpmn:SequenceFlow')
      .map((node) => node.id);
    const answers = `${world.emulator.config.processBaseUrl}/_emulator/answers`;
    const served = await fetch(answers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        route: `/_api/v1/bpmn/${id}$`,
        method: 'GET',
        contentType: 'application/xml',
        head: withoutDi,
      }),
    });
    assert.equal(served.status, 200);

    await editor.open(id);
    const note = page.locator('lanes-editor-tab:visible [data-testid=editor-layout-generated]');
    await note.waitFor();
    assert.match((await note.textContent()) ?? '', new RegExp(`${nodes.length} elements`));
    await assertAllDrawn(nodes);
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await seriousViolations(page, '[data-testid=editor-layout-generated]'), []);
      await saveScreenshot(page, `editor-auto-layout-${colorScheme}-en`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await fetch(answers, { method: 'DELETE' });

    await editor.saveDraft();
    const opened = await world.harness.services.dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
    });
    assert.ok(opened.ok);
    const saved = (opened.value as { xml: string }).xml;
    for (const node of nodes) assert.match(saved, new RegExp(`<bpmndi:BPMNShape[^>]*bpmnElement="${node}"`));
  });

  test('a DI-less file opened from the OS is laid out too', async () => {
    const path = join(workDir, 'local-ns-no-di.bpmn');
    copyFileSync(join(fixtures, 'local-ns-no-di.bpmn'), path);
    world.harness.openFromOs([path]);
    await page
      .locator(`[data-testid=editor-tab-select][data-tab-key="file:${path}"][aria-selected=true]`)
      .waitFor();
    await page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
    await page.locator('lanes-editor-tab:visible [data-testid=editor-layout-generated]').waitFor();
    await assertAllDrawn(['Start', 'Task']);
  });
});
