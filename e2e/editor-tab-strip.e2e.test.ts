/**
 * Issue 12, defects 6 and 7, as a modeler meets them at 1280×800: ten open
 * diagrams keep one line each and the page never scrolls sideways, "New
 * diagram" stays in reach, the tab shortcuts of browsers and IDEs work, and a
 * diagram opens fitted into the canvas rather than at 100 % with part of it
 * out of sight.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { useDemoPage } from './harness/demo-page.ts';
import { changeOnService, firstTaskOf, renameIn, type EditorDriver } from './harness/editor-driver.ts';
import { inEveryLook, useLanguage } from './harness/looks.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const openTabCount = 10;

describe('editor tab strip and fit on open (issue 12, defects 6 and 7)', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let processIds: string[];

  useDemoPage((started) => ({ world, page, editor } = started));
  before(() => {
    processIds = demoProcesses(world.emulator)
      .filter((process) => process.shapes >= 3)
      .map((process) => process.id);
    assert.ok(processIds.length >= 3, 'the demo seed has processes with diagrams');
  });

  const tabKeys = (): Promise<string[]> =>
    page
      .getByTestId('editor-tab-select')
      .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-tab-key') ?? ''));
  const activeKey = (): Promise<string | null> =>
    page.locator('[data-testid=editor-tab-select][aria-selected=true]').getAttribute('data-tab-key');

  test('7. a process opens whole inside the visible canvas, or at a readable zoom from its start', async () => {
    for (const id of processIds.slice(0, openTabCount)) {
      // From another page, as a modeler comes from the landscape: the tab is built while shown.
      await page.evaluate(() => (location.hash = '#/browse/processes/processList'));
      await editor.open(id);
      // bpmn-js draws every shape; the union of their boxes is the diagram as a person sees it.
      const { shapes, canvas, paletteRight } = await editor.canvas.evaluate((element) => {
        const boxes = [...element.querySelectorAll('g.djs-element.djs-shape:not(.djs-label) > .djs-visual')]
          .map((visual) => visual.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.height > 0);
        const rect = element.getBoundingClientRect();
        const palette = element.querySelector('.djs-palette')?.getBoundingClientRect();
        return {
          paletteRight: palette?.right ?? rect.left,
          canvas: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
          shapes: {
            count: boxes.length,
            left: Math.min(...boxes.map((box) => box.left)),
            top: Math.min(...boxes.map((box) => box.top)),
            right: Math.max(...boxes.map((box) => box.right)),
            bottom: Math.max(...boxes.map((box) => box.bottom)),
          },
        };
      });
      assert.ok(shapes.count >= 3, `${id} drew its shapes`);
      assert.ok(
        shapes.left >= paletteRight,
        `${id}: no shape under the palette (${shapes.left} < ${paletteRight})`,
      );
      const inside =
        shapes.left >= canvas.left &&
        shapes.top >= canvas.top &&
        shapes.right <= canvas.right &&
        shapes.bottom <= canvas.bottom;
      // Whole when it fits at a readable zoom; else at that zoom (82 %, labels of 9 px), from its start.
      const zoom = Number(
        (
          (await page.locator('lanes-editor-tab:visible [data-testid=editor-zoomReset]').textContent()) ?? ''
        ).replace(/\D/g, ''),
      );
      assert.ok(zoom >= 82, `${id}: opened at a readable zoom (${zoom} %)`);
      assert.ok(
        inside || zoom === 82,
        `${id}: shapes ${JSON.stringify(shapes)} lie inside the canvas ${JSON.stringify(canvas)}`,
      );
    }
  });

  test('6. ten tabs: one line each, no sideways page scroll, "New diagram" in reach', async () => {
    for (const id of processIds.slice(0, openTabCount)) await editor.open(id);
    // The demo seed may have fewer processes with diagrams; new diagrams fill up to ten tabs.
    while ((await tabKeys()).length < openTabCount) {
      const before = (await tabKeys()).length;
      await page.getByTestId('editor-new-diagram').click();
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid=editor-tab-select]').length > count,
        before,
      );
    }
    const scroll = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    assert.ok(
      scroll.scrollWidth <= scroll.clientWidth,
      `no horizontal page scroll: ${JSON.stringify(scroll)}`,
    );

    const titles = await page.getByTestId('editor-tab-title').evaluateAll((spans) =>
      spans.map((span) => {
        const style = getComputedStyle(span);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
        return {
          text: span.textContent ?? '',
          lines: Math.round(span.getBoundingClientRect().height / lineHeight),
          hover: span.closest('[role=tab]')?.getAttribute('title') ?? '',
        };
      }),
    );
    assert.equal(titles.length, openTabCount);
    for (const title of titles) {
      assert.equal(title.lines, 1, `"${title.text}" stays on one line`);
      assert.equal(title.hover, title.text, "the full name is the tab's tooltip");
    }

    const newDiagram = page.locator('lanes-editor-tab-strip [data-testid=editor-new-diagram]');
    const box = await newDiagram.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= 1280,
      `"New diagram" is on screen: ${JSON.stringify(box)}`,
    );
    await saveScreenshot(page, 'editor-ten-tabs');

    // The first tab scrolled out of view comes back with the arrow.
    const first = page.getByTestId('editor-tab-select').first();
    const left = page.getByTestId('editor-tabs-scroll-left');
    await left.waitFor();
    for (let i = 0; i < 10 && (await left.isEnabled()); i++) await left.click();
    await first.click();
    assert.equal(await activeKey(), (await tabKeys())[0]);

    const count = (await tabKeys()).length;
    await newDiagram.click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=editor-tab-select]').length === n,
      count + 1,
    );
    assert.equal(await activeKey(), (await tabKeys()).at(-1), 'the new diagram is the front tab');
  });

  test('6. Ctrl+Tab and Ctrl+Shift+Tab switch tabs, wrapping around', async () => {
    const keys = await tabKeys();
    await page.getByTestId('editor-tab-select').first().click();
    await page.keyboard.press('Control+Tab');
    assert.equal(await activeKey(), keys[1]);
    await page.keyboard.press('Control+Shift+Tab');
    await page.keyboard.press('Control+Shift+Tab');
    assert.equal(await activeKey(), keys.at(-1), 'left of the first is the last');
  });

  test('6. Ctrl+W closes the front tab, middle-click closes any, Ctrl+Shift+T reopens', async () => {
    const processTab = (id: string) =>
      page.locator(`[data-testid=editor-tab-select][data-tab-key$=":${id}"]`);
    const [first, second] = processIds as [string, string];
    await processTab(first).click();
    await page.keyboard.press('Control+w');
    await processTab(first).waitFor({ state: 'detached' });

    await page.locator(`[data-testid=editor-tab][data-tab-key$=":${second}"]`).click({ button: 'middle' });
    await processTab(second).waitFor({ state: 'detached' });

    await page.keyboard.press('Control+Shift+T');
    await processTab(second).waitFor();
    assert.match((await activeKey()) ?? '', new RegExp(`:${second}$`), 'the last closed comes back first');
    await page.keyboard.press('Control+Shift+T');
    await processTab(first).waitFor();
    await page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});

describe('issue 40: seven tabs, the front one always wholly in sight, names told apart, badges whole', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let processIds: string[];

  useDemoPage((started) => ({ world, page, editor } = started));
  before(() => {
    // Seven editable processes in seed order: the demo names them by area ("Sales: …", "Human resources: …").
    processIds = demoProcesses(world.emulator)
      .filter((process) => isEditable(process) && process.shapes >= 3)
      .slice(0, 7)
      .map((process) => process.id);
    assert.equal(processIds.length, 7);
  });

  /** The front tab lies inside the row's visible part, clear of the arrows; its badge is whole. */
  async function assertFrontTabInSight(what: string): Promise<void> {
    const seen = await page.locator('lanes-editor-tab-strip').evaluate((strip) => {
      const rect = (element: Element | null) => {
        const box = element?.getBoundingClientRect();
        return box && box.width > 0 ? { left: box.left, right: box.right } : null;
      };
      const handle = strip.querySelector('.editor-tab-handle:has([aria-selected=true])');
      const badge = handle?.querySelector<HTMLElement>('[data-testid=editor-badge]');
      return {
        title: handle?.querySelector('[role=tab]')?.getAttribute('title'),
        row: rect(strip.querySelector('.editor-tab-list')),
        tab: rect(handle ?? null),
        arrows: [...strip.querySelectorAll('.editor-tabs-scroll')].map(rect).filter((box) => box !== null),
        badge: badge && { box: rect(badge), scrollWidth: badge.scrollWidth, clientWidth: badge.clientWidth },
      };
    });
    const { row, tab } = seen;
    assert.ok(row && tab, `${what}: laid out`);
    const where = `${what}, "${seen.title}": ${JSON.stringify(seen)}`;
    // Scroll offsets are whole pixels, tab edges are not: a pixel of slack, no more.
    const slack = 1;
    assert.ok(
      tab.left >= row.left - slack && tab.right <= row.right + slack,
      `in the row's visible part: ${where}`,
    );
    for (const arrow of seen.arrows)
      assert.ok(
        tab.right <= arrow.left + slack || tab.left >= arrow.right - slack,
        `not under an arrow: ${where}`,
      );
    if (seen.badge) {
      assert.ok(seen.badge.scrollWidth <= seen.badge.clientWidth, `the badge is whole: ${where}`);
      assert.ok(seen.badge.box && seen.badge.box.right <= tab.right, `the badge is in its tab: ${where}`);
    }
  }

  test('each tab opened, and a tab whose badge appears, is wholly in sight', async () => {
    for (const [i, id] of processIds.entries()) {
      await editor.open(id);
      await assertFrontTabInSight(`tab ${i + 1} just opened`);
    }
    // A conflict (the longest English badge after "Waiting to publish") on the third tab, a draft on the sixth.
    await page.getByTestId('editor-tab-select').nth(2).click();
    const conflicted = processIds[2]!;
    const task = await firstTaskOf(world.emulator.config, conflicted);
    await editor.rename(task, 'Mine, in the tab');
    await editor.saveDraft();
    await assertFrontTabInSight('the third tab with its draft badge');
    await changeOnService(world.emulator.config, conflicted, (definitions) =>
      renameIn(definitions, task, 'Theirs, on the service'),
    );
    assert.equal(await editor.publish(), 'conflict');
    await page.locator('[data-testid=editor-badge][data-badge=conflict]').waitFor();
    await assertFrontTabInSight('the third tab with its conflict badge');
    await page.getByTestId('editor-tab-select').nth(5).click();
    await editor.rename(await firstTaskOf(world.emulator.config, processIds[5]!), 'A draft of mine');
    await editor.saveDraft();
    await page.locator('[data-testid=editor-badge][data-badge=draft]').waitFor();
    await assertFrontTabInSight('the sixth tab with its draft badge');
  });

  for (const language of ['en', 'de'] as const)
    test(`${language}: each tab brought forward in turn is wholly in sight, also after a resize`, async () => {
      await useLanguage(world, language);
      const count = await page.getByTestId('editor-tab-select').count();
      await page.getByTestId('editor-tab-select').first().click();
      // Ctrl+Tab brings tabs forward wherever they are scrolled to, as a keyboard user does.
      for (let i = 0; i < count; i++) {
        await assertFrontTabInSight(`tab ${i + 1} of ${count}`);
        await page.keyboard.press('Control+Tab');
      }
      // Backwards from the first: the last tab, at the far end of the row.
      await page.keyboard.press('Control+Shift+Tab');
      await assertFrontTabInSight('the last tab, reached backwards');
      await page.getByTestId('editor-tab-select').nth(2).click();
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.waitForFunction(() => document.documentElement.clientWidth === 1000);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await assertFrontTabInSight('the conflict tab at 1000 px');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

  test('names that start alike show the end that tells them apart; the full name is the tooltip', async () => {
    const tabs = await page.getByTestId('editor-tab-title').evaluateAll((titles) =>
      titles.map((title) => {
        // What the title shows: the characters neither clipped nor under an ellipsis, with the ellipses.
        let shown = '';
        for (const part of title.children.length ? [...title.children] : [title]) {
          const box = part.getBoundingClientRect();
          const cut = part.scrollWidth > part.clientWidth + 0.5;
          const end = box.right - (cut ? parseFloat(getComputedStyle(part).fontSize) : 0);
          const range = document.createRange();
          for (const text of part.childNodes) {
            if (text.nodeType !== Node.TEXT_NODE) continue;
            for (let i = 0; i < (text.textContent ?? '').length; i++) {
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              if (range.getBoundingClientRect().right <= end + 0.5) shown += text.textContent![i];
            }
          }
          if (cut) shown += '…';
        }
        return {
          full: title.closest('[role=tab]')?.getAttribute('title') ?? '',
          text: title.textContent ?? '',
          shown,
        };
      }),
    );
    const alike = tabs.filter((tab) =>
      tabs.some((other) => other !== tab && other.full.slice(0, 10) === tab.full.slice(0, 10)),
    );
    assert.ok(
      alike.length >= 3,
      `the demo's first processes share their area's start: ${JSON.stringify(tabs)}`,
    );
    for (const tab of tabs)
      assert.equal(tab.text, tab.full, 'the whole name is in the tab (read aloud), and its tooltip');
    const shown = tabs
      .filter((tab, i) => tabs.findIndex((other) => other.full === tab.full) === i)
      .map((tab) => tab.shown);
    assert.equal(new Set(shown).size, shown.length, `every name reads differently: ${JSON.stringify(tabs)}`);
    await inEveryLook(world, 'editor-seven-tabs', async () => {
      await page.getByTestId('editor-tab-select').nth(2).click();
      await assertFrontTabInSight('the conflict tab');
    });
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
