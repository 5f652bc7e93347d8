/**
 * The application menu's commands as the renderer receives them: each one is
 * emitted as the `menu.command` event exactly as main emits it, and its effect
 * is checked in the real renderer (tabs, canvas zoom, sheets, lists), together
 * with what the renderer tells main about open tabs for the menu's greying-out.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import type { MenuCommand } from '../shared/domain/menu-commands.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';
import { oneTaskDiagram } from './harness/one-task-diagram.ts';

describe('application menu commands drive the renderer', () => {
  let harness: LanesHarness;
  let page: Page;
  let folder: string;
  const menuContexts: boolean[] = [];

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lanes-menu-e2e-'));
    harness = await startLanesHarness({ menuContext: ({ tabOpen }) => menuContexts.push(tabOpen) });
    page = harness.page;
    await page.locator('lanes-app .shell').waitFor();
  });
  after(async () => {
    await harness?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const menu = (command: MenuCommand): void => harness.emit('menu.command', { command });
  const tabCount = (): Promise<number> => page.getByTestId('editor-tab-select').count();
  const readyCanvas = (): Promise<void> =>
    page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
  /** The canvas's viewbox as diagram-js reports it: zoom is its scale. */
  const viewbox = (): Promise<{ x: number; y: number; scale: number }> =>
    page.locator('lanes-editor-tab:visible [data-testid=bpmn-canvas] g.viewport').evaluate((viewport) => {
      const matrix = (viewport as SVGGElement).transform.baseVal.consolidate()?.matrix;
      return { x: matrix?.e ?? 0, y: matrix?.f ?? 0, scale: matrix?.a ?? 1 };
    });
  const settled = async (before: { scale: number }): Promise<{ x: number; y: number; scale: number }> => {
    await page.waitForFunction(
      (scale) => {
        const viewport = document.querySelector<SVGGElement>(
          'lanes-editor-tab:not([hidden]) [data-testid=bpmn-canvas] g.viewport',
        );
        return (viewport?.transform.baseVal.consolidate()?.matrix.a ?? scale) !== scale;
      },
      before.scale,
      { timeout: 5000 },
    );
    return viewbox();
  };

  test('New diagram opens a tab, and main hears that a tab is open', async () => {
    assert.equal(await tabCount(), 0);
    menu('newDiagram');
    await page.getByTestId('editor-tab-select').first().waitFor();
    await readyCanvas();
    assert.equal(await tabCount(), 1);
    await page.waitForFunction(() => location.hash === '#/editor');
    assert.equal(menuContexts.at(-1), true);
  });

  test('zoom in, zoom out, actual size and fit change the canvas viewbox', async () => {
    const start = await viewbox();
    const zoomedIn = await (menu('zoomIn'), settled(start));
    assert.ok(zoomedIn.scale > start.scale, `zoom in: ${start.scale} → ${zoomedIn.scale}`);
    const zoomedOut = await (menu('zoomOut'), settled(zoomedIn));
    assert.ok(zoomedOut.scale < zoomedIn.scale, `zoom out: ${zoomedIn.scale} → ${zoomedOut.scale}`);
    menu('zoomIn');
    const again = await settled(zoomedOut);
    const actual = await (menu('zoomReset'), settled(again));
    assert.ok(Math.abs(actual.scale - 1) < 1e-6, `actual size is 100 %: ${actual.scale}`);
    menu('zoomIn');
    const large = await settled(actual);
    const fitted = await (menu('zoomFit'), settled(large));
    assert.ok(fitted.scale <= 1 && fitted.scale !== large.scale, `fit: ${large.scale} → ${fitted.scale}`);
  });

  test('Keyboard shortcuts opens the sheet; Problems toggles the list; Minimap toggles the minimap', async () => {
    const sheet = page.locator('lanes-editor-tab:visible [data-testid=editor-shortcuts-sheet] dialog');
    assert.equal(await sheet.count(), 0, 'a dialog is built when it first opens, not with the tab');
    menu('shortcuts');
    await sheet.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    assert.equal(await sheet.count(), 1, 'closed, the sheet stays in the page for the next time');

    const problemsButton = page.locator('lanes-editor-tab:visible button[data-testid=editor-problems]');
    const problems = page.locator('lanes-editor-tab:visible section[data-testid=editor-problems]');
    menu('problems');
    await problems.waitFor({ state: 'visible' });
    assert.equal(
      await problemsButton.getAttribute('aria-pressed'),
      'true',
      'the toolbar button shows the same state',
    );
    menu('problems');
    await problems.waitFor({ state: 'detached' });

    const minimap = page.locator('lanes-editor-tab:visible .djs-minimap');
    const wasOpen = await minimap.evaluate((element) => element.classList.contains('open'));
    menu('minimap');
    await page.waitForFunction(
      (open) =>
        document.querySelector('lanes-editor-tab:not([hidden]) .djs-minimap')?.classList.contains('open') !==
        open,
      wasOpen,
    );
  });

  test('Find opens bpmn-js search on the canvas', async () => {
    menu('search');
    await page.locator('lanes-editor-tab:visible .djs-search-container').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
  });

  test('Grid, Properties panel and Full-screen canvas toggle what their toolbar buttons toggle', async () => {
    const tab = page.locator('lanes-editor-tab:visible');
    const grid = tab.locator('.layer-djs-grid rect');
    const gridShown = (await grid.count()) === 1;
    menu('grid');
    await grid.waitFor({ state: gridShown ? 'detached' : 'attached' });
    assert.equal(await tab.getByTestId('editor-grid').getAttribute('aria-pressed'), String(!gridShown));
    menu('grid');
    await grid.waitFor({ state: gridShown ? 'attached' : 'detached' });

    const properties = tab.locator('.editor-properties');
    await properties.waitFor({ state: 'visible' });
    menu('propertiesPanel');
    await properties.waitFor({ state: 'hidden' });
    assert.equal(await tab.getByTestId('editor-propertiesPanel').getAttribute('aria-pressed'), 'false');
    menu('propertiesPanel');
    await properties.waitFor({ state: 'visible' });

    menu('fullScreen');
    await page.locator('.shell-header').waitFor({ state: 'hidden' });
    assert.equal(await page.locator('.shell-nav').isVisible(), false);
    menu('fullScreen');
    await page.locator('.shell-header').waitFor({ state: 'visible' });
  });

  test('Export as PDF and Print open the print dialog of the active tab, each for its purpose', async () => {
    const dialog = page.locator('lanes-editor-tab:not([hidden]) lanes-print-dialog dialog[open]');
    for (const [command, purpose, confirm] of [
      ['exportPdf', 'pdf', 'Save PDF…'],
      ['print', 'print', 'Print…'],
    ] as const) {
      menu(command);
      await dialog.waitFor();
      assert.equal(
        await page
          .locator('lanes-editor-tab:not([hidden]) lanes-confirm-dialog[data-testid=print-dialog]')
          .getAttribute('data-purpose'),
        purpose,
      );
      await dialog.getByRole('button', { name: confirm }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    assert.deepEqual(harness.printed, [], 'cancelled: nothing was printed');
  });

  test('Open Recent: a file opened before is on the list main builds the submenu from, and opens from it', async () => {
    const path = join(folder, 'recent.bpmn');
    writeFileSync(path, oneTaskDiagram('Task_recent', 'Opened before'));
    harness.dialogs.answerNext(path);
    menu('openFile');
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true]', { hasText: 'recent' })
      .waitFor();
    await readyCanvas();
    const listed = await harness.services.dispatch('files.recent', {});
    assert.ok(listed.ok);
    assert.equal((listed.value as { path: string }[])[0]?.path, path);
    menu('closeTab');
    await page
      .locator('[data-testid=editor-tab-select]', { hasText: 'recent' })
      .waitFor({ state: 'detached' });
    // Electron's Open Recent item hands the path to main as a file from the OS; the harness does the same.
    harness.openFromOs([path]);
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true]', { hasText: 'recent' })
      .waitFor();
    await readyCanvas();
    await page.locator('lanes-editor-tab:visible g.djs-element[data-element-id="Task_recent"]').waitFor();
    menu('closeTab');
    await page
      .locator('[data-testid=editor-tab-select]', { hasText: 'recent' })
      .waitFor({ state: 'detached' });
  });

  test('Undo, Redo, Save, Save to file and Export SVG/PNG act on the active tab', async () => {
    const path = join(folder, 'edited.bpmn');
    writeFileSync(path, oneTaskDiagram('Task_edit', 'Edit me'));
    harness.dialogs.answerNext(path);
    menu('openFile');
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true]', { hasText: 'edited' })
      .waitFor();
    await readyCanvas();
    const task = page.locator('lanes-editor-tab:visible g.djs-element[data-element-id="Task_edit"]');
    await task.click();
    await page.keyboard.press('Delete');
    await task.waitFor({ state: 'detached' });
    menu('undo');
    await task.waitFor();
    menu('redo');
    await task.waitFor({ state: 'detached' });

    /** Polls a file until `check` holds (a save is written a moment after the command). */
    const fileBecomes = async (file: string, check: (bytes: Buffer) => boolean): Promise<Buffer> => {
      for (let tries = 0; tries < 200; tries++) {
        if (existsSync(file)) {
          const bytes = readFileSync(file);
          if (check(bytes)) return bytes;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const notices = await page.locator('.notice, [role=alert], dialog[open]').allTextContents();
      assert.fail(`${file} was not written as expected; on screen: ${JSON.stringify(notices)}`);
    };
    menu('save');
    await fileBecomes(path, (bytes) => !bytes.toString('utf8').includes('id="Task_edit"'));

    menu('undo');
    await task.waitFor();
    const copy = join(folder, 'copy.bpmn');
    harness.dialogs.answerNext(copy);
    menu('saveFileAs');
    await fileBecomes(copy, (bytes) => bytes.toString('utf8').includes('id="Task_edit"'));

    const svg = join(folder, 'edited.svg');
    harness.dialogs.answerNext(svg);
    menu('exportSvg');
    await fileBecomes(svg, (bytes) => /<svg[\s>]/.test(bytes.toString('utf8')));
    const png = join(folder, 'edited.png');
    harness.dialogs.answerNext(png);
    menu('exportPng');
    await fileBecomes(png, (bytes) =>
      bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
    );

    menu('closeTab');
    const closeDialog = page.locator('[data-testid=editor-close-dialog] dialog');
    const closed = page
      .locator('[data-testid=editor-tab-select]', { hasText: /^edited|copy/ })
      .first()
      .waitFor({ state: 'detached' });
    await Promise.race([closed, closeDialog.waitFor({ state: 'visible' })]);
    if (await closeDialog.isVisible()) await page.getByTestId('editor-close-discard').click();
    await closed;
  });

  test('Open .bpmn file opens the chosen file in a tab; Close tab closes it', async () => {
    const path = join(folder, 'from-menu.bpmn');
    writeFileSync(path, oneTaskDiagram('Task_menu', 'From the menu'));
    harness.dialogs.answerNext(path);
    const before = await tabCount();
    menu('openFile');
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true]', { hasText: 'from-menu' })
      .waitFor();
    await readyCanvas();
    assert.equal(await tabCount(), before + 1);
    await page.locator('lanes-editor-tab:visible g.djs-element[data-element-id="Task_menu"]').waitFor();

    menu('closeTab');
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=editor-tab-select]').length === count,
      before,
    );
  });

  test('Close tab closes the last tab too (asking first if it holds unsaved work); then main hears no tab is open', async () => {
    menu('closeTab');
    const closeDialog = page.locator('[data-testid=editor-close-dialog] dialog');
    const closed = page.waitForFunction(
      () => document.querySelectorAll('[data-testid=editor-tab-select]').length === 0,
    );
    await Promise.race([closed, closeDialog.waitFor({ state: 'visible' })]);
    if (await closeDialog.isVisible()) await page.getByTestId('editor-close-discard').click();
    await closed;
    // The report to main follows the render; poll for it rather than guess a delay.
    for (let tries = 0; menuContexts.at(-1) !== false && tries < 50; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(menuContexts.at(-1), false);
  });

  test('About shows the About page; a command needing a tab does nothing without one', async () => {
    const hashBefore = await page.evaluate(() => location.hash);
    menu('zoomIn');
    menu('showAbout');
    await page.waitForFunction(() => location.hash === '#/about');
    assert.notEqual(hashBefore, '#/about');
    assert.equal(await tabCount(), 0, 'Zoom In without a tab opened none');
    assert.deepEqual(harness.pageErrors, []);
  });
});
