/**
 * Code splitting as a person meets it: the landscape starts without the
 * editor's chunk (bpmn-js and friends), the editor loads it when first used,
 * a slow chunk shows a loading state, and a chunk that cannot be loaded says
 * so in words, with a Try again that works once the chunk is reachable.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Route } from 'playwright';
import { launchChromium } from './harness/chromium.ts';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { seriousViolations } from './harness/axe.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const EDITOR_CHUNK = '**/chunks/editor-workspace-*.js';

describe('views loaded on first use (renderer code splitting)', () => {
  let browser: Browser;
  let world: DemoWorld | undefined;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await world?.close();
    await browser.close();
  });

  test('the landscape starts without the editor chunk; opening the editor loads it', async () => {
    world = await startDemoWorld({ browser });
    const { page } = world.harness;
    await page.evaluate(() => (location.hash = '#/browse/processes/processList'));
    await page.reload();
    await page.locator('[data-testid=nav-row]').first().waitFor();
    // Everything the page fetched up to its load event: the start. The editor is warmed only after it.
    const start = await page.evaluate(async () => {
      if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r));
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= navigation!.loadEventEnd)
        .map((entry) => new URL(entry.name).pathname);
    });
    assert.ok(start.includes('/app.js'), start.join(', '));
    assert.ok(
      !start.some((path) => /editor-workspace|compare-view|conflict-view/.test(path)),
      `no editor, compare or conflict chunk at start: ${start.join(', ')}`,
    );

    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    await page.locator('lanes-editor-workspace:not([hidden])').waitFor();
    await page.getByTestId('editor-open-file').waitFor();
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    assert.ok(
      loaded.some((path) => /^\/chunks\/editor-workspace-[\w-]+\.js$/.test(path)),
      loaded.join(', '),
    );
    assert.deepEqual(world.harness.pageErrors, []);
  });

  test('a menu command that arrives before the editor chunk is loaded waits for it, then acts', async () => {
    world ??= await startDemoWorld({ browser });
    const { page } = world.harness;
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(EDITOR_CHUNK, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => (location.hash = '#/browse/processes/processList'));
    await page.reload();
    await page.locator('[data-testid=nav-row]').first().waitFor();
    world.harness.emit('menu.command', { command: 'newDiagram' });
    // The chunk is asked for, and held: no workspace yet, the landscape stays.
    await page.waitForRequest(EDITOR_CHUNK);
    assert.equal(await page.locator('lanes-editor-workspace').count(), 0);
    release!();
    await page.locator('lanes-editor-workspace:not([hidden]) [data-testid=editor-tab]').waitFor();
    assert.equal(await page.locator('[data-testid=editor-tab]').count(), 1, 'one new diagram');
    assert.match(await page.evaluate(() => location.hash), /^#\/editor/);
    await page.unroute(EDITOR_CHUNK);
  });

  test('a slow editor chunk shows a loading state; one that fails says so, and Try again loads it', async () => {
    world ??= await startDemoWorld({ browser });
    const { page } = world.harness;
    await page.setViewportSize({ width: 1280, height: 800 });

    // Slow: the chunk is held until the loading state was seen.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(EDITOR_CHUNK, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => (location.hash = '#/editor'));
    await page.reload();
    const loading = page.getByTestId('lazy-view-loading');
    await loading.waitFor();
    assert.equal((await loading.textContent())?.trim(), 'Loading…');
    release!();
    await page.getByTestId('editor-open-file').waitFor();
    assert.equal(await loading.count(), 0, 'the loading state is gone once the editor is there');
    await page.unroute(EDITOR_CHUNK);

    // Failing: the chunk cannot be fetched.
    let failing = true;
    await page.route(EDITOR_CHUNK, (route: Route) => (failing ? route.abort() : route.continue()));
    await page.reload();
    const failed = page.getByTestId('lazy-view-failed');
    await failed.waitFor();
    assert.match((await failed.textContent()) ?? '', /could not be loaded\. Try again/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await seriousViolations(page), [], `axe, ${colorScheme}`);
      await saveScreenshot(page, `lazy-view-failed-${colorScheme}-en`);
    }
    await page.getByTestId('ui-language').selectOption('de');
    await failed.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `lazy-view-failed-${colorScheme}-de`);
    }
    await page.getByTestId('ui-language').selectOption('en');
    await page.emulateMedia({ colorScheme: 'light' });

    // Reachable again: Try again brings the editor without a restart.
    failing = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('editor-open-file').waitFor();
    assert.equal(await failed.count(), 0);
    await page.unroute(EDITOR_CHUNK);
  });
});
