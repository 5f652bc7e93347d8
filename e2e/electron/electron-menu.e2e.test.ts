import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, type ElectronApplication } from 'playwright';
import { findElectronBinary } from '../../scripts/electron-binary.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = findElectronBinary(root);

/** Whether the real application menu's item is enabled, read in Electron's main process. */
const enabled = (app: ElectronApplication, id: string): Promise<boolean | undefined> =>
  app.evaluate(({ Menu }, itemId) => Menu.getApplicationMenu()?.getMenuItemById(itemId)?.enabled, id);

/**
 * The application menu in the real app: Lanes' own menus replace Electron's
 * default, items that need a tab follow the renderer, and a click reaches the
 * renderer through the `menu.command` event. Skipped (with the reason) where no
 * Electron binary exists; the same commands are covered in Chromium by
 * e2e/application-menu.e2e.test.ts.
 */
test(
  'Electron: the application menu is Lanes’ own and its items drive the editor',
  { skip: binary.found ? false : `Electron e2e skipped: ${binary.reason}` },
  async () => {
    if (!binary.found) return;
    const dataDir = mkdtempSync(join(tmpdir(), 'lanes-electron-menu-'));
    const app = await electron.launch({
      executablePath: binary.path,
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...process.env, LANES_HOME: dataDir },
    });
    try {
      const page = await app.firstWindow();
      await page.locator('lanes-app .shell').waitFor();
      const labels = await app.evaluate(({ Menu }) =>
        (Menu.getApplicationMenu()?.items ?? []).map((item) => item.label.replace(/&/g, '')),
      );
      const expected = ['File', 'Edit', 'View', 'Window', 'Help'];
      assert.deepEqual(process.platform === 'darwin' ? labels.slice(1) : labels, expected);
      assert.equal(await enabled(app, 'save'), false, 'no Save without a tab');

      await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('newDiagram')?.click());
      await page.locator('[data-element-id="StartEvent_1"]').waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=editor-tab-select]').length === 1,
      );
      for (let tries = 0; !(await enabled(app, 'save')) && tries < 50; tries++) await page.waitForTimeout(20);
      assert.equal(await enabled(app, 'save'), true, 'Save applies once a tab is open');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
