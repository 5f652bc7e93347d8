import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { demoProcesses, isEditable, type DemoProcess, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { seriousViolations } from './harness/axe.ts';
import { saveScreenshot, screenshotFailures } from './harness/screenshots.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import {
  changeOnService,
  flowElementsOf,
  renameIn,
  serviceBpmn,
  type FlowNode,
} from './harness/editor-driver.ts';

describe('BPMN editor against the emulator: edit, publish, read-only, conflicts, version diff', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let processes: DemoProcess[];
  const taken = new Set<string>();

  /** A process no other test has touched, so the tests do not depend on their order. */
  function takeProcess(description: string, accept: (row: DemoProcess) => boolean): string {
    const found = processes.find((row) => !taken.has(row.id) && accept(row));
    assert.ok(found, `the demo seed has ${description}`);
    taken.add(found.id);
    return found.id;
  }
  const editable = isEditable;

  /** The first task of the process as the service exports it. */
  async function aTask(id: string): Promise<FlowNode> {
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
    const task = nodes.find((node) => node.type === 'bpmn:Task');
    assert.ok(task, `${id} has a task`);
    return task;
  }

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
    processes = demoProcesses(world.emulator);
  });
  screenshotFailures(() => page);
  after(async () => {
    await world?.close();
  });

  let published: { id: string; task: string } | undefined;

  test('add a task and a flow, rename a task, save, publish: the service has exactly those changes', async () => {
    const id = takeProcess('an editable process with a diagram', editable);
    const original = await flowElementsOf(await serviceBpmn(world.emulator.config, id));
    const renamed = await aTask(id);
    const split = [...original.values()].find((node) => node.source === renamed.id);
    assert.ok(split, `a flow leaves ${renamed.id}`);
    await editor.open(id);
    const source = page.locator('lanes-editor-tab:visible [data-testid=editor-source]');
    assert.equal(await source.getAttribute('data-source'), 'live');

    const { task, flow } = await editor.insertTaskInto(split.id, 'Added by the e2e test');
    await editor.rename(renamed.id, 'Checked by the e2e test');
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor();
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');
    await saveScreenshot(page, 'editor-published');

    const updated = await flowElementsOf(await serviceBpmn(world.emulator.config, id));
    const added = [...updated.keys()].filter((key) => !original.has(key)).sort();
    assert.deepEqual(added, [flow, task].sort(), 'exactly the new task and flow arrived');
    assert.deepEqual(
      [...original.keys()].filter((key) => !updated.has(key)),
      [],
      'nothing was removed',
    );
    assert.deepEqual(updated.get(task), { id: task, type: 'bpmn:Task', name: 'Added by the e2e test' });
    // The split flow now ends at the new task, and the new flow goes on to where it ended before.
    assert.deepEqual([updated.get(split.id)!.source, updated.get(split.id)!.target], [renamed.id, task]);
    assert.deepEqual([updated.get(flow)!.source, updated.get(flow)!.target], [task, split.target]);
    for (const [key, node] of original) {
      if (key === split.id) continue;
      const expected: string = key === renamed.id ? 'Checked by the e2e test' : node.name;
      assert.equal(updated.get(key)!.name, expected, `name of ${key}`);
      assert.equal(updated.get(key)!.source, node.source, `source of ${key}`);
      assert.equal(updated.get(key)!.target, node.target, `target of ${key}`);
    }
    published = { id, task };
  });

  test('the version diff highlights the added task', async () => {
    assert.ok(published, 'the publish test ran first');
    await page.evaluate((hash) => (location.hash = hash), `#/compare/processes/processList/${published.id}`);
    await page.locator('[data-testid=compare-view]').waitFor();
    const older = page.locator('[data-testid=compare-pick-older]');
    const newer = page.locator('[data-testid=compare-pick-newer]');
    // The diagram Lanes saw before the publish, against the version the service has now.
    await older.selectOption(
      (await older.locator('option[data-entry-kind=seen]').last().getAttribute('value'))!,
    );
    await newer.selectOption((await newer.locator('option[data-current=true]').getAttribute('value'))!);
    await page.locator('[data-testid=diff-view][data-status=ready]').waitFor();
    const row = page.locator(
      `[data-testid=diff-change][data-change-kind=added][data-element-id="${published.task}"]`,
    );
    await row.waitFor();
    const marked = page.locator(
      `[data-testid=diff-viewer-newer] g.djs-element[data-element-id="${published.task}"].diff-added`,
    );
    await marked.waitFor();
    await saveScreenshot(page, 'editor-version-diff');
    assert.deepEqual(await seriousViolations(page), []);
  });

  test('a released process opens read-only; modeling commands are refused until a new version is made', async () => {
    const id = takeProcess(
      'a released process with a diagram',
      (r) => r.state === 'released' && r.shapes >= 3,
    );
    const task = await aTask(id);
    await editor.open(id);
    await page.locator('lanes-editor-tab:visible [data-testid=editor-read-only-banner]').waitFor();
    // A long diagram opens readable from its start; the whole of it is one click away (Whole diagram, Ctrl+2).
    await page.locator('lanes-editor-tab:visible [data-testid=editor-zoomReset]').focus();
    await page.keyboard.press('Control+2');
    await page.waitForTimeout(200);
    const drawn = await editor.drawnIds();

    await editor.shape(task.id).click();
    assert.equal(
      await page.locator('lanes-editor-tab:visible .djs-context-pad .entry').count(),
      0,
      'no context pad entries',
    );
    await page.keyboard.press('Delete');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    // Selecting all scrolled the view so the selection's context pad is whole (context-pad-placement):
    // nothing selected (a click on empty canvas), then all of it again.
    const canvasBox = (await editor.canvas.boundingBox())!;
    await page.mouse.click(canvasBox.x + canvasBox.width / 2, canvasBox.y + canvasBox.height - 40);
    await page.locator('lanes-editor-tab:visible [data-testid=editor-zoomReset]').focus();
    await page.keyboard.press('Control+2');
    await page.waitForTimeout(200);
    await editor.shape(task.id).dblclick();
    assert.equal(await page.locator('.djs-direct-editing-parent:visible').count(), 0, 'no direct editing');
    assert.deepEqual(await editor.drawnIds(), drawn, 'nothing was deleted or changed');
    assert.equal(
      await page
        .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
        .count(),
      0,
    );
    await saveScreenshot(page, 'editor-read-only');

    await page.locator('lanes-editor-tab:visible [data-testid=editor-create-version]').click();
    await page
      .locator('lanes-editor-tab:visible [data-testid=editor-read-only-banner]')
      .waitFor({ state: 'detached' });
    await page.locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]').waitFor();
    await editor.rename(task.id, 'Edited in the new version');
    await page
      .locator('[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]')
      .waitFor();
  });

  test('lint errors block publishing; closing a tab with unsaved changes asks, and the draft stays', async () => {
    const id = takeProcess('an editable process for lint', editable);
    const onServer = await serviceBpmn(world.emulator.config, id);
    await editor.open(id);
    const loose = await editor.dropLooseTask('Leads nowhere');
    await editor.saveDraft();
    await page.locator('lanes-editor-tab:visible [data-testid=editor-publish]').click();
    await page.locator('lanes-editor-tab:visible [data-testid=editor-publish-blocked]').waitFor();
    const problems = page.locator(
      `lanes-editor-tab:visible [data-testid=editor-problem][data-severity=error][data-element-id="${loose}"]`,
    );
    assert.ok((await problems.count()) > 0, 'the disconnected task is listed as an error');
    assert.equal(await serviceBpmn(world.emulator.config, id), onServer, 'nothing was sent');

    await editor.rename(loose, 'Renamed but not saved');
    const tab = page.locator(`[data-testid=editor-tab][data-tab-key$=":${id}"]`);
    await tab.locator('[data-testid=editor-tab-close]').click();
    await page.locator('[data-testid=editor-close-dialog] dialog[open]').waitFor();
    await page.locator('[data-testid=editor-close-discard]').click();
    await tab.waitFor({ state: 'detached' });

    await editor.open(id);
    const source = page.locator('lanes-editor-tab:visible [data-testid=editor-source]');
    assert.equal(await source.getAttribute('data-source'), 'draft', 'the saved draft stayed');
    assert.ok((await editor.drawnIds()).includes(loose), 'with the saved task in it');
    assert.equal(
      await page.locator('lanes-editor-tab:visible [data-testid=editor-recovery-banner]').count(),
      0,
      '"close without saving" also dropped the unsaved state',
    );
  });

  /** My rename saved as a draft, theirs imported by another client, then publish: a conflict. */
  async function conflictOn(mine: string, theirs: string): Promise<{ id: string; task: string }> {
    const id = takeProcess('an editable process for a conflict', editable);
    const task = (await aTask(id)).id;
    await editor.open(id);
    await editor.rename(task, mine);
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (definitions) => renameIn(definitions, task, theirs));
    assert.equal(await editor.publish(), 'conflict');
    await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=conflict]').waitFor();
    await page
      .locator(`[data-testid=conflict-element][data-element-id="${task}"][data-overlap=true]`)
      .waitFor();
    return { id, task };
  }

  async function nameOnService(id: string, task: string): Promise<string> {
    return (await flowElementsOf(await serviceBpmn(world.emulator.config, id))).get(task)!.name;
  }

  test('a conflict made by another client is shown, and "keep mine" publishes mine over it', async () => {
    const { id, task } = await conflictOn('Mine wins', 'Theirs loses');
    await saveScreenshot(page, 'editor-conflict');
    assert.deepEqual(await seriousViolations(page), []);
    await page.locator('[data-testid=conflict-keep-mine]').click();
    await page.locator('[data-testid=conflict-confirm] dialog[open] [data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();
    assert.equal(await nameOnService(id, task), 'Mine wins');
  });

  test('"take theirs" keeps the server version and drops the draft', async () => {
    const { id, task } = await conflictOn('Mine is dropped', 'Theirs is kept');
    await page.locator('[data-testid=conflict-take-theirs]').click();
    await page.locator('[data-testid=conflict-confirm] dialog[open] [data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result]').waitFor();
    assert.equal(await nameOnService(id, task), 'Theirs is kept');
    const drafts = await world.harness.services.dispatch('editor.drafts', {});
    assert.ok(drafts.ok);
    assert.ok(!(drafts.value as { id: string }[]).some((d) => d.id === id), 'the draft is gone');
  });

  test('"merge by hand" opens the draft in the editor and publishes the merge as the resolution', async () => {
    const { id, task } = await conflictOn('Mine, before merging', 'Theirs, before merging');
    await page.locator('[data-testid=conflict-merge-by-hand]').click();
    await page.locator('lanes-editor-tab:visible [data-testid=editor-conflict-banner]').waitFor();
    await editor.rename(task, 'Merged by hand');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');
    assert.equal(await nameOnService(id, task), 'Merged by hand');
  });

  test('a change by another client that does not overlap merges, is shown for review, then published', async () => {
    const id = takeProcess('an editable process for a review', editable);
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()].filter(
      (node) => node.type === 'bpmn:Task' || node.type.endsWith('Event'),
    );
    assert.ok(nodes.length >= 2, 'two nodes to change');
    const [mineNode, theirNode] = nodes as [FlowNode, FlowNode];
    await editor.open(id);
    await editor.rename(mineNode.id, 'My side');
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (d) => renameIn(d, theirNode.id, 'Their side'));
    assert.equal(await editor.publish(), 'conflict', 'the tab points to the review');
    await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=review]').waitFor();
    assert.equal(await nameOnService(id, mineNode.id), mineNode.name, 'nothing is sent before the review');
    await page.locator('[data-testid=conflict-publish-merged]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();
    assert.equal(await nameOnService(id, mineNode.id), 'My side');
    assert.equal(await nameOnService(id, theirNode.id), 'Their side');
  });

  test('the page logged no errors and no CSP violations', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
