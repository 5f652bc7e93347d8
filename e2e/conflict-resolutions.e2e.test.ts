/**
 * Where a colleague's work meets mine (issue 39, item 1), in Chromium against
 * the emulator: I rename task A in a draft; a colleague renames A and B on
 * the service. "Keep mine" keeps their rename of B and names exactly what of
 * theirs it replaces (A, old → theirs → mine); "Replace with mine" lists both
 * of their changes, and afterwards their version is in Compare versions,
 * from where it can be restored into a draft.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { changeOnService, flowElementsOf, renameIn, serviceBpmn } from './harness/editor-driver.ts';
import { inEveryLook } from './harness/looks.ts';

describe('resolving a conflict never drops a colleague’s change without saying so', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const taken = new Set<string>();

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await world?.close();
  });

  /** A process with two tasks: my rename of A in a draft, their renames of A and B on the service, my publish. */
  async function conflictOnTwoTasks(label: string) {
    const process = demoProcesses(world.emulator).find((row) => isEditable(row) && !taken.has(row.id));
    assert.ok(process, 'the demo seed has an editable process left');
    taken.add(process.id);
    const id = process.id;
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
    const [a, b] = nodes.filter((node) => node.type === 'bpmn:Task');
    assert.ok(a && b, `${id} has two tasks`);
    await editor.open(id);
    await editor.rename(a.id, `A by me ${label}`);
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (definitions) => {
      renameIn(definitions, a.id, `A by them ${label}`);
      renameIn(definitions, b.id, `B by them ${label}`);
    });
    assert.equal(await editor.publish(), 'conflict');
    await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=conflict]').waitFor();
    await page.locator('[data-testid=diff-view][data-status=ready]').waitFor();
    return { id, a, b };
  }

  const namesOnService = async (id: string) => flowElementsOf(await serviceBpmn(world.emulator.config, id));

  test('"Keep mine" keeps their change to B and names only A, old → theirs → mine', async () => {
    const { id, a, b } = await conflictOnTwoTasks('1');
    await page.getByTestId('conflict-keep-mine').click();
    const dialog = page.locator('[data-testid=conflict-confirm][data-choice=mine] dialog[open]');
    await dialog.waitFor();
    const items = dialog.getByTestId('conflict-confirm-item');
    assert.deepEqual(await items.evaluateAll((nodes) => nodes.map((node) => node.dataset.elementId)), [a.id]);
    const field = ((await items.first().getByTestId('conflict-confirm-field').first().textContent()) ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    assert.equal(field, `Name: “${a.name}” → theirs “A by them 1” → mine “A by me 1”`);
    assert.match((await dialog.textContent()) ?? '', /kept in Compare versions/);
    await inEveryLook(world, 'conflict-keep-mine-confirm');

    await dialog.locator('[data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();
    const names = await namesOnService(id);
    assert.equal(names.get(a.id)?.name, 'A by me 1');
    assert.equal(names.get(b.id)?.name, 'B by them 1', 'their rename of B is still on the service');
    assert.match(
      (await page.getByTestId('conflict-result-replaced').textContent()) ?? '',
      /1 change of theirs was replaced/,
    );
    // Back in the process's tab, the publish says what it replaced, not only that everything sent was kept.
    await editor.open(id);
    const replaced = editor.panel.getByTestId('editor-publish-replaced');
    await replaced.waitFor();
    assert.equal(await replaced.getAttribute('data-replaced'), '1');
    assert.match(
      (await replaced.textContent()) ?? '',
      /1 element a colleague had changed now holds your version/,
    );
    await inEveryLook(world, 'editor-after-keep-mine');
  });

  test('"Replace with mine" lists every change of theirs; afterwards their version is in Compare versions and can be restored', async () => {
    const { id, a, b } = await conflictOnTwoTasks('2');
    await page.getByTestId('conflict-replace-mine').click();
    const dialog = page.locator('[data-testid=conflict-confirm][data-choice=replace] dialog[open]');
    await dialog.waitFor();
    const listed = await dialog
      .getByTestId('conflict-confirm-item')
      .evaluateAll((nodes) => nodes.map((node) => node.dataset.elementId));
    assert.deepEqual(new Set(listed), new Set([a.id, b.id]), 'both of their renames are named');
    assert.match((await dialog.textContent()) ?? '', /“B by them 2”/);
    await inEveryLook(world, 'conflict-replace-confirm');

    await dialog.locator('[data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();
    const names = await namesOnService(id);
    assert.equal(names.get(a.id)?.name, 'A by me 2');
    assert.equal(names.get(b.id)?.name, b.name, 'B is as it was before their change');

    await page.getByTestId('conflict-open-compare').click();
    await page.getByTestId('compare-view').waitFor();
    const older = page.getByTestId('compare-pick-older');
    await page.locator('[data-testid=diff-view][data-status=ready]').waitFor();
    const picked = await older.evaluate(
      (select: HTMLSelectElement) => select.selectedOptions[0]?.dataset.entryKind ?? '',
    );
    assert.equal(picked, 'replaced', 'their replaced version is listed and picked to compare');
    assert.match(
      (await older.locator('option[data-entry-kind=replaced]').textContent()) ?? '',
      /Their version, replaced by your publish/,
    );
    await inEveryLook(world, 'compare-replaced');

    await page.getByTestId('compare-restore').click();
    await page.waitForFunction(
      (process) => location.hash.startsWith('#/edit/') && location.hash.endsWith(process),
      id,
    );
    const drafts = await world.harness.services.dispatch('editor.drafts', {});
    assert.ok(drafts.ok);
    assert.ok(
      (drafts.value as Array<{ id: string }>).some((entry) => entry.id === id),
      'their version is my draft now',
    );
    await page.locator('lanes-editor-tab:visible [data-testid=editor-source][data-source=draft]').waitFor();
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
