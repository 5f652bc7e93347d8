import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright';
import { launchChromium } from './chromium.ts';
import { assertButtonsReadable, buttonContrastFailures } from './button-contrast.ts';

/**
 * A page with buttons readable in every state and buttons unreadable in one
 * or more, under the app's CSP (styles from 'self' only): the audit must name
 * exactly the unreadable ones, each in the states it fails in.
 */
const css = `
body { background: #ffffff; color: #000000; margin: 0; font: 14px sans-serif; }
button, a.button-link, [role=button] { background: #ffffff; color: #1d232b; border: 1px solid #888; padding: 4px 8px; }
button:hover { background: #eef3fb; }
.hover-bad:hover { background: #b3261e; color: #b3261e; }
.hover-bad:active { background: #b3261e; color: #ffffff; }
.disabled-bad:disabled { color: #aaaaaa; }
.pressed-bad:active { background: #eeeeee; color: #ffffff; }
.focus-bad:focus-visible { background: #777777; color: #666666; }
.slow { transition: color 10s, background-color 10s; }
.slow:hover { background: #b3261e; color: #b3261e; }
.dialog-danger { background: #b3261e; color: #b3261e; }
dialog .dialog-danger:hover { background: #8c1d18; }
.faded { opacity: 0.3; }
.dark-panel { background: #000000; padding: 8px; }
.dark-panel button, .dark-panel button:hover { background: rgb(255 255 255 / 10%); color: #ffffff; }
.glass, .glass:hover { background: rgb(0 0 0 / 50%); color: #ffffff; }
a.button-link { color: #999999; }
a.button-link:hover { color: #000000; }
.role-ok { display: inline-block; }
.hidden { display: none; }
.invisible { visibility: hidden; }
.never-seen { background: #b3261e; color: #b3261e; }
.icon { color: #ffffff; }
`;

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>buttons</title><link rel="stylesheet" href="/page.css"></head>
<body>
  <button>Readable</button>
  <button>Readable too</button>
  <button>Readable too</button>
  <button class="hover-bad">Red when hovered</button>
  <button class="disabled-bad" disabled>Faint when disabled</button>
  <button aria-disabled="true">Waiting, readable</button>
  <button class="pressed-bad">Faint when pressed</button>
  <button class="focus-bad">Grey when focused</button>
  <button class="slow">Slowly red</button>
  <div class="faded"><button>Faded</button></div>
  <div class="dark-panel"><button>Light on dark glass</button></div>
  <button class="glass">White on grey glass</button>
  <a class="button-link" href="#x">Pale link</a>
  <div role="button" tabindex="0" class="role-ok"><span>Role <b>button</b></span></div>
  <button class="hidden never-seen">Not shown</button>
  <button class="invisible never-seen">Not visible</button>
  <button class="icon" aria-label="Icon only"><svg width="10" height="10"></svg></button>
  <dialog><p>Sure?</p><button>Cancel</button><button class="dialog-danger">Delete</button></dialog>
</body></html>`;

let browser: Browser;
let page: Page;

before(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  await page.route('http://buttons.test/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const headers = { 'content-security-policy': "default-src 'none'; style-src 'self'" };
    if (path === '/page.css') return route.fulfill({ contentType: 'text/css', body: css, headers });
    return route.fulfill({ contentType: 'text/html', body: html, headers });
  });
  await page.goto('http://buttons.test/');
  await page.evaluate(() => document.querySelector('dialog')!.showModal());
});

after(async () => {
  await browser?.close();
});

const expected = [
  ['Delete', 'active'],
  ['Delete', 'focus-visible'],
  ['Delete', 'hover'],
  ['Delete', 'normal'],
  ['Faded', 'active'],
  ['Faded', 'focus-visible'],
  ['Faded', 'hover'],
  ['Faded', 'normal'],
  ['Faint when disabled', 'hover'],
  ['Faint when disabled', 'normal'],
  ['Faint when pressed', 'active'],
  ['Grey when focused', 'focus-visible'],
  ['Pale link', 'focus-visible'],
  ['Pale link', 'normal'],
  ['Red when hovered', 'hover'],
  ['Slowly red', 'active'],
  ['Slowly red', 'hover'],
  ['White on grey glass', 'active'],
  ['White on grey glass', 'focus-visible'],
  ['White on grey glass', 'hover'],
  ['White on grey glass', 'normal'],
];

test('the audit names exactly the buttons unreadable in some state, in the states they fail in', async () => {
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  const failures = await buttonContrastFailures(page);
  assert.deepEqual(
    failures.map((failure) => [failure.text, failure.state]).sort(),
    expected,
    JSON.stringify(failures, null, 1),
  );

  const danger = failures.find((failure) => failure.text === 'Delete' && failure.state === 'normal');
  assert.equal(danger?.foreground, 'rgb(179 38 30)');
  assert.equal(danger?.background, 'rgb(179 38 30)');
  assert.equal(danger?.ratio, 1);
  assert.equal(danger?.where, 'dialog > button.dialog-danger');
  const disabled = failures.find((failure) => failure.text === 'Faint when disabled');
  assert.equal(disabled?.disabled, 'disabled');
  const faded = failures.find((failure) => failure.text === 'Faded' && failure.state === 'normal');
  // 30 % of black over white: the text is light grey, the ground stays white.
  assert.equal(faded?.foreground, 'rgb(187 189 191)');
  assert.equal(faded?.background, 'rgb(255 255 255)');

  // The page is as it was: no state left forced, transitions allowed again, the focus where it was.
  const after = await page.evaluate(() => ({
    focused: document.activeElement?.textContent,
    sheets: document.adoptedStyleSheets.length,
    hoverBad: getComputedStyle(document.querySelector('.hover-bad')!).color,
    slow: getComputedStyle(document.querySelector('.slow')!).transitionDuration,
    audit: '__lanesButtonAudit' in window,
  }));
  assert.deepEqual(after, {
    focused,
    sheets: 0,
    hoverBad: 'rgb(29, 35, 43)',
    slow: '10s, 10s',
    audit: false,
  });

  // Read again (the forced states now remembered): the same answer.
  assert.deepEqual(await buttonContrastFailures(page), failures);
});

test('assertButtonsReadable throws with one line per failure, and passes a readable page', async () => {
  await assert.rejects(
    assertButtonsReadable(page, 'the test page'),
    (error: Error) =>
      /21 button state\(s\) below 4.5:1 on the test page/.test(error.message) &&
      error.message.includes(
        '“Faint when disabled” (button.disabled-bad, disabled) normal: text rgb(170 170 170) on rgb(255 255 255) = 2.32:1 < 4.5:1',
      ) &&
      error.message.includes(
        '“Delete” (dialog > button.dialog-danger) normal, focus-visible: text rgb(179 38 30) on rgb(179 38 30) = 1.00:1 < 4.5:1',
      ) &&
      error.message.includes('“Readable too”') === false,
  );
  await page.evaluate(() => {
    document.querySelector('dialog')!.close();
    for (const bad of document.querySelectorAll('button, a'))
      if (!/^Readable|Waiting/.test(bad.textContent ?? '')) bad.remove();
  });
  await assertButtonsReadable(page, 'the readable page');
});
