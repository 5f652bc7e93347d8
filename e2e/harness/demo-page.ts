import type { Page } from 'playwright';
import { startDemoWorld, type DemoWorld, type DemoWorldOptions } from './demo-world.ts';
import { EditorDriver } from './editor-driver.ts';

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
