/**
 * Issue 27: the editor makes the next tab's Modeler ahead, while the app is
 * idle (renderer/modeler/canvas/spare-modeler.ts), so an open does not pay
 * for it. A tab that takes the spare must be the editor users know: canvas
 * and properties panel in the tab, editable, saving; a spare made in another
 * UI language is not used. Before the first spare, bpmn-js's import runs once
 * on a small diagram out of sight (modeler-warm-up.ts); none of it stays.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { useLanguage } from './harness/looks.ts';
import { flowElementsOf, serviceBpmn, type EditorDriver } from './harness/editor-driver.ts';

const MADE = 'lanes.spareModeler.made';
/** renderer/modeler/canvas/modeler-warm-up.ts: its measure, and the prefix of its diagram's ids. */
const WARM_UP = 'lanes.modelerWarmUp';
const WARM_UP_IDS = 'LanesWarmUp_';
const TAKEN = 'lanes.open.spareModeler';

describe('the spare Modeler (issue 27)', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const withTask: { id: string; task: string }[] = [];

  const marks = (name: string): Promise<number> =>
    page.evaluate((wanted) => performance.getEntriesByName(wanted).length, name);
  /** Until `count` spares have been made since the page loaded. */
  const spareMade = (count: number): Promise<unknown> =>
    page.waitForFunction(
      ({ name, count }) => performance.getEntriesByName(name).length >= count,
      { name: MADE, count },
      { timeout: 30_000 },
    );
  const tab = (): ReturnType<Page['locator']> => page.locator('lanes-editor-tab:visible');

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const { id } of demoProcesses(world.emulator).filter(isEditable)) {
      const task = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()].find(
        (node) => node.type === 'bpmn:Task',
      );
      if (task) withTask.push({ id, task: task.id });
      if (withTask.length === 2) break;
    }
    assert.equal(withTask.length, 2, 'the demo seed has two editable processes with a task');
  });
  after(async () => {
    await world?.close();
  });

  test('before the first spare, bpmn-js imported a small diagram out of sight, and nothing of it is left', async () => {
    await spareMade(1);
    const warmUps = await page.evaluate(
      (name) =>
        performance
          .getEntriesByName(name)
          .map((entry) => (entry as PerformanceMeasure).detail as { imported: boolean }),
      WARM_UP,
    );
    assert.deepEqual(warmUps, [{ imported: true }], 'one warm-up per page, and bpmn-js took its diagram');
    assert.equal(await page.locator('.modeler-warm-up').count(), 0, 'its off-screen host is gone');
    assert.equal(await page.locator(`[data-element-id^="${WARM_UP_IDS}"]`).count(), 0);
  });

  test('a tab that takes the spare has its canvas and panel in place, edits and saves', async () => {
    await spareMade(1);
    const { id, task } = withTask[0]!;
    await editor.open(id);
    assert.equal(await marks(TAKEN), 1, 'the open took the spare');
    // The spare was made without a place: its canvas and properties panel are now the tab's.
    assert.equal(await tab().locator('.editor-canvas .bjs-container').count(), 1);
    assert.equal(await tab().locator(`.editor-canvas .bjs-container [data-element-id="${task}"]`).count(), 1);
    assert.equal(await tab().locator('.editor-properties .bio-properties-panel-container').count(), 1);
    const box = await tab().locator('.editor-canvas .bjs-container').boundingBox();
    assert.ok(box && box.width > 300 && box.height > 300, `the canvas fills the tab: ${JSON.stringify(box)}`);

    // Made read-only (as a process tab starts); the editable process made it editable.
    await editor.rename(task, 'Renamed in a spare');
    await tab().locator(`[data-element-id="${task}"] text`, { hasText: 'Renamed in a spare' }).waitFor();
    // The panel, placed later than the Modeler was made, follows the selection.
    await editor.shape(task).click();
    const name = tab().locator('.editor-properties #bio-properties-panel-name');
    await name.waitFor({ state: 'attached' });
    assert.equal(await name.inputValue(), 'Renamed in a spare');
    await editor.saveDraft();
    const draft = await world.harness.services.dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
    });
    assert.ok(draft.ok, 'main opens the process');
    const doc = draft.value as { source: string; xml: string };
    assert.equal(doc.source, 'draft');
    assert.match(doc.xml, /Renamed in a spare/);
    assert.ok(!doc.xml.includes(WARM_UP_IDS), 'nothing of the warm-up diagram is saved');
  });

  test('a spare made in English is not used once the UI speaks German', async () => {
    // The open above prepares the next spare once it has settled.
    await spareMade(2);
    await useLanguage(world, 'de');
    await editor.open(withTask[1]!.id);
    assert.equal(await marks(TAKEN), 1, 'the English spare was dropped, not taken');
    assert.equal(
      await tab().locator('.djs-palette .entry[data-action="create.task"]').getAttribute('aria-label'),
      'Aufgabe erstellen',
    );
    await useLanguage(world, 'en');
    assert.equal(
      await page.evaluate((name) => performance.getEntriesByName(name).length, WARM_UP),
      1,
      'the import was warmed once for the page, not once per spare',
    );
  });
});
