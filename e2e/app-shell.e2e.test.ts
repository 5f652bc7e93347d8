import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { launchChromium } from './harness/chromium.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';

describe('app shell in Chromium against the real main-side handlers', () => {
  let browser: Browser;
  let harness: LanesHarness;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });

  async function open(): Promise<LanesHarness> {
    harness = await startLanesHarness({ browser });
    return harness;
  }

  test('the About page shows what the app.info handler reported', async () => {
    const { page, dataDir, close } = await open();
    try {
      await page.getByRole('button', { name: 'About Lanes' }).click();
      await page.getByTestId('data-dir').waitFor();
      assert.equal(await page.getByTestId('data-dir').textContent(), dataDir);
      assert.equal(await page.getByTestId('transport').textContent(), 'Test harness bridge');
      const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
        version: string;
      };
      assert.equal(await page.getByTestId('app-version').textContent(), pkg.version);
    } finally {
      await close();
    }
  });

  test('a request main rejects as malformed is shown as a message and the app keeps working', async () => {
    const { page, close } = await open();
    try {
      const select = page.getByTestId('ui-language');
      await select.waitFor();
      // A value the UI never offers reaches main unchecked; main must refuse it.
      await select.evaluate((element) => element.append(new Option('Klingon', 'tlh')));
      await select.selectOption('tlh');
      const notice = page.locator('.notice[data-code="ipc.invalidRequest"]');
      await notice.waitFor();
      assert.match(
        (await notice.locator('.notice-message').textContent()) ?? '',
        /request was not valid \(settings\.update\)/,
      );
      await notice.getByText('Details').click();
      assert.match((await notice.locator('li').first().textContent()) ?? '', /^uiLanguage: /);
      // Still alive: navigation and a real handler round trip work.
      await page.getByRole('button', { name: 'About Lanes' }).click();
      await page.getByTestId('data-dir').waitFor();
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      assert.equal(await page.locator('.notice').count(), 0);
    } finally {
      await close();
    }
  });

  test('the CSP stops an injected inline script', async () => {
    const { page, close } = await open();
    try {
      await page.locator('lanes-app .shell').waitFor();
      const outcome = await page.evaluate(async () => {
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(event.violatedDirective),
        );
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.body.append(script);
        const handler = document.createElement('img');
        handler.setAttribute('onerror', 'window.__injectedHandler = true');
        handler.src = 'data:,not-an-image';
        document.body.append(handler);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const w = window as unknown as Record<string, unknown>;
        return { ran: w.__injected === true, handlerRan: w.__injectedHandler === true, violations };
      });
      assert.equal(outcome.ran, false, 'inline script must not run');
      assert.equal(outcome.handlerRan, false, 'inline event handler must not run');
      assert.ok(
        outcome.violations.some((directive) => directive.startsWith('script-src')),
        'a CSP violation is reported',
      );
    } finally {
      await close();
    }
  });

  test('a new empty diagram opens in bpmn-js without CSP violations', async () => {
    const { page, pageErrors, close } = await open();
    try {
      await page.getByRole('button', { name: 'Start a new diagram' }).click();
      const startEvent = page.locator('[data-element-id="StartEvent_1"]');
      await startEvent.waitFor();
      assert.equal(await page.locator('.djs-palette').count(), 1, 'the modeling palette is shown');
      // The palette's start event glyph comes from the embedded bpmn font: its CSS loaded under the CSP.
      const paletteFont = await page
        .locator('.djs-palette .bpmn-icon-start-event-none')
        .evaluate((el) => getComputedStyle(el, '::before').fontFamily);
      assert.match(paletteFont, /bpmn/);
      assert.deepEqual(
        pageErrors.filter((line) => /Content Security Policy/i.test(line)),
        [],
      );
    } finally {
      await close();
    }
  });

  test('switching the interface to German persists through main and relabels the UI', async () => {
    const { page, dataDir, close } = await open();
    try {
      await page.getByTestId('ui-language').selectOption('de');
      await page.getByRole('button', { name: 'Über Lanes' }).waitFor();
      const saved = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
        uiLanguage: string;
      };
      assert.equal(saved.uiLanguage, 'de');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    } finally {
      await close();
    }
  });
});
