/**
 * The canvas at 1280×800 (issue 23, item 9): a small diagram opens readable
 * (labels of 10 px or more, about 91 %; at 100 % where it fits);
 * navigation and properties panel fold away and stay so; banners lie over
 * the canvas instead of moving it; the context pad is where its element is
 * after leaving the editor and coming back, and never cut at the panel.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { demoProcesses, isEditable, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { EditorDriver, flowElementsOf, serviceBpmn } from './harness/editor-driver.ts';
import { inEveryLook } from './harness/looks.ts';

describe('canvas space at 1280×800: readable zoom, folding panels, overlay banners, the context pad', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let id = '';

  const tab = (): Locator => page.locator('lanes-editor-tab:visible');
  const zoom = async (): Promise<number> =>
    Number(((await tab().getByTestId('editor-zoomReset').textContent()) ?? '').replace(/\D/g, ''));
  const rect = async (locator: Locator) => {
    const box = await locator.boundingBox();
    assert.ok(box, 'laid out');
    return box;
  };
  /** The size a label's letters are drawn at: the SVG font size times the drawing's scale. */
  const labelPixels = (): Promise<number> =>
    editor.canvas.evaluate((canvas) => {
      const text = canvas.querySelector('g.djs-element.djs-shape text');
      const matrix = (canvas.querySelector('g.viewport') as SVGGElement | null)?.getCTM();
      return text ? parseFloat(getComputedStyle(text).fontSize) * (matrix?.a ?? 1) : 0;
    });

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    editor = new EditorDriver(page);
    await page.locator('lanes-app .shell').waitFor();
    // A small diagram, as the issue found it: five to seven shapes.
    const small = demoProcesses(world.emulator).find(
      (row) => isEditable(row) && row.shapes >= 5 && row.shapes <= 7,
    );
    assert.ok(small, 'the demo seed has a small editable process');
    id = small.id;
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('a small diagram opens at a readable zoom, labels of 10 px or more', async () => {
    await editor.open(id);
    assert.ok((await zoom()) >= 91, `opened at ${await zoom()} %`);
    assert.ok((await labelPixels()) >= 10, `labels drawn at ${(await labelPixels()).toFixed(1)} px`);
  });

  test('navigation and properties panel fold away and stay folded; the diagram then opens at 100 %', async () => {
    const canvasBefore = await rect(editor.canvas);
    await page.getByTestId('nav-collapse').click();
    await tab().getByTestId('editor-propertiesPanel').click();
    await page.reload();
    await page.locator('lanes-app .shell.shell-nav-collapsed').waitFor();
    await editor.open(id);
    const canvasAfter = await rect(editor.canvas);
    assert.ok(
      canvasAfter.width > canvasBefore.width + 400,
      `${canvasBefore.width} → ${canvasAfter.width} px`,
    );
    assert.equal(await zoom(), 100, 'it fits at 100 %, so it opens at 100 %');
    // Back as they were, for the tests after this one.
    await page.getByTestId('nav-collapse').click();
    await tab().getByTestId('editor-propertiesPanel').click();
    await page.locator('lanes-app .shell:not(.shell-nav-collapsed)').waitFor();
  });

  test('a banner lies over the canvas: the canvas does not move, the palette stays free', async () => {
    await editor.open(id);
    // From a known view: the whole diagram, centred (the tests before may have moved it).
    await tab().getByTestId('editor-zoomFit').click();
    const loose = await editor.dropLooseTask('Leads nowhere');
    const before = await rect(editor.canvas);
    const viewbox = await editor.canvas.locator('g.viewport').getAttribute('transform');
    await tab().getByTestId('editor-publish').click();
    const banner = tab().getByTestId('editor-publish-blocked');
    await banner.waitFor();
    assert.deepEqual(await rect(editor.canvas), before, 'the canvas kept its place and size');
    assert.equal(
      await editor.canvas.locator('g.viewport').getAttribute('transform'),
      viewbox,
      'the diagram did not move',
    );
    const palette = await rect(tab().locator('.djs-palette'));
    const over = await rect(banner);
    assert.ok(over.x >= palette.x + palette.width, 'the banner leaves the palette free');
    assert.ok(
      over.y >= before.y && over.y + over.height <= before.y + before.height,
      'it lies over the canvas',
    );
    await inEveryLook(world, 'editor-banner-overlay');
    // Gone again: the task removed, the banner with it.
    await editor.selectWithContextPad(loose);
    await page.keyboard.press('Delete');
    await banner.waitFor({ state: 'detached' });
  });

  test('after leaving the editor and coming back, the context pad is beside its element', async () => {
    await editor.open(id);
    const task = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()].find(
      (node) => node.type === 'bpmn:Task',
    )!;
    await editor.selectWithContextPad(task.id);
    // Away to the element's page (the window resized meanwhile), back with its "Edit diagram".
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
    await page.getByTestId('element-edit-diagram').waitFor();
    await page.setViewportSize({ width: 1270, height: 800 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('element-edit-diagram').click();
    await tab().locator('[data-testid=editor-tab-panel][data-phase=ready]').waitFor();
    const pad = tab().locator('.djs-context-pad.open');
    await pad.waitFor();
    await page.waitForTimeout(100);
    const element = await rect(editor.shape(task.id).locator('.djs-visual'));
    const at = await rect(pad);
    assert.ok(Math.abs(at.y - element.y) < 8, `level with its element: ${at.y} vs ${element.y}`);
    assert.ok(at.x >= element.x + element.width && at.x < element.x + element.width + 30, 'right beside it');
  });

  test('the context pad of an element at the canvas’s right edge is shown whole, not cut at the panel', async () => {
    await editor.open(id);
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
    // The rightmost shape drawn: scroll it to the canvas's right edge.
    const rightmost = await editor.canvas.evaluate(
      (canvas, ids) => {
        let best = { id: '', right: -Infinity };
        for (const id of ids) {
          const box = canvas
            .querySelector(`g.djs-element[data-element-id="${id}"] .djs-visual`)
            ?.getBoundingClientRect();
          if (box && box.right > best.right) best = { id, right: box.right };
        }
        return best;
      },
      nodes.filter((node) => !node.type.endsWith('Flow')).map((node) => node.id),
    );
    const canvas = await rect(editor.canvas);
    const shape = await rect(editor.shape(rightmost.id).locator('.djs-visual'));
    // Drag the diagram so the shape's right edge is 10 px from the canvas's, at its middle height.
    const from = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height - 30 };
    const dx = canvas.x + canvas.width - 10 - rightmost.right;
    const dy = canvas.y + canvas.height / 2 - (shape.y + shape.height / 2);
    // Dragging the empty canvas pans it (diagram-js's move-canvas).
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
    await page.mouse.up();
    await editor.selectWithContextPad(rightmost.id);
    await page.waitForTimeout(200);
    const pad = await rect(tab().locator('.djs-context-pad.open'));
    const now = await rect(editor.canvas);
    assert.ok(
      pad.x + pad.width <= now.x + now.width,
      `the pad ends inside the canvas: ${pad.x + pad.width} ≤ ${now.x + now.width}`,
    );
    await inEveryLook(world, 'editor-context-pad-edge');
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
