/**
 * The first five defects of issue 12, each checked the way a modeler meets it:
 * what the page paints (contrast, visible badges), what the status bar says,
 * and whether an open tab follows what happened to its process elsewhere.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { contrastRatio, seenColours } from './harness/contrast.ts';
import { demoProcesses, type DemoProcess, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { changeOnService, firstTaskOf, renameIn } from './harness/editor-driver.ts';
import { useLanguage } from './harness/looks.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const schemes = ['light', 'dark'] as const;
const languages = ['en', 'de'] as const;

describe('modeler defects of issue 12: readable buttons, visible lint, a status bar and tabs that follow', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let processes: DemoProcess[];
  const taken = new Set<string>();

  function takeProcess(description: string): string {
    const found = processes.find((row) => !taken.has(row.id) && row.state === 'inProcess' && row.shapes >= 3);
    assert.ok(found, `the demo seed has ${description}`);
    taken.add(found.id);
    return found.id;
  }

  /** Text that is there, shown, and readable against what is painted behind it (WCAG AA). */
  async function assertReadable(locator: Locator, what: string): Promise<void> {
    const seen = await seenColours(locator);
    assert.ok(seen.text.length > 0, `${what} has text`);
    assert.ok(seen.visible, `${what} is visible`);
    const ratio = contrastRatio(seen.foreground, seen.background);
    assert.ok(ratio >= 4.5, `${what}: contrast ${ratio.toFixed(2)} < 4.5 (${JSON.stringify(seen)})`);
  }

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
    processes = demoProcesses(world.emulator);
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('1. "Edit diagram" and the element page\'s buttons are readable in light and dark', async () => {
    const id = takeProcess('a process with a diagram');
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
    const elementPage = page.locator(`[data-testid=element-page][data-element-id="${id}"]`);
    const editLink = page.getByTestId('element-edit-diagram');
    await editLink.waitFor();
    for (const language of languages) {
      await useLanguage(world, language);
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        await assertReadable(editLink, `"Edit diagram" (${language}, ${colorScheme})`);
        const buttons = elementPage.locator('button:visible, a.button-link:visible');
        for (let i = 0; i < (await buttons.count()); i++)
          await assertReadable(
            buttons.nth(i),
            `button ${i} of the element page (${language}, ${colorScheme})`,
          );
        await saveScreenshot(page, `element-page-${colorScheme}-${language}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await useLanguage(world, 'en');
  });

  test('2. a lint error shows on the canvas as a filled badge with a readable popover, light and dark', async () => {
    const id = takeProcess('a process to break');
    await editor.open(id);
    const loose = await editor.dropLooseTask('Leads nowhere');
    const overlay = page.locator(`lanes-editor-tab:visible .djs-overlays[data-container-id="${loose}"]`);
    const badge = overlay.locator('.bjsl-icon-error').first();
    await badge.waitFor();
    for (const language of languages) {
      await useLanguage(world, language);
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        await page.mouse.move(0, 0);
        const seenBadge = await seenColours(badge);
        assert.ok(seenBadge.visible, `the error badge is visible (${colorScheme})`);
        assert.ok(
          seenBadge.ownBackground.a > 0.9,
          `the error badge is filled (${colorScheme}): ${JSON.stringify(seenBadge)}`,
        );
        const ratio = contrastRatio(seenBadge.foreground, seenBadge.background);
        assert.ok(ratio >= 4.5, `the badge's mark stands out: ${ratio.toFixed(2)} (${colorScheme})`);

        await badge.hover();
        const issues = overlay.locator('.bjsl-issues').first();
        await issues.waitFor();
        const box = await seenColours(issues);
        assert.ok(box.ownBackground.a > 0.9, `the popover has a box (${colorScheme})`);
        await assertReadable(issues.locator('.message').first(), `the lint message (${colorScheme})`);
        await saveScreenshot(page, `editor-lint-error-${colorScheme}-${language}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await useLanguage(world, 'en');
  });

  let conflicted: { id: string; task: string } | undefined;

  test('3b. with a conflict waiting, the status bar counts it', async () => {
    const id = takeProcess('a process for a conflict');
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    await editor.rename(task, 'Mine, in the tab');
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (definitions) =>
      renameIn(definitions, task, 'Theirs, on the service'),
    );
    assert.equal(await editor.publish(), 'conflict');
    await page.getByTestId('sync-conflicts').filter({ hasText: /^1 / }).waitFor({ timeout: 5_000 });
    conflicted = { id, task };
  });

  test('4. resolving in the conflict view updates the open tab without a reload', async () => {
    assert.ok(conflicted, 'the conflict test ran first');
    const { id } = conflicted;
    const tabSelect = page.locator(`[data-testid=editor-tab-select][data-tab-key$=":${id}"]`);
    await tabSelect.locator('[data-testid=editor-badge][data-badge=conflict]').waitFor();
    await page
      .locator('lanes-editor-tab:visible')
      .evaluate((tab) => Object.assign(tab, { e2eOpenedBefore: true }));
    await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=conflict]').waitFor();
    await page.locator('[data-testid=conflict-keep-mine]').click();
    await page.locator('[data-testid=conflict-confirm] dialog[open] [data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();

    // Back to the same tab, which stayed open all along (no reload): it knows.
    await editor.open(id);
    assert.equal(
      await page.locator('lanes-editor-tab:visible').evaluate((tab) => 'e2eOpenedBefore' in tab),
      true,
      'the same tab element, not a new one',
    );
    await tabSelect.locator('[data-testid=editor-badge]').waitFor({ state: 'detached', timeout: 5_000 });
    const panel = page.locator('lanes-editor-tab:visible');
    await panel.locator('[data-testid=editor-conflict-banner]').waitFor({ state: 'detached' });
    assert.notEqual(
      await panel.locator('[data-testid=editor-source]').getAttribute('data-source'),
      'draft',
      'the draft was published, so the tab no longer says "Draft saved"',
    );
    assert.equal(await page.getByTestId('sync-conflicts').count(), 0, 'the status bar has no conflict');
  });

  test('5. "Fix the N errors before publishing" goes away once the errors are fixed', async () => {
    const id = takeProcess('a process to break and mend');
    await editor.open(id);
    const loose = await editor.dropLooseTask('Leads nowhere either');
    await page.locator('lanes-editor-tab:visible [data-testid=editor-publish]').click();
    const blocked = page.locator('lanes-editor-tab:visible [data-testid=editor-publish-blocked]');
    await blocked.waitFor();
    // Selected before Delete, clicked where the task is on top (the banner or a lint badge may cover part of it).
    await editor.selectWithContextPad(loose).catch(async (e) => {
      await page.screenshot({ path: '/tmp/dbg6.png' });
      throw e;
    });
    await editor.shape(loose).and(page.locator('.selected')).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Delete');
    await editor.shape(loose).waitFor({ state: 'detached', timeout: 10_000 });
    // The lint runs again in its worker before the banner goes.
    await blocked.waitFor({ state: 'detached', timeout: 15_000 });
  });

  test('3a. publishes that could not be sent are counted as waiting in the status bar', async () => {
    // Both are opened while the service answers: a process never seen cannot be opened offline.
    const ids = [takeProcess('a process to publish offline'), takeProcess('another one')];
    for (const id of ids) await editor.open(id);
    const fault = world.emulator.faults.add({
      route: '*/_api/v1/bpmn/*',
      method: 'POST',
      failRate: 1,
      status: 503,
    });
    try {
      // The first finds the service unavailable; the second is queued without trying it.
      for (const [index, id] of ids.entries()) {
        const task = await firstTaskOf(world.emulator.config, id);
        await editor.open(id);
        await editor.rename(task, `Published on the train, ${index + 1}`);
        await editor.saveDraft();
        assert.equal(await editor.publish(), 'queued');
        await page
          .locator('[data-testid=editor-tab-select][aria-selected=true] [data-badge=queued]')
          .waitFor();
        const status = await world.harness.services.dispatch('sync.status', {});
        assert.ok(status.ok);
        const queued = (status.value as { queued: number }).queued;
        assert.equal(queued, index + 1, 'main counts it');
        await page
          .getByTestId('sync-queued')
          .filter({ hasText: new RegExp(`^${queued} `) })
          .waitFor({ timeout: 5_000 });
      }
    } finally {
      world.emulator.faults.remove(fault.id);
    }
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
