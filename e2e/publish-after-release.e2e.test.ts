/**
 * Issue 39, item 4, walked in Chromium against the emulator: I hold a draft,
 * a colleague releases the process on the service, and I publish before any
 * sync. The service refuses; the tab says my publish did not go through,
 * keeps my draft and offers "Create a new version and publish into it" right
 * there (not only after the next sync). Clicking it makes one new version
 * with my draft in it, sent once; offline, it waits as one operation and the
 * next sync sends it, once. Offline is the emulator refusing every request
 * (503); the new states are looked at in light and dark, English and German.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { useDemoPage } from './harness/demo-page.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { flowElementsOf, serviceBpmn, type EditorDriver } from './harness/editor-driver.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';
import { clientsFor } from '../main/sync/emulator-clients.test-support.ts';

describe('a publish refused because a colleague released the process', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const taken = new Set<string>();

  useDemoPage((started) => ({ world, page, editor } = started));

  const tab = (selector: string) => page.locator(`lanes-editor-tab:visible ${selector}`);
  const offer = () => tab('[data-testid=editor-draft-on-released]');
  const intoNewVersion = () => tab('[data-testid=editor-publish-into-new-version]');

  /** A small editable process no other test used, with its first plain task. */
  async function takeProcess(): Promise<{ id: string; task: string }> {
    const editable = demoProcesses(world.emulator).filter(isEditable);
    for (const { id } of editable.sort((a, b) => a.shapes - b.shapes)) {
      if (taken.has(id)) continue;
      const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
      const task = nodes.find((node) => node.type === 'bpmn:Task');
      if (!task) continue;
      taken.add(id);
      return { id, task: task.id };
    }
    assert.fail('the demo seed has an unused editable process with a task');
  }

  /** The versions the service holds of the process (one row each in the emulator's store). */
  const versions = (id: string): number =>
    (world.emulator.db.prepare('SELECT COUNT(*) AS n FROM elements WHERE id = ?').get(id) as { n: number }).n;

  const offline = () => world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
  const online = () => world.emulator.faults.clear();

  /**
   * "Sync now", to its end: the pull (and the look at the open tabs after it) is over, so nothing it
   * learns reaches the next step's tab behind its back.
   */
  async function syncNow(): Promise<void> {
    const button = page.locator('button.sync-now');
    const running = page.locator('button.sync-now[disabled]').waitFor({ state: 'attached' });
    await button.click();
    await running;
    await page.getByTestId('sync-queued').filter({ hasText: /^0 / }).waitFor();
    await page.locator('button.sync-now:not([disabled])').waitFor();
  }

  /** Lint warnings are accepted, as a modeler would; resolves once `settled` shows. */
  async function acceptWarningsUntil(settled: string): Promise<void> {
    const warnings = tab('[data-testid=editor-warnings-dialog] [data-role=confirm]');
    const done = tab(settled);
    await Promise.race([warnings.waitFor(), done.first().waitFor()]);
    if (await warnings.isVisible()) await warnings.click();
    await done.first().waitFor();
  }

  /**
   * I open the process and rename a task (a saved draft); a colleague releases
   * it on the service; I press Publish before any sync. The service refuses.
   */
  async function publishAfterColleagueReleased(name: string): Promise<{ id: string; task: string }> {
    const process = await takeProcess();
    await editor.open(process.id);
    await editor.rename(process.task, name);
    await editor.saveDraft();
    await clientsFor(world.emulator.config).process.changeState(process.id, 'InProcessToReleased', {
      ignoreWarnings: true,
    });
    await tab('[data-testid=editor-publish]').click();
    await acceptWarningsUntil('[data-testid=editor-draft-on-released][data-refused=true]');
    return process;
  }

  /** The refusal as the tab shows it: why, the draft kept, and the way on right there. */
  async function assertTheWayOnIsOffered(name: string): Promise<void> {
    assert.match(
      (await offer().locator('span').first().textContent()) ?? '',
      /Not published: this process became “Released” on the service meanwhile/,
    );
    assert.ok(await intoNewVersion().isVisible(), 'the offer is right there, before any sync');
    assert.equal((await intoNewVersion().textContent())?.trim(), 'Create a new version and publish into it');
    // Only the one banner: no bare "the service did not take the diagram" beside it.
    assert.equal(await tab('[data-testid=editor-publish-result]').count(), 0);
    // The draft is kept, on the canvas and as the tab's source; the tab is read-only now.
    assert.equal(await tab('[data-testid=editor-source]').getAttribute('data-source'), 'draft');
    await tab(`[data-testid=bpmn-canvas] text`).filter({ hasText: name }).first().waitFor();
    assert.equal(await tab('[data-testid=editor-publish]').getAttribute('aria-disabled'), 'true');
    await tab('[data-testid=editor-doc-state]').filter({ hasText: 'Released' }).waitFor();
    await assertReadable(offer().locator('span').first(), 'the refusal');
  }

  test('online: the refusal offers "create a new version and publish into it" right there; it is sent once', async () => {
    const name = 'Checked twice';
    const process = await publishAfterColleagueReleased(name);
    const before = versions(process.id);
    await assertTheWayOnIsOffered(name);
    await inEveryLook(world, 'publish-refused-released', async ({ language }) => {
      if (language === 'de') {
        await offer().getByText('Nicht veröffentlicht').waitFor();
        await intoNewVersion().getByText('Neue Version anlegen und darin veröffentlichen').waitFor();
      }
      await assertReadable(intoNewVersion(), 'the offer');
    });

    await intoNewVersion().click();
    await acceptWarningsUntil('[data-testid=editor-publish-result][data-outcome=published]');
    await tab('[data-testid=editor-doc-state]').filter({ hasText: 'In process' }).waitFor();
    assert.equal(await offer().count(), 0);
    assert.equal(versions(process.id), before + 1, 'one new version');
    const kept = await flowElementsOf(await serviceBpmn(world.emulator.config, process.id));
    assert.equal(kept.get(process.task)?.name, name, 'my draft is in it');
    await syncNow();
    assert.equal(versions(process.id), before + 1, 'sent once');
    assert.deepEqual(world.harness.pageErrors, []);
  });

  test('offline: the offer queues one operation, and the next sync sends it once', async () => {
    const name = 'Signed on the train';
    const process = await publishAfterColleagueReleased(name);
    const before = versions(process.id);
    await assertTheWayOnIsOffered(name);

    offline();
    try {
      await intoNewVersion().click();
      await acceptWarningsUntil('[data-testid=editor-draft-on-released][data-waiting=true]');
      assert.equal(await intoNewVersion().count(), 0, 'asked once, it is not offered again');
      await page.getByTestId('sync-queued').filter({ hasText: /^1 / }).waitFor();
      await inEveryLook(world, 'publish-refused-new-version-queued', async ({ language }) => {
        if (language === 'de') await offer().getByText('Wartet auf Veröffentlichung').waitFor();
      });
    } finally {
      online();
    }
    assert.equal(versions(process.id), before, 'nothing sent while offline');

    await syncNow();
    await tab('[data-testid=editor-publish-result][data-outcome=published]').waitFor();
    await tab('[data-testid=editor-doc-state]').filter({ hasText: 'In process' }).waitFor();
    assert.equal(await offer().count(), 0);
    assert.equal(versions(process.id), before + 1, 'one new version');
    const kept = await flowElementsOf(await serviceBpmn(world.emulator.config, process.id));
    assert.equal(kept.get(process.task)?.name, name, 'my draft is in it');
    await syncNow();
    assert.equal(versions(process.id), before + 1, 'sent once');
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
