/**
 * Issue 12, the editor's view: grouped icon toolbar on one row at 1280×800 in
 * English and German (every button named, with a tooltip and its key, all
 * reachable by Tab), the Export menu, zoom buttons with the level shown, fit
 * on open for a wide real-world diagram, the grid, resizable and collapsible
 * panels remembered across a reload, and the full-screen canvas.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright';
import { seriousViolations } from './harness/axe.ts';
import { demoProcesses, isEditable, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { useLanguage } from './harness/looks.ts';
import { EditorDriver } from './harness/editor-driver.ts';
import { corpusDir } from './harness/fidelity-corpus.ts';
import { saveScreenshot } from './harness/screenshots.ts';
import { toolbarLayout } from '../shared/domain/toolbar-layout.ts';
import { readyToolbarState } from '../shared/domain/toolbar-layout.test-support.ts';

/** 1,895 × 619 diagram units: at 100 % far wider than the canvas beside the panels at 1280 px. */
const WIDE_DIAGRAM = join(corpusDir, 'ex07_writer0012.bpmn');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('the editor view: toolbar, zoom, grid, panels, full-screen canvas (issue 12)', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let processId: string;

  const tab = (): Locator => page.locator('lanes-editor-tab:visible');
  const toolbar = (): Locator => tab().locator('.editor-toolbar');
  const toolbarButton = (action: string): Locator => toolbar().getByTestId(`editor-${action}`);
  const zoomShown = async (): Promise<number> => {
    const text = (await toolbarButton('zoomReset').textContent()) ?? '';
    const match = /(\d+)\s*%/.exec(text);
    assert.ok(match, `the zoom level is shown: "${text}"`);
    return Number(match[1]);
  };
  const box = async (locator: Locator): Promise<Box> => {
    const found = await locator.boundingBox();
    assert.ok(found, 'the element is shown');
    return found;
  };

  async function reloadAndOpen(): Promise<void> {
    await page.reload();
    await page.locator('lanes-app .shell').waitFor();
    await editor.open(processId);
  }

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    editor = new EditorDriver(page);
    await page.locator('lanes-app .shell').waitFor();
    const editable = demoProcesses(world.emulator).filter(isEditable);
    assert.ok(editable.length > 0, 'the demo seed has an editable process');
    // A diagram of ordinary size: fitted, it reads at a usual zoom (the largest would show at 10 %).
    processId = editable.sort((a, b) => Math.abs(a.shapes - 25) - Math.abs(b.shapes - 25))[0]!.id;
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test(
    'open at a readable zoom: a wide real-world diagram opens from its start at about 82 %, Whole diagram shows it whole',
    { skip: !existsSync(WIDE_DIAGRAM) && `no corpus at ${corpusDir}` },
    async () => {
      assert.ok(readFileSync(WIDE_DIAGRAM, 'utf8').includes('Bounds'), 'the corpus file has a layout');
      world.harness.dialogs.answerNext(WIDE_DIAGRAM);
      world.harness.emit('menu.command', { command: 'openFile' });
      await page
        .locator('[data-testid=editor-tab-select][aria-selected=true]', { hasText: 'ex07_writer0012' })
        .waitFor();
      await tab().locator('[data-testid=editor-tab-panel][data-phase=ready]').waitFor({ timeout: 30_000 });
      const canvas = await box(tab().getByTestId('bpmn-canvas'));
      const side = await box(tab().getByTestId('editor-side'));
      const palette = await box(tab().locator('.djs-palette'));
      const drawn = () =>
        tab()
          .locator('[data-testid=bpmn-canvas] .djs-element .djs-visual')
          .evaluateAll((visuals) =>
            visuals.map((visual) => {
              const r = visual.getBoundingClientRect();
              return { x: r.x, y: r.y, width: r.width, height: r.height };
            }),
          );
      // Opened: too wide to read whole at 82 %, so at 82 % (labels of 9 px), from its start.
      assert.equal(await zoomShown(), 82, 'never below a readable zoom when it opens');
      const opened = await drawn();
      assert.ok(
        Math.min(...opened.map((s) => s.x)) >= palette.x + palette.width,
        'its start is right of the palette',
      );
      // Whole diagram shows all of it, however small (Fit diagram, Ctrl+1, never goes below readable).
      await tab().getByTestId('editor-zoomReset').focus();
      await page.keyboard.press('Control+2');
      await page.waitForTimeout(200);
      const shapes = await drawn();
      assert.ok(shapes.length > 20, `the diagram is drawn: ${shapes.length} shapes`);
      const left = Math.min(...shapes.map((s) => s.x));
      const right = Math.max(...shapes.map((s) => s.x + s.width));
      const top = Math.min(...shapes.map((s) => s.y));
      const bottom = Math.max(...shapes.map((s) => s.y + s.height));
      assert.ok(
        left >= palette.x + palette.width,
        `right of the palette: ${left} ≥ ${palette.x + palette.width}`,
      );
      assert.ok(right <= canvas.x + canvas.width, `inside the canvas: ${right} ≤ ${canvas.x + canvas.width}`);
      assert.ok(right <= side.x, `not under the properties panel: ${right} ≤ ${side.x}`);
      assert.ok(top >= canvas.y && bottom <= canvas.y + canvas.height, `top ${top}, bottom ${bottom}`);
      assert.ok((await zoomShown()) < 100, 'fitting made it smaller than 100 %');
      await saveScreenshot(page, 'editor-fit-on-open');
      await page.getByTestId('editor-tab-close').first().click();
    },
  );

  test('the toolbar: one row at 1280×800 in English and German, named buttons with tooltips and keys', async () => {
    await editor.open(processId);
    for (const language of ['en', 'de'] as const) {
      await useLanguage(world, language);
      const buttons = await toolbar()
        .locator('button:visible')
        .evaluateAll((all) =>
          all.map((button) => {
            const r = button.getBoundingClientRect();
            return {
              id: button.getAttribute('data-testid') ?? '',
              // The accessible name: the label, else the text with its white space collapsed.
              name:
                button.getAttribute('aria-label') ?? button.textContent?.replace(/\s+/g, ' ').trim() ?? '',
              title: button.getAttribute('title') ?? '',
              keys: button.getAttribute('aria-keyshortcuts'),
              middle: r.top + r.height / 2,
              right: r.right,
            };
          }),
        );
      assert.ok(buttons.length >= 20, `${buttons.length} buttons`);
      const rows = new Set(buttons.map((b) => Math.round(b.middle)));
      assert.equal(rows.size, 1, `${language}: one row, got rows at ${[...rows].join(', ')}`);
      for (const b of buttons) {
        assert.ok(b.name.length > 1, `${b.id} has a name`);
        assert.ok(b.title.startsWith(b.name), `${b.id}'s tooltip names it: "${b.title}"`);
        assert.ok(b.right <= 1280, `${b.id} is inside the window`);
        if (b.keys) assert.match(b.title, /\((Ctrl|Strg)\+/, `${b.id}'s tooltip shows its key`);
      }
      const undo = buttons.find((b) => b.id === 'editor-undo')!;
      assert.equal(undo.title, language === 'en' ? 'Undo (Ctrl+Z)' : 'Rückgängig (Strg+Z)');
      assert.equal(undo.keys, 'Control+Z');
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        true,
      );
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        assert.deepEqual(await seriousViolations(page, 'lanes-editor-tab:not([hidden]) .editor-toolbar'), []);
        await saveScreenshot(page, `editor-toolbar-${colorScheme}-${language}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await useLanguage(world, 'en');
  });

  test('every toolbar button is reached by Tab, in order, one stop each', async () => {
    const ids = await toolbar()
      .locator('button:visible')
      .evaluateAll((all) => all.map((b) => b.getAttribute('data-testid')));
    // What is drawn is what the action table declares, in its order (shared/domain/toolbar-layout.ts):
    // which buttons a tab shows depends on its kind alone, the rest of its state only greys them out.
    const declared = toolbarLayout(readyToolbarState).flatMap(({ entries }) =>
      entries.map((entry) => `editor-${entry.kind === 'menu' ? entry.menu : entry.id}`),
    );
    assert.deepEqual(ids, declared);
    await toolbarButton('save').focus();
    const reached: (string | null)[] = [];
    for (let i = 0; i < ids.length; i++) {
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null));
      await page.keyboard.press('Tab');
    }
    assert.deepEqual(reached, ids);
  });

  test('the Export menu opens by keyboard, offers what the tab can do, and Esc returns to its button', async () => {
    const menuButton = toolbarButton('export');
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    const items = tab().getByRole('menuitem');
    await items.first().waitFor();
    // A process tab exports images, a PDF, prints, and saves its BPMN to a file.
    assert.deepEqual(await items.evaluateAll((all) => all.map((i) => i.getAttribute('data-testid'))), [
      'editor-exportSvg',
      'editor-exportPng',
      'editor-exportPdf',
      'editor-print',
      'editor-saveFileAs',
    ]);
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'editor-exportSvg',
    );
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'editor-exportPng',
    );
    await saveScreenshot(page, 'editor-export-menu');
    await page.keyboard.press('Escape');
    await items.first().waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'editor-export',
    );
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
  });

  test('zoom buttons change the zoom level shown; 100 % resets; fit fits', async () => {
    /** Waits until the level shown passes `check` (diagram-js reports view changes a moment later). */
    const levelBecomes = async (check: string, than: number): Promise<number> => {
      await page.waitForFunction(
        ([check, than]) => {
          const text =
            document.querySelector('lanes-editor-tab:not([hidden]) [data-testid=editor-zoomReset]')
              ?.textContent ?? '';
          const level = Number(/(\d+)\s*%/.exec(text)?.[1]);
          return check === 'above' ? level > than : check === 'below' ? level < than : level === than;
        },
        [check, than] as const,
      );
      return zoomShown();
    };
    await toolbarButton('zoomReset').click();
    await levelBecomes('equal', 100);
    await toolbarButton('zoomIn').click();
    const zoomedIn = await levelBecomes('above', 100);
    await toolbarButton('zoomOut').click();
    await toolbarButton('zoomOut').click();
    const zoomedOut = await levelBecomes('below', 100);
    assert.ok(zoomedOut < zoomedIn, `${zoomedIn} → ${zoomedOut}`);
    await toolbarButton('zoomIn').click();
    await levelBecomes('above', zoomedOut);
    // The diagram is small enough to fit at 100 % or less; from 200 % the fit shrinks it.
    for (let i = 0; i < 4; i++) await toolbarButton('zoomIn').click();
    const large = await levelBecomes('above', 150);
    await toolbarButton('zoomFit').click();
    assert.ok((await levelBecomes('below', large)) <= 100);
    assert.equal(await toolbarButton('zoomReset').getAttribute('aria-keyshortcuts'), 'Control+0');
  });

  test('the grid toggles and is remembered after a reload', async () => {
    const grid = (): Locator => tab().locator('.layer-djs-grid rect');
    const gridButton = toolbarButton('grid');
    assert.equal(await grid().count(), 1, 'the grid shows by default');
    assert.equal(await gridButton.getAttribute('aria-pressed'), 'true');
    await gridButton.click();
    await grid().waitFor({ state: 'detached' });
    assert.equal(await gridButton.getAttribute('aria-pressed'), 'false');
    await reloadAndOpen();
    assert.equal(await grid().count(), 0, 'still hidden after the reload');
    assert.equal(await toolbarButton('grid').getAttribute('aria-pressed'), 'false');
    await toolbarButton('grid').click();
    await grid().waitFor({ state: 'attached' });
  });

  test('the properties panel resizes by keyboard and by drag, collapses, and all of it is remembered', async () => {
    const side = (): Locator => tab().getByTestId('editor-side');
    const handle = (): Locator => tab().getByTestId('editor-properties-resize');
    const width = async (): Promise<number> => Math.round((await box(side())).width);
    const start = await width();
    assert.equal(Number(await handle().getAttribute('aria-valuenow')), start);
    await handle().focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await width(), start + 32, 'two steps of 16 px wider');
    assert.equal(Number(await handle().getAttribute('aria-valuenow')), start + 32);

    const grip = await box(handle());
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x - 50, grip.y + grip.height / 2, { steps: 5 });
    await page.mouse.move(grip.x - 100 + grip.width / 2, grip.y + grip.height / 2, { steps: 5 });
    await page.mouse.up();
    const dragged = await width();
    assert.ok(Math.abs(dragged - (start + 132)) <= 2, `dragged 100 px wider: ${start + 32} → ${dragged}`);

    await reloadAndOpen();
    assert.ok(Math.abs((await width()) - dragged) <= 1, 'the width is remembered');

    const canvasBefore = (await box(tab().getByTestId('bpmn-canvas'))).width;
    await toolbarButton('propertiesPanel').click();
    await side().waitFor({ state: 'hidden' });
    assert.equal(await toolbarButton('propertiesPanel').getAttribute('aria-pressed'), 'false');
    await page.waitForFunction(
      (before) =>
        (document
          .querySelector('lanes-editor-tab:not([hidden]) [data-testid=bpmn-canvas]')
          ?.getBoundingClientRect().width ?? 0) > before,
      canvasBefore,
    );
    await reloadAndOpen();
    assert.equal(await side().isVisible(), false, 'still collapsed after the reload');
    await toolbarButton('propertiesPanel').click();
    await side().waitFor({ state: 'visible' });
    await handle().focus();
    await page.keyboard.press('Home');
    assert.equal(await width(), Number(await handle().getAttribute('aria-valuemin')));
  });

  test('the problems list opens, resizes by keyboard, and is remembered', async () => {
    const list = (): Locator => tab().locator('.editor-problems-wrap');
    await toolbarButton('problems').click();
    await list().waitFor();
    const handle = tab().getByTestId('editor-problems-resize');
    const start = Math.round((await box(list())).height);
    await handle.focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(Math.round((await box(list())).height), start + 16);
    await reloadAndOpen();
    await list().waitFor();
    assert.equal(Math.round((await box(list())).height), start + 16, 'open and as high as it was');
    await toolbarButton('problems').click();
    await list().waitFor({ state: 'detached' });
  });

  test('navigation, panel handles and the problems list pass axe in light and dark', async () => {
    await toolbarButton('problems').click();
    await tab().locator('.editor-problems-wrap').waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const region of [
        '.shell-nav',
        'lanes-editor-tab:not([hidden]) .editor-body > .panel-splitter',
        'lanes-editor-tab:not([hidden]) .editor-problems-wrap',
        'lanes-editor-tab:not([hidden]) [data-testid=editor-problems-resize]',
      ])
        assert.deepEqual(await seriousViolations(page, region), [], `${region} in ${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await toolbarButton('problems').click();
    await tab().locator('.editor-problems-wrap').waitFor({ state: 'detached' });
  });

  test('the side navigation resizes, collapses and expands, remembered after a reload', async () => {
    const nav = page.locator('.shell-nav');
    const navWidth = async (): Promise<number> => Math.round((await box(nav)).width);
    const start = await navWidth();
    await page.getByTestId('nav-resize').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await navWidth(), start + 16);
    await page.getByTestId('nav-collapse').click();
    await page.locator('.shell-nav ul').waitFor({ state: 'hidden' });
    assert.ok((await navWidth()) < 60, 'collapsed to its toggle');
    await reloadAndOpen();
    assert.equal(await page.locator('.shell-nav ul').isVisible(), false, 'still collapsed');
    await saveScreenshot(page, 'editor-navigation-collapsed');
    await page.getByTestId('nav-collapse').click();
    await page.locator('.shell-nav ul').waitFor();
    assert.equal(await navWidth(), start + 16, 'back at the width it had');
  });

  test('the full-screen canvas hides header, navigation and panels; Esc brings them back', async () => {
    const canvas = tab().getByTestId('bpmn-canvas');
    const before = await box(canvas);
    await toolbarButton('fullScreen').click();
    await page.locator('.shell-header').waitFor({ state: 'hidden' });
    for (const hidden of ['.shell-nav', '.shell-status', 'lanes-editor-tab-strip'])
      assert.equal(await page.locator(hidden).isVisible(), false, `${hidden} is hidden`);
    assert.equal(await tab().getByTestId('editor-side').isVisible(), false);
    const full = await box(canvas);
    assert.ok(full.width > before.width && full.height > before.height, 'the canvas got the room');
    assert.equal(await toolbarButton('fullScreen').getAttribute('aria-pressed'), 'true');
    await saveScreenshot(page, 'editor-full-screen-canvas');
    await page.keyboard.press('Escape');
    await page.locator('.shell-header').waitFor();
    assert.equal(await tab().getByTestId('editor-side').isVisible(), true);
    await toolbarButton('fullScreen').click();
    await page.locator('.shell-header').waitFor({ state: 'hidden' });
    await toolbarButton('fullScreen').click();
    await page.locator('.shell-header').waitFor();

    // Leaving the editor (Alt+Left, a link) brings header and navigation back with it.
    await toolbarButton('fullScreen').click();
    await page.locator('.shell-header').waitFor({ state: 'hidden' });
    await page.evaluate(() => (location.hash = '#/about'));
    await page.locator('.shell-header').waitFor();
    assert.equal(await page.locator('.shell-nav').isVisible(), true);
  });

  test('the action keys work in the browser as in the app: problems, the sheet, print, and Ctrl+S once', async () => {
    await editor.open(processId);
    const list = (): Locator => tab().locator('.editor-problems-wrap');
    // Focus on a toolbar button, not the canvas: these keys are Lanes's, not bpmn-js's.
    await toolbarButton('zoomFit').focus();
    await page.keyboard.press('ControlOrMeta+Shift+M');
    await list().waitFor();
    assert.equal(await toolbarButton('problems').getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('ControlOrMeta+Shift+M');
    await list().waitFor({ state: 'detached' });

    const sheet = tab().locator('[data-testid=editor-shortcuts-sheet] dialog');
    for (const language of ['en', 'de'] as const) {
      await useLanguage(world, language);
      await toolbarButton('zoomFit').focus();
      await page.keyboard.press('ControlOrMeta+/');
      await sheet.waitFor();
      const ctrl = language === 'en' ? 'Ctrl/⌘' : 'Strg/⌘';
      const keys = await sheet.locator('kbd').allTextContents();
      for (const key of [
        `${ctrl} + P`,
        `${ctrl} + W`,
        `${ctrl} + Shift + M`.replace('Shift', language === 'en' ? 'Shift' : 'Umschalt'),
      ])
        assert.ok(keys.includes(key), `${language}: the sheet lists ${key}: ${keys.join(' | ')}`);
      assert.ok(await sheet.getByText(language === 'en' ? 'Close the tab' : 'Tab schließen').isVisible());
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        assert.deepEqual(
          await seriousViolations(
            page,
            'lanes-editor-tab:not([hidden]) [data-testid=editor-shortcuts-sheet]',
          ),
          [],
        );
        await saveScreenshot(page, `editor-shortcuts-sheet-${colorScheme}-${language}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
    }
    await useLanguage(world, 'en');

    const printDialog = tab().locator('lanes-print-dialog dialog[open]');
    await toolbarButton('zoomFit').focus();
    await page.keyboard.press('ControlOrMeta+p');
    await printDialog.waitFor();
    assert.equal(
      await tab().locator('lanes-confirm-dialog[data-testid=print-dialog]').getAttribute('data-purpose'),
      'print',
    );
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });

    // Ctrl+S saves once: one handler, whatever has the focus.
    const services = world.harness.services;
    const dispatch = services.dispatch.bind(services);
    let saves = 0;
    services.dispatch = (channel, payload) => {
      if (channel === 'editor.saveDraft') saves++;
      return dispatch(channel, payload);
    };
    try {
      await editor.dropLooseTask('Saved by key');
      await editor.saveDraft();
      await page.waitForTimeout(300);
      assert.equal(saves, 1, 'Ctrl+S stored the draft exactly once');
    } finally {
      services.dispatch = dispatch;
    }
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
