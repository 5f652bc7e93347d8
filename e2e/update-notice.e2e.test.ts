/**
 * Updates as the user sees them: the real UpdateController on the main side
 * (with a stand-in for electron-updater, which needs Electron) sends its
 * `updates.status` events to the real renderer; the status bar shows the
 * download's progress and "Restart to Update", and main refuses the restart
 * while the outbox is being sent or a tab has unsaved changes (the editor's
 * own quit guard answers), saying why.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Page } from 'playwright';
import { UpdateController, type Updater } from '../main/updates/update-controller.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';
import { EditorDriver } from './harness/editor-driver.ts';
import { seriousViolations } from './harness/axe.ts';
import { saveScreenshot } from './harness/screenshots.ts';
import { contrastRatio, seenColours } from './harness/contrast.ts';

class StandInUpdater extends EventEmitter implements Updater {
  installs = 0;
  async checkForUpdates(): Promise<unknown> {
    return null;
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
}

describe('update notice in the status bar', () => {
  let harness: LanesHarness;
  let page: Page;
  const updater = new StandInUpdater();
  let syncRunning = false;
  let controller: UpdateController | undefined;

  before(async () => {
    harness = await startLanesHarness({
      restartForUpdate: (request) => controller!.restart(request),
    });
    page = harness.page;
    controller = new UpdateController({
      updater,
      emit: (status) => harness.emit('updates.status', status),
      syncRunning: async () => syncRunning,
      log: () => {},
    });
    await page.locator('lanes-app .shell').waitFor();
  });
  after(async () => {
    await harness?.close();
  });

  const notice = () => page.locator('lanes-update-notice');

  test('a download shows its version and progress', async () => {
    updater.emit('update-available', { version: '0.2.0' });
    await notice().getByText('Downloading Lanes 0.2.0…').waitFor();
    updater.emit('download-progress', { percent: 42.4 });
    const progress = notice().getByRole('progressbar', { name: 'Download progress' });
    await page.waitForFunction(
      () => document.querySelector<HTMLProgressElement>('lanes-update-notice progress')?.value === 42,
    );
    assert.ok(await progress.isVisible());
    await saveScreenshot(page, 'update-downloading');
  });

  test('when downloaded it waits for the user, and refuses to restart while the outbox is sent', async () => {
    updater.emit('update-downloaded', { version: '0.2.0' });
    const restart = notice().getByRole('button', { name: 'Restart to Update' });
    await restart.waitFor();
    assert.equal(updater.installs, 0, 'nothing restarts on its own');
    syncRunning = true;
    await restart.click();
    await notice()
      .getByTestId('update-blocked')
      .getByText(/sending changes to the service/)
      .waitFor();
    assert.equal(updater.installs, 0);
  });

  test('readable and accessible in light and dark, English and German', async () => {
    for (const uiLanguage of ['en', 'de'] as const) {
      const switched = await harness.services.dispatch('settings.update', { uiLanguage });
      assert.ok(switched.ok);
      await page.locator(`html[lang=${uiLanguage}]`).waitFor();
      const restartLabel = uiLanguage === 'de' ? 'Neu starten und aktualisieren' : 'Restart to Update';
      await notice().getByRole('button', { name: restartLabel }).click();
      await notice()
        .getByTestId('update-blocked')
        .getByText(uiLanguage === 'de' ? /sendet gerade Änderungen/ : /sending changes to the service/)
        .waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const part of [notice().getByTestId('update-status'), notice().getByTestId('update-blocked')]) {
          const seen = await seenColours(part);
          const ratio = contrastRatio(seen.foreground, seen.background);
          assert.ok(
            ratio >= 4.5,
            `${uiLanguage}/${colorScheme} "${seen.text}": contrast ${ratio.toFixed(2)}`,
          );
        }
        const box = (await notice().boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 1280, 'the notice fits the window width');
        assert.deepEqual(await seriousViolations(page, 'lanes-update-notice'), []);
        await saveScreenshot(page, `update-ready-blocked-${uiLanguage}-${colorScheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok((await harness.services.dispatch('settings.update', { uiLanguage: 'en' })).ok);
    await page.locator('html[lang=en]').waitFor();
    assert.equal(updater.installs, 0);
  });

  test('it refuses while a tab has unsaved changes, as the quit guard sees them', async () => {
    syncRunning = false;
    harness.emit('menu.command', { command: 'newDiagram' });
    await page.locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]').waitFor();
    await new EditorDriver(page).rename('StartEvent_1', 'Changed, not saved');
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor();
    await notice().getByRole('button', { name: 'Restart to Update' }).click();
    await notice()
      .getByTestId('update-blocked')
      .getByText(/Save or close the diagrams/)
      .waitFor();
    assert.equal(updater.installs, 0);
  });
});
