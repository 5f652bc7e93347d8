import { after, before } from 'node:test';
import type { Page } from 'playwright';
import { startDemoWorld, type DemoWorld, type DemoWorldOptions } from './demo-world.ts';
import { EditorDriver } from './editor-driver.ts';
import { screenshotFailures } from './screenshots.ts';

/**
 * A demo world with its page on the app's shell, and a driver for the editor in
 * it (apart from demo-world.ts: the benchmarks start demo worlds under Node's
 * own types, and the driver runs code in the page).
 */
export async function startDemoPage(
  options: DemoWorldOptions = {},
): Promise<{ world: DemoWorld; page: Page; editor: EditorDriver }> {
  const world = await startDemoWorld(options);
  const page = world.harness.page;
  await page.locator('lanes-app .shell').waitFor();
  return { world, page, editor: new EditorDriver(page) };
}

/**
 * A suite's demo page, started before its tests at the size the editor's
 * screenshots are judged at (1280 × 800), closed after them, with a
 * screenshot of every failure. `take` receives it once started.
 */
export function useDemoPage(
  take: (started: { world: DemoWorld; page: Page; editor: EditorDriver }) => void,
  options: DemoWorldOptions = {},
): void {
  let world: DemoWorld | undefined;
  let page: Page | undefined;
  before(async () => {
    const started = await startDemoPage(options);
    ({ world, page } = started);
    await page.setViewportSize({ width: 1280, height: 800 });
    take(started);
  });
  after(async () => {
    await world?.close();
  });
  screenshotFailures(() => page);
}
