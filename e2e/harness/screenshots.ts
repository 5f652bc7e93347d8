import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';

/** Test artifacts: `artifacts/screenshots/NAME.png`, written by every e2e run (linked from the README). */
export const screenshotDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'artifacts',
  'screenshots',
);

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
