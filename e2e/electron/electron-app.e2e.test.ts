import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron } from 'playwright';
import { findElectronBinary } from '../../scripts/electron-binary.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = findElectronBinary(root);

/**
 * The real desktop app, through Playwright's Electron driver. It runs wherever
 * an Electron binary exists (a developer machine, or ELECTRON_OVERRIDE_DIST_PATH);
 * elsewhere it is reported as skipped with the reason, never faked.
 */
test(
  'Electron: the packaged shell loads the renderer over lanes:// and answers through real IPC',
  { skip: binary.found ? false : `Electron e2e skipped: ${binary.reason}` },
  async () => {
    if (!binary.found) return;
    const dataDir = mkdtempSync(join(tmpdir(), 'lanes-electron-e2e-'));
    const app = await electron.launch({
      executablePath: binary.path,
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...process.env, LANES_HOME: dataDir },
    });
    try {
      const page = await app.firstWindow();
      assert.match(page.url(), /^lanes:\/\/app\/index\.html/);
      await page.getByRole('button', { name: 'About Lanes' }).click();
      await page.getByTestId('data-dir').waitFor();
      assert.equal(await page.getByTestId('data-dir').textContent(), dataDir);
      assert.equal(await page.getByTestId('transport').textContent(), 'Electron IPC');

      const isolation = await page.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        lanesKeys: Object.keys((window as unknown as { lanes?: object }).lanes ?? {}).sort(),
      }));
      assert.deepEqual(isolation, {
        require: 'undefined',
        process: 'undefined',
        lanesKeys: ['invoke', 'on'],
      });

      const opened = await page.evaluate(() => window.open('https://example.com') === null);
      assert.equal(opened, true, 'window.open is denied');
      await page.evaluate(() => {
        window.location.href = 'https://example.com/';
      });
      await page.waitForTimeout(300);
      assert.match(page.url(), /^lanes:\/\/app\//, 'navigation away is denied');

      await page.getByRole('button', { name: 'Welcome' }).click();
      await page.getByRole('button', { name: 'Start a new diagram' }).click();
      await page.locator('[data-element-id="StartEvent_1"]').waitFor();
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
