/**
 * Issue 41, "a tab's state derived in one place", walked in Chromium against
 * the emulator: a colleague deletes on the service the process I have open.
 * The next sync tells the tab: it says the process is gone, keeps the diagram
 * and turns read-only (no palette, no Publish). It stays read-only whatever
 * arrives after: another sync, and later news of the element's header that
 * says it could be edited (as main sends it after a send the service refused,
 * or an action in Lanes). The tab's read-only state is derived in TabState
 * (renderer/modeler/tab/tab-state.ts); the canvas follows it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { useDemoPage } from './harness/demo-page.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';
import { clientsFor } from '../main/sync/emulator-clients.test-support.ts';

describe('a process deleted on the service while its tab is open', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;

  useDemoPage((started) => ({ world, page, editor } = started));

  const tab = (selector: string) => page.locator(`lanes-editor-tab:visible ${selector}`);
  const deletedBanner = () => tab('[data-testid=editor-deleted-banner]');

  /** What the user meets: the canvas refuses edits (the editor CSS keys on the class) and Publish is off. */
  async function readOnly(): Promise<{ canvas: boolean; publish: string | null; palette: boolean }> {
    return {
      canvas: (await tab('[data-testid=bpmn-canvas] .lanes-read-only').count()) > 0,
      publish: await tab('[data-testid=editor-publish]').getAttribute('aria-disabled'),
      palette: await tab('.djs-palette').isVisible(),
    };
  }

  /** "Sync now", to its end (the look at the open tabs after the pull included). */
  async function syncNow(): Promise<void> {
    const running = page.locator('button.sync-now[disabled]').waitFor({ state: 'attached' });
    await page.locator('button.sync-now').click();
    await running;
    await page.locator('button.sync-now:not([disabled])').waitFor({ timeout: 60_000 });
  }

  test('the next sync makes the tab read-only, and it stays so after another sync and later news', async () => {
    const process = demoProcesses(world.emulator)
      .filter(isEditable)
      .sort((a, b) => a.shapes - b.shapes)[0];
    assert.ok(process, 'the demo seed has an editable process');
    await editor.open(process.id);
    assert.deepEqual(
      await readOnly(),
      { canvas: false, publish: 'false', palette: true },
      'editable at first',
    );

    await clientsFor(world.emulator.config).process.deleteElement('processes', 'processList', process.id);
    await syncNow();
    await deletedBanner().waitFor({ timeout: 30_000 });
    assert.deepEqual(
      await readOnly(),
      { canvas: true, publish: 'true', palette: false },
      'read-only once told',
    );
    await tab('[data-testid=bpmn-canvas] g.djs-element').first().waitFor();
    await assertReadable(deletedBanner().locator('span'), 'the deleted banner');

    await syncNow();
    assert.equal(await deletedBanner().count(), 1, 'still said after another sync');
    assert.deepEqual(
      await readOnly(),
      { canvas: true, publish: 'true', palette: false },
      'after another sync',
    );

    // Later news of the element, as main tells it after a refused send or an action in Lanes, with a
    // header that would let it be edited: the tab takes the header, and stays read-only.
    world.harness.emit('editor.documentState', {
      id: process.id,
      deleted: false,
      state: 'inReview',
      versionId: null,
      versionLabel: null,
      changedOn: null,
      readOnly: null,
      canCreateVersion: false,
    });
    await tab('[data-testid=editor-doc-state]').filter({ hasText: 'In review' }).waitFor();
    assert.equal(await deletedBanner().count(), 1, 'the banner stays');
    assert.deepEqual(await readOnly(), { canvas: true, publish: 'true', palette: false }, 'after later news');

    await inEveryLook(world, 'editor-deleted-on-service', async ({ language }) => {
      if (language === 'de')
        await deletedBanner()
          .locator('span')
          .filter({ hasText: /gelöscht/ })
          .waitFor();
      await assertReadable(deletedBanner().locator('span'), 'the deleted banner');
    });
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
