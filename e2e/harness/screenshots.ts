import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import { auditButtons, buttonFailureMessage } from './button-contrast.ts';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'artifacts');

/** Test artifacts: `artifacts/screenshots/NAME.png`, written by every e2e run (linked from the README). */
export const screenshotDir = join(artifacts, 'screenshots');

/** The page as a failed test left it: `artifacts/failures/TEST NAME.png`. */
export const failureDir = join(artifacts, 'failures');

/**
 * With `LANES_BUTTON_AUDIT=report`, `saveScreenshot` does not throw for an
 * unreadable button but appends what it found (and what each audit cost) to
 * this file: one run of the suite then lists every failure, not the first of
 * each test.
 */
export const buttonAuditReport = join(artifacts, 'button-contrast.txt');

/**
 * Writes `artifacts/screenshots/NAME.png`, then reads every button on the page
 * in each of its states (`e2e/harness/button-contrast.ts`) and throws, naming
 * each, when one's text is below 4.5:1 against its background: every screen
 * the suite photographs is also checked for readable buttons. The picture is
 * written first, so a failure can be seen.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  const audit = await auditButtons(page);
  const what = `the screenshot “${name}”`;
  if (process.env.LANES_BUTTON_AUDIT === 'report') {
    const cost = `${audit.buttons} buttons, ${audit.kinds} kinds, ${audit.forced} forced, ${audit.milliseconds} ms`;
    appendFileSync(
      buttonAuditReport,
      `${name}: ${cost}\n${audit.failures.length ? `${buttonFailureMessage(audit.failures, what)}\n` : ''}`,
    );
  } else if (audit.failures.length > 0) throw new Error(buttonFailureMessage(audit.failures, what));
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
