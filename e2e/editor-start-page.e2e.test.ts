/**
 * The editor's start page lists the recent local files: one click opens one,
 * a file that is gone is shown as missing and can be removed, the list can
 * be cleared. And a process tab saves its BPMN to a file of the user's
 * choosing ("Save to file…"), which then joins the list.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { seriousViolations } from './harness/axe.ts';
import { demoProcesses, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { oneTaskDiagram } from './harness/one-task-diagram.ts';
import { saveScreenshot } from './harness/screenshots.ts';

describe("the editor's start page and Save to file", () => {
  let world: DemoWorld;
  let page: Page;
  let folder: string;

  const rows = () => page.getByTestId('recent-file');
  const readyTab = () =>
    page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
  const closeActiveTab = async (): Promise<void> => {
    const before = await page.getByTestId('editor-tab-select').count();
    world.harness.emit('menu.command', { command: 'closeTab' });
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=editor-tab-select]').length === count,
      before - 1,
    );
  };

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lanes-start-e2e-'));
    ({ world, page } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('files opened earlier are listed newest first; one click opens one; a missing one can only be removed', async () => {
    await page.evaluate(() => (location.hash = '#/editor'));
    await page.getByTestId('editor-empty').waitFor();
    await page.getByTestId('recent-files').getByText('Files you open or save appear here.').waitFor();

    const paths = ['Order intake.bpmn', 'Invoice check.bpmn', 'Old draft.bpmn'].map((name) =>
      join(folder, name),
    );
    for (const [index, path] of paths.entries()) {
      writeFileSync(path, oneTaskDiagram(`Task_${index}`, `Step ${index}`));
      world.harness.dialogs.answerNext(path);
      await page.getByTestId('editor-open-file').click();
      await readyTab();
      // Another program deletes the last one while it is open.
      if (index === paths.length - 1) rmSync(path);
      await closeActiveTab();
    }
    await page.getByTestId('editor-empty').waitFor();
    // The list is read when the start page shows: the removed file is marked missing.
    await page.locator('[data-testid=recent-file][data-missing=true]').waitFor();
    assert.deepEqual(
      await rows().evaluateAll((items) =>
        items.map((item) => [item.getAttribute('data-name'), item.getAttribute('data-missing')]),
      ),
      [
        ['Old draft.bpmn', 'true'],
        ['Invoice check.bpmn', 'false'],
        ['Order intake.bpmn', 'false'],
      ],
    );
    assert.equal(
      await rows().nth(0).getByTestId('recent-file-open').count(),
      0,
      'a missing file cannot be opened',
    );
    await rows().nth(0).getByTestId('recent-file-missing').waitFor();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      assert.deepEqual(await seriousViolations(page, '[data-testid=editor-empty]'), [], scheme);
      for (const language of ['en', 'de'] as const) {
        assert.ok((await world.harness.services.dispatch('settings.update', { uiLanguage: language })).ok);
        await page.locator(`html[lang=${language}]`).waitFor();
        await saveScreenshot(page, `editor-start-recents-${scheme}-${language}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok((await world.harness.services.dispatch('settings.update', { uiLanguage: 'en' })).ok);
    await page.locator('html[lang=en]').waitFor();

    await rows().nth(0).getByTestId('recent-file-remove').click();
    await page.locator('[data-testid=recent-file][data-missing=true]').waitFor({ state: 'detached' });
    assert.equal(await rows().count(), 2);

    await page.getByRole('button', { name: /^Invoice check\.bpmn/ }).click();
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true]', { hasText: 'Invoice check' })
      .waitFor();
    await readyTab();
    await page.locator('lanes-editor-tab:visible g.djs-element[data-element-id="Task_1"]').waitFor();
    await closeActiveTab();
    assert.deepEqual(world.harness.pageErrors, []);
  });

  test('a process tab saves its BPMN to a file; the tab stays the process, and the file joins the list', async () => {
    const process = demoProcesses(world.emulator).find((p) => p.state === 'inProcess' && p.shapes >= 2);
    assert.ok(process, 'the demo seed has an in-process process with a diagram');
    await page.evaluate((hash) => (location.hash = hash), `#/edit/processes/processList/${process.id}`);
    await readyTab();
    const path = join(folder, 'exported.bpmn');
    world.harness.dialogs.answerNext(path);
    // File › Save to File… (Ctrl+Shift+S): the application menu's event, as main sends it.
    world.harness.emit('menu.command', { command: 'saveFileAs' });
    await page.getByTestId('editor-notice').getByText(`Saved a copy to ${path}`).waitFor();
    const xml = readFileSync(path, 'utf8');
    assert.match(xml, /<(?:bpmn2?:)?process\b/);
    const asked = world.harness.dialogs.asked.at(-1);
    assert.ok(asked?.kind === 'save' && asked.format === 'bpmn' && asked.suggestedName.endsWith('.bpmn'));
    // Still the process's tab (publishing goes to the service, not to the file).
    await page.locator('lanes-editor-tab:visible [data-testid=editor-publish]').waitFor();

    // A second copy elsewhere.
    const again = join(folder, 'again.bpmn');
    world.harness.dialogs.answerNext(again);
    world.harness.emit('menu.command', { command: 'saveFileAs' });
    await page.getByTestId('editor-notice').getByText(`Saved a copy to ${again}`).waitFor();
    await closeActiveTab();
    await page.evaluate(() => (location.hash = '#/editor'));
    await page.getByTestId('editor-empty').waitFor();
    await page.getByRole('button', { name: /^again\.bpmn/ }).waitFor();
    await page.getByTestId('recent-files-clear').click();
    await page.getByTestId('recent-files').getByText('Files you open or save appear here.').waitFor();
  });
});
