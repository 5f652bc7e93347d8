/**
 * Every push-button style of the built stylesheet, in every state, readable
 * (issue 39, item 3): the screenshots of the suite audit the buttons they show,
 * but some states are hard to catch on a real screen (a dialog's buttons while
 * its action runs, a disabled primary on a page no test leaves it on). Here
 * each page's button look (plain, primary, danger; enabled, waiting,
 * disabled; in a confirmation dialog on each page too) is drawn with the app's
 * own `app.css` under its CSP, and the audit reads each at rest, hovered,
 * keyboard-focused and pressed, light and dark.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { RENDERER_SECURITY_HEADERS } from '../main/security/csp.ts';
import { auditButtons, buttonFailureMessage } from './harness/button-contrast.ts';
import { launchChromium } from './harness/chromium.ts';
import { serveRendererOverHttp } from './harness/static-server.ts';

const rendererDir = join(import.meta.dirname, '..', 'dist', 'renderer');

/** The pages whose push buttons app.css and the screens' stylesheets style. */
const pages = [
  'welcome-actions',
  'profiles-page',
  'compare-page',
  'conflict-page',
  'element-page',
  'editor-workspace',
  'nav-empty',
  'data-pool-page',
  'translate-page',
  'reports-page',
];
const tones = ['', 'primary', 'danger'];
const states = ['', 'aria-disabled="true"', 'disabled', 'aria-pressed="true"'];

function buttons(where: string): string {
  return tones
    .flatMap((tone) =>
      states.map(
        (state) =>
          `<button type="button" class="${tone}" ${state}>${where} ${tone || 'plain'} ${state.replace(/[="]/g, '') || 'enabled'}</button>`,
      ),
    )
    .join('\n');
}

function markup(): string {
  const sections = pages.map(
    (name) => `<div class="${name}">
  ${buttons(name)}
  <dialog class="confirm-dialog" open><div class="confirm-dialog-buttons">${buttons(`${name} dialog`)}</div></dialog>
</div>`,
  );
  const toolbar = `<div class="editor-workspace"><div class="editor-toolbar"><div class="editor-toolbar-group">
  ${tones
    .flatMap((tone) =>
      states.map(
        (state) =>
          `<button type="button" class="toolbar-button with-text ${tone}" ${state}>toolbar ${tone || 'plain'} ${state.replace(/[="]/g, '') || 'enabled'}</button>`,
      ),
    )
    .join('\n')}
</div></div>
<div class="editor-tabs"><button type="button" class="editor-tabs-scroll" disabled>‹</button><button type="button" class="editor-tabs-scroll">›</button></div></div>`;
  const shell = `<nav class="shell-nav"><button>Landscape</button><button aria-current="page">Editor</button></nav>
<footer class="shell-status"><button class="sync-now">Sync now</button><lanes-update-notice><button>Restart</button></lanes-update-notice></footer>
<button class="icon-button">Icon button</button>
<dialog class="confirm-dialog" open>${buttons('dialog')}</dialog>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>buttons</title>
<link rel="stylesheet" href="/app.css"></head><body>${shell}${toolbar}${sections.join('\n')}</body></html>`;
}

describe('every push-button style of app.css is readable in every state, light and dark', () => {
  let browser: Browser;
  let page: Page;
  let server: { url: string; close(): Promise<void> };

  before(async () => {
    server = await serveRendererOverHttp(rendererDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const url = new URL('/button-styles.html', server.url).href;
    await page.route(url, (route) =>
      route.fulfill({ contentType: 'text/html', headers: { ...RENDERER_SECURITY_HEADERS }, body: markup() }),
    );
    await page.goto(url);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const scheme of ['light', 'dark'] as const)
    test(scheme, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      const audit = await auditButtons(page);
      // The stylesheet is there: a page without it would read only the browser's own buttons.
      const dialogBackground = await page
        .locator('dialog.confirm-dialog')
        .first()
        .evaluate((dialog) => getComputedStyle(dialog).borderTopLeftRadius);
      assert.equal(dialogBackground, '8px', 'app.css is applied');
      assert.ok(
        audit.buttons >= pages.length * 2 * tones.length * states.length,
        `${audit.buttons} buttons read`,
      );
      assert.deepEqual(
        audit.failures,
        [],
        buttonFailureMessage(audit.failures, `the button styles (${scheme})`),
      );
    });
});
