import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'artifacts');

/** Test artifacts: `artifacts/screenshots/NAME.png`, written by every e2e run (linked from the README). */
export const screenshotDir = join(artifacts, 'screenshots');

/** The page as a failed test left it: `artifacts/failures/TEST NAME.png`. */
export const failureDir = join(artifacts, 'failures');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** The bit of a Playwright page a failure screenshot needs. */
type ShownPage = Pick<Page, 'screenshot' | 'isClosed'>;

/**
 * Registers, for the tests of the suite it is called in, a screenshot of the
 * page whenever one of them fails: a failure that does not come back when
 * the test is run again (a timing on a loaded CI machine) is then seen as it
 * was, not guessed at. `page` is asked after the test (suites make their page
 * in `before`); nothing is taken without one.
 */
export function screenshotFailures(page: () => ShownPage | undefined, dir: string = failureDir): void {
  afterEach(async (context) => {
    // A test's `passed` is there at run time; @types/node declares it on SuiteContext only. Unknown: no shot.
    const passed = (context as { passed?: boolean }).passed;
    const shown = page();
    if (passed !== false || !shown || shown.isClosed()) return;
    mkdirSync(dir, { recursive: true });
    const name = context.name.replace(/[^\p{L}\p{N} ,.()-]+/gu, '_').slice(0, 120);
    // A page that cannot be drawn any more (its browser gone) leaves the test's own error to speak.
    await shown.screenshot({ path: join(dir, `${name}.png`), fullPage: false }).catch(() => {});
  });
}
