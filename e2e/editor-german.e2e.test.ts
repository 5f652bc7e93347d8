/**
 * Issue 12, defect 9: in German, bpmn-js's own texts (palette, context pad,
 * properties panel, minimap) are German and follow a language switch in an
 * open tab; the properties panel is dark in dark mode; the German toolbar
 * takes at most two rows at 1280 px.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { seenColours, type Rgba } from './harness/contrast.ts';
import { demoProcesses, isEditable, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { useLanguage } from './harness/looks.ts';
import { EditorDriver, flowElementsOf, serviceBpmn } from './harness/editor-driver.ts';
import { saveScreenshot } from './harness/screenshots.ts';

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

describe('the editor in German and in dark mode (issue 12, defect 9)', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let processId: string;
  let taskId: string;

  const panel = (): ReturnType<Page['locator']> => page.locator('lanes-editor-tab:visible');
  /** diagram-js names palette entries (their hover text) by aria-label. */
  const paletteTitle = (action: string) =>
    panel().locator(`.djs-palette .entry[data-action="${action}"]`).getAttribute('aria-label');

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    editor = new EditorDriver(page);
    await page.locator('lanes-app .shell').waitFor();
    const rows = demoProcesses(world.emulator).filter(isEditable);
    for (const { id } of rows) {
      const task = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()].find(
        (node) => node.type === 'bpmn:Task',
      );
      if (task) {
        processId = id;
        taskId = task.id;
        break;
      }
    }
    assert.ok(taskId, 'the demo seed has an editable process with a task');
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('palette, context pad, properties panel and minimap speak German, and switch back live', async () => {
    await useLanguage(world, 'de');
    await editor.open(processId);
    assert.equal(await paletteTitle('create.task'), 'Aufgabe erstellen');
    assert.equal(await paletteTitle('create.start-event'), 'Startereignis erstellen');
    assert.equal(await paletteTitle('hand-tool'), 'Hand-Werkzeug aktivieren');
    assert.equal(await panel().locator('.djs-minimap .toggle').getAttribute('title'), 'Übersicht öffnen');

    await editor.shape(taskId).click();
    const pad = panel().locator('.djs-context-pad');
    assert.equal(
      await pad.locator('.entry[data-action="append.append-task"]').getAttribute('title'),
      'Aufgabe anhängen',
    );
    assert.equal(await pad.locator('.entry[data-action="delete"]').getAttribute('title'), 'Löschen');
    await panel()
      .locator('.bio-properties-panel-group-header-title', { hasText: /^Allgemein$/ })
      .waitFor();

    // The same tab, without reopening it: the texts follow the switch.
    await useLanguage(world, 'en');
    await page.waitForFunction(
      () =>
        document
          .querySelector('lanes-editor-tab:not([hidden]) .djs-palette .entry[data-action="create.task"]')
          ?.getAttribute('aria-label') === 'Create task',
    );
    await panel()
      .locator('.bio-properties-panel-group-header-title', { hasText: /^General$/ })
      .waitFor();
    assert.equal(await panel().locator('.djs-minimap .toggle').getAttribute('title'), 'Open minimap');
    await useLanguage(world, 'de');
    await page.waitForFunction(
      () =>
        document
          .querySelector('lanes-editor-tab:not([hidden]) .djs-palette .entry[data-action="create.task"]')
          ?.getAttribute('aria-label') === 'Aufgabe erstellen',
    );
  });

  test('the German toolbar takes at most two rows at 1280 px', async () => {
    const rows = await panel()
      .locator('.editor-toolbar button:visible')
      .evaluateAll(
        (buttons) => new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top))).size,
      );
    assert.ok(rows <= 2, `the toolbar has ${rows} rows`);
  });

  test('the properties panel is dark in dark mode and light in light mode', async () => {
    const properties = panel().locator('.bio-properties-panel').first();
    const header = panel().locator('.bio-properties-panel-group-header').first();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const background = luminance((await seenColours(properties)).background);
      const groups = luminance((await seenColours(header)).background);
      if (colorScheme === 'dark') {
        assert.ok(background < 0.05, `the panel is dark: luminance ${background.toFixed(3)}`);
        assert.ok(groups < 0.05, `its group headers too: luminance ${groups.toFixed(3)}`);
      } else assert.ok(background > 0.8, `the panel is light: luminance ${background.toFixed(3)}`);
      await saveScreenshot(page, `editor-german-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
