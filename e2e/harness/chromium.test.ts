import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromiumPath } from './chromium.ts';

const only =
  (...present: string[]) =>
  (path: string): boolean =>
    present.includes(path);

test('CHROMIUM_PATH wins; a wrong one is said, not silently replaced', () => {
  assert.equal(
    chromiumPath({
      env: { CHROMIUM_PATH: '/opt/c/chrome' },
      platform: 'linux',
      exists: only('/opt/c/chrome', '/usr/bin/chromium'),
    }),
    '/opt/c/chrome',
  );
  assert.throws(
    () =>
      chromiumPath({ env: { CHROMIUM_PATH: '/nope' }, platform: 'linux', exists: only('/usr/bin/chromium') }),
    /CHROMIUM_PATH is set, but there is no browser at \/nope/,
  );
});

test('then the usual install of each OS, then Playwright’s own Chromium', () => {
  assert.equal(
    chromiumPath({ env: {}, platform: 'linux', exists: only('/usr/bin/chromium') }),
    '/usr/bin/chromium',
  );
  assert.equal(
    chromiumPath({ env: {}, platform: 'linux', exists: only('/usr/bin/chromium-browser') }),
    '/usr/bin/chromium-browser',
  );
  const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
  assert.equal(chromiumPath({ env: {}, platform: 'darwin', exists: only(mac) }), mac);
  const windows = chromiumPath({
    env: { LOCALAPPDATA: 'C:/Users/u/AppData/Local' },
    platform: 'win32',
    exists: (path) => path.includes('Chromium') && path.endsWith('chrome.exe'),
  });
  assert.ok(windows.startsWith('C:/Users/u/AppData/Local'), windows);
  const bundled = '/root/.cache/ms-playwright/chromium-1/chrome-linux/chrome';
  assert.equal(
    chromiumPath({ env: {}, platform: 'darwin', exists: only(bundled), playwrightChromium: () => bundled }),
    bundled,
  );
  assert.throws(
    () => chromiumPath({ env: {}, platform: 'linux', exists: only(), playwrightChromium: () => bundled }),
    /No Chromium was found .*apt-get install -y chromium.*npx playwright install chromium.*CHROMIUM_PATH/,
  );
});
