/**
 * The conflict screen lists only changes somebody made (issue 39, item 2):
 * my rename, saved by bpmn-js in the editor (which re-lays the label and
 * writes `isMarkerVisible` on every exclusive gateway), against a colleague
 * who renamed the same task and the task after it on the service. My side
 * shows exactly one change, the name: no "Label position", no untouched
 * gateway, no connections row because a neighbour was renamed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { changeOnService, flowElementsOf, renameIn, serviceBpmn } from './harness/editor-driver.ts';

describe('the conflict screen shows only real changes', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await world?.close();
  });

  /** An editable process with a task followed by another node, and an exclusive gateway nobody touches. */
  async function pickProcess() {
    for (const process of demoProcesses(world.emulator).filter(isEditable)) {
      const nodes = [
        ...(await flowElementsOf(await serviceBpmn(world.emulator.config, process.id))).values(),
      ];
      const gateway = nodes.find((node) => node.type === 'bpmn:ExclusiveGateway');
      for (const task of nodes.filter((node) => node.type === 'bpmn:Task')) {
        const next = nodes.find((flow) => flow.source === task.id && flow.target !== gateway?.id)?.target;
        const neighbour = nodes.find((node) => node.id === next);
        if (gateway && neighbour) return { id: process.id, task, neighbour, gateway };
      }
    }
    assert.fail('the demo seed has an editable process with a gateway and two tasks in a row');
  }

  test('my rename against their renames: my side shows exactly the name', async () => {
    const { id, task, neighbour, gateway } = await pickProcess();
    await editor.open(id);
    await editor.rename(task.id, 'Renamed by me');
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (definitions) => {
      renameIn(definitions, task.id, 'Renamed by them');
      renameIn(definitions, neighbour.id, `${neighbour.name} (their wording)`);
    });
    assert.equal(await editor.publish(), 'conflict');
    await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=conflict]').waitFor();
    await page.locator('[data-testid=diff-view][data-status=ready]').waitFor();

    const listed = await page
      .locator('[data-testid=conflict-element]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-element-id')));
    assert.deepEqual(
      listed.sort(),
      [task.id, neighbour.id].sort(),
      `only the task both renamed and the neighbour they renamed; not the gateway ${gateway.id}`,
    );

    const element = page.locator(`[data-testid=conflict-element][data-element-id="${task.id}"]`);
    assert.equal(await element.getAttribute('data-overlap'), 'true');
    const rows = await element
      .locator('[data-testid=conflict-field]')
      .evaluateAll((found) => found.map((row) => row.getAttribute('data-field')));
    assert.deepEqual(rows, ['name'], 'one row: the name (no connections row for the neighbour’s rename)');
    assert.equal(
      await element.getByTestId('conflict-other').count(),
      0,
      'no "Other properties: Label position"',
    );
    const mineChanged = await element
      .locator('td[data-side=mine].conflict-cell-changed')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')));
    assert.deepEqual(mineChanged, ['name'], 'on my side exactly one change: the name');

    // The neighbour only they renamed: their name is their change, its connections did not change.
    const other = page.locator(`[data-testid=conflict-element][data-element-id="${neighbour.id}"]`);
    assert.equal(await other.getAttribute('data-overlap'), 'false');
    const otherRows = await other
      .locator('[data-testid=conflict-field]')
      .evaluateAll((found) => found.map((row) => row.getAttribute('data-field')));
    assert.deepEqual(otherRows, ['name']);
    assert.equal(await other.locator('td[data-side=mine].conflict-cell-changed').count(), 0);

    // The diagrams' change list (before → mine): exactly my rename.
    const changes = await page
      .locator('[data-testid=diff-change]')
      .evaluateAll((found) =>
        found.map((row) => `${row.getAttribute('data-change-kind')} ${row.getAttribute('data-element-id')}`),
      );
    assert.deepEqual(changes, [`changed ${task.id}`]);
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
