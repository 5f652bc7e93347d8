/**
 * The core loop off the happy path (issue 23), walked in Chromium against the
 * emulator as a modeler walks it: a publish made offline and delivered by
 * "Sync now", my own change coming back from the service, a hand-merged
 * review, and a release while a draft is open. Offline is the emulator
 * refusing every request (503); each step is looked at in light and dark,
 * English and German.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { useDemoPage } from './harness/demo-page.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import {
  changeOnService,
  flowElementsOf,
  renameIn,
  serviceBpmn,
  type EditorDriver,
} from './harness/editor-driver.ts';
import { inEveryLook } from './harness/looks.ts';
import { clientsFor } from '../main/sync/emulator-clients.test-support.ts';

describe('publishing off the happy path', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const taken = new Set<string>();

  useDemoPage((started) => ({ world, page, editor } = started));

  const tab = (selector: string) => page.locator(`lanes-editor-tab:visible ${selector}`);
  const result = () => tab('[data-testid=editor-publish-result]');

  /** An editable process no other journey used, with its plain tasks. */
  async function takeProcess(): Promise<{ id: string; tasks: string[] }> {
    // Small diagrams first: each step's screenshot should show what changed.
    const editable = demoProcesses(world.emulator).filter(isEditable);
    for (const { id } of editable.sort((a, b) => a.shapes - b.shapes)) {
      if (taken.has(id)) continue;
      const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
      const tasks = nodes.filter((node) => node.type === 'bpmn:Task').map((node) => node.id);
      if (tasks.length < 2) continue;
      taken.add(id);
      return { id, tasks };
    }
    assert.fail('the demo seed has an unused editable process with two tasks');
  }

  const offline = () => world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
  const online = () => world.emulator.faults.clear();

  async function syncNow(): Promise<void> {
    await page.locator('button.sync-now').click();
    await page.getByTestId('sync-queued').filter({ hasText: /^0 / }).waitFor();
  }

  /** A text annotation on a task, from the task's context pad: the service does not keep those. */
  async function annotate(taskId: string, text: string): Promise<string> {
    const before = new Set(await editor.drawnIds());
    await editor.selectWithContextPad(taskId);
    await tab('.djs-context-pad .entry[data-action="append.text-annotation"]').click();
    await page.locator('.djs-direct-editing-parent').waitFor();
    await page.keyboard.type(text);
    // A click elsewhere ends the editing and keeps the text (Escape would throw it away).
    await editor.canvas.click({ position: { x: 5, y: 5 } });
    await page.locator('.djs-direct-editing-parent').waitFor({ state: 'hidden' });
    const added = (await editor.drawnIds()).filter((id) => !before.has(id));
    const note = added.find((id) => /TextAnnotation/.test(id));
    assert.ok(note, `an annotation was added (${added.join(', ')})`);
    return note;
  }

  /** "Create a new version and publish into it": lint warnings are accepted, as Publish does. */
  async function publishIntoNewVersion(): Promise<void> {
    await tab('[data-testid=editor-publish-into-new-version]').click();
    const warnings = tab('[data-testid=editor-warnings-dialog] [data-role=confirm]');
    const settled = tab(
      '[data-testid=editor-publish-result], [data-testid=editor-draft-on-released][data-waiting=true]',
    );
    await Promise.race([warnings.waitFor(), settled.first().waitFor()]);
    if (await warnings.isVisible()) await warnings.click();
  }

  const drawn = async (id: string): Promise<boolean> => (await editor.drawnIds()).includes(id);

  test('offline publish delivered by Sync now: the same "not kept" banner as publish now, the service\'s version on the canvas', async () => {
    // Published right away, for comparison.
    const direct = await takeProcess();
    await editor.open(direct.id);
    await annotate(direct.tasks[0]!, 'Ask finance first');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');
    const directBanner = (await result().locator('span').first().textContent())?.trim();
    assert.equal(await result().getAttribute('data-not-kept'), '2');

    // The same edit, made offline and delivered by "Sync now".
    const later = await takeProcess();
    await editor.open(later.id);
    offline();
    let note: string;
    try {
      note = await annotate(later.tasks[0]!, 'Ask finance first');
      await editor.saveDraft();
      assert.equal(await editor.publish(), 'queued');
      await inEveryLook(world, 'journey-offline-publish-queued');
    } finally {
      online();
    }
    await syncNow();
    const banner = result().and(page.locator('[data-outcome=published][data-not-kept="2"]'));
    await banner.waitFor();
    assert.equal(await banner.getAttribute('role'), 'alert', 'a loss is announced, not a quiet "Published"');
    assert.equal((await banner.locator('span').first().textContent())?.trim(), directBanner);
    await banner.getByTestId('not-kept-toggle').click();
    assert.equal(await banner.locator('[data-testid=not-kept-list] li').count(), 2);
    // The canvas shows what the service now holds: the annotation is gone, the tab is clean and live.
    await page.waitForFunction(
      (id) =>
        !document.querySelector(`lanes-editor-tab:not([hidden]) g.djs-element[data-element-id="${id}"]`),
      note,
    );
    assert.equal(await tab('[data-testid=editor-source]').getAttribute('data-source'), 'live');
    assert.equal(
      await page
        .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
        .count(),
      0,
    );
    await inEveryLook(world, 'journey-offline-publish-delivered', async ({ language }) => {
      if (language === 'de') await banner.getByText('nicht alles übernommen', { exact: false }).waitFor();
    });

    // What the service dropped is offered back as a draft, not lost.
    await banner.getByTestId('editor-restore-sent').click();
    await tab('[data-testid=editor-source][data-source=draft]').waitFor();
    assert.ok(await drawn(note), 'the annotation is back, in a draft');
    await inEveryLook(world, 'journey-offline-publish-restored');
    // Closing asks nothing: the draft is stored, nothing on screen is unsaved.
    await page
      .locator(`[data-testid=editor-tab][data-tab-key$=":${later.id}"] [data-testid=editor-tab-close]`)
      .click();
    assert.equal(
      await page.locator('[data-testid=editor-close-dialog] dialog[open]').count(),
      0,
      'nothing unsaved',
    );
    assert.deepEqual(world.harness.pageErrors, []);
  });

  test('my own change delivered by sync never comes back as "their change"', async () => {
    const process = await takeProcess();
    await editor.open(process.id);
    offline();
    try {
      await editor.rename(process.tasks[0]!, 'Renamed on the train');
      await annotate(process.tasks[1]!, 'Only for us');
      await editor.saveDraft();
      assert.equal(await editor.publish(), 'queued');
    } finally {
      online();
    }
    await syncNow();
    await result().and(page.locator('[data-outcome=published]')).waitFor();

    // Going on in the same tab: the next publish goes straight through, no review of my own rename.
    await editor.rename(process.tasks[1]!, 'Renamed back at the desk');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');
    assert.equal(await tab('[data-testid=editor-conflict-banner]').count(), 0);
    await inEveryLook(world, 'journey-own-change-published');
    const names = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, process.id))).values()]
      .filter((node) => process.tasks.includes(node.id))
      .map((node) => node.name);
    assert.ok(
      names.includes('Renamed on the train') && names.includes('Renamed back at the desk'),
      names.join(),
    );
  });

  test('a hand-merged publish closes the draft, and the next publish needs no review', async () => {
    const process = await takeProcess();
    await editor.open(process.id);
    await editor.rename(process.tasks[0]!, 'Mine');
    await annotate(process.tasks[0]!, 'Note for the team');
    await editor.saveDraft();
    // A colleague renames the other task meanwhile.
    await changeOnService(world.emulator.config, process.id, (definitions) =>
      renameIn(definitions, process.tasks[1]!, 'Theirs'),
    );
    assert.equal(await editor.publish(), 'conflict');
    await tab('[data-testid=editor-conflict-banner][data-outcome=review]').waitFor();
    await inEveryLook(world, 'journey-hand-merge-review');

    // Merged by hand: their name taken over in my diagram, saved, published as the resolution.
    await editor.rename(process.tasks[1]!, 'Theirs');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');
    await tab('[data-testid=editor-source][data-source=live]').waitFor();
    await inEveryLook(world, 'journey-hand-merge-published');

    await editor.rename(process.tasks[0]!, 'Mine, next day');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published', 'nobody changed anything: no review');
    assert.equal(await tab('[data-testid=editor-conflict-banner]').count(), 0);
  });

  test('released while a draft is open: "create a new version and publish into it", offline too, sent once', async () => {
    const versions = (id: string): number =>
      (
        world.emulator.db.prepare('SELECT COUNT(*) AS n FROM elements WHERE id = ?').get(id) as {
          n: number;
        }
      ).n;

    // Released from Lanes (the element page's action) while the draft is open: the tab knows at once.
    const process = await takeProcess();
    await editor.open(process.id);
    await editor.rename(process.tasks[0]!, 'For the next version');
    await editor.saveDraft();
    const released = await world.harness.services.dispatch('workspace.transition', {
      facet: 'processes',
      view: 'processList',
      id: process.id,
      transitionId: 'InProcessToReleased',
      ignoreWarnings: true,
    });
    assert.ok(released.ok);
    const offer = tab('[data-testid=editor-draft-on-released]');
    await offer.waitFor();
    await tab('[data-testid=editor-doc-state]').filter({ hasText: 'Released' }).waitFor();
    await inEveryLook(world, 'journey-released-with-draft', async ({ language }) => {
      if (language === 'de') await offer.getByText('darin veröffentlichen').waitFor();
    });

    // Offline: one queued operation.
    const before = versions(process.id);
    offline();
    try {
      await publishIntoNewVersion();
      await tab('[data-testid=editor-draft-on-released][data-waiting=true]').waitFor();
      await inEveryLook(world, 'journey-released-new-version-queued');
    } finally {
      online();
    }
    await page.getByTestId('sync-queued').filter({ hasText: /^1 / }).waitFor();
    await syncNow();
    await result().and(page.locator('[data-outcome=published]')).waitFor();
    await tab('[data-testid=editor-doc-state]').filter({ hasText: 'In process' }).waitFor();
    assert.equal(await offer.count(), 0);
    assert.equal(versions(process.id), before + 1, 'one new version');
    assert.match(await serviceBpmn(world.emulator.config, process.id), /name="For the next version"/);
    await inEveryLook(world, 'journey-released-new-version-published');
    await syncNow();
    assert.equal(versions(process.id), before + 1, 'delivered once');

    // Released elsewhere: the next sync tells the tab, and publishing into a new version works online.
    const elsewhere = await takeProcess();
    await editor.open(elsewhere.id);
    await editor.rename(elsewhere.tasks[0]!, 'Also for a new version');
    await editor.saveDraft();
    await clientsFor(world.emulator.config).process.changeState(elsewhere.id, 'InProcessToReleased', {
      ignoreWarnings: true,
    });
    await syncNow();
    await offer.waitFor();
    await publishIntoNewVersion();
    await result().and(page.locator('[data-outcome=published]')).waitFor();
    assert.match(await serviceBpmn(world.emulator.config, elsewhere.id), /name="Also for a new version"/);
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
