/**
 * The conflict screen as a modeler decides on it (issue 23, item 5): per
 * element the value before, mine and theirs; the element centred and
 * readable in both diagrams, clear of the bpmn.io logo; a click marks it in
 * both; "Keep mine" asks first like "Take theirs"; one message afterwards.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import {
  changeOnService,
  firstTaskOf,
  flowElementsOf,
  renameIn,
  serviceBpmn,
} from './harness/editor-driver.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';

describe('the conflict screen: values to decide on, readable diagrams, confirmed choices', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const taken = new Set<string>();
  /** The conflict the first test opened; the next ones go on deciding it. */
  let first: { id: string; task: string; before: string } | undefined;

  function takeProcess(): string {
    const found = demoProcesses(world.emulator).find((row) => isEditable(row) && !taken.has(row.id));
    assert.ok(found, 'the demo seed has an editable process left');
    taken.add(found.id);
    return found.id;
  }

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await world?.close();
  });

  /** My rename saved as a draft, theirs imported by a colleague, publish: the conflict view. */
  async function conflictOn(
    mine: string,
    theirs: string,
  ): Promise<{ id: string; task: string; before: string }> {
    const id = takeProcess();
    const task = await firstTaskOf(world.emulator.config, id);
    const before = (await flowElementsOf(await serviceBpmn(world.emulator.config, id))).get(task)!.name;
    await editor.open(id);
    await editor.rename(task, mine);
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (definitions) => renameIn(definitions, task, theirs));
    assert.equal(await editor.publish(), 'conflict');
    await page.locator('lanes-editor-tab:visible [data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=conflict]').waitFor();
    await page.locator('[data-testid=diff-view][data-status=ready]').waitFor();
    return { id, task, before };
  }

  const cellText = async (row: Locator, side: string) =>
    ((await row.locator(`td[data-side=${side}]`).textContent()) ?? '').replace(/\s+/g, ' ').trim();

  /** Where the element's shape is drawn in one viewer, and how large its label's letters are. */
  async function seen(side: 'older' | 'newer', id: string) {
    const viewer = page.getByTestId(`diff-viewer-${side}`);
    return viewer.evaluate((pane, elementId) => {
      const shape = pane.querySelector(`g.djs-element[data-element-id="${elementId}"] .djs-visual`);
      const text = pane.querySelector(`g.djs-element[data-element-id="${elementId}"] text`);
      const logo = pane.querySelector('.bjs-powered-by');
      const rect = (element: Element | null) => {
        const box = element?.getBoundingClientRect();
        return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
      };
      const paneBox = pane.getBoundingClientRect();
      // The font size as painted: the SVG font size times the scale of the drawing.
      const matrix = (pane.querySelector('g.viewport') as SVGGElement | null)?.getCTM();
      const fontSize = text ? parseFloat(getComputedStyle(text).fontSize) * (matrix?.a ?? 1) : 0;
      const focused = Boolean(pane.querySelector(`g.djs-element.diff-focus[data-element-id="${elementId}"]`));
      return { shape: rect(shape), logo: rect(logo), pane: rect(pane), fontSize, focused, paneBox };
    }, id);
  }

  const overlapping = (a: { x: number; y: number; width: number; height: number } | null, b: typeof a) =>
    Boolean(
      a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
    );

  test('each element changed on both sides shows its name before, mine and theirs; the diagrams are zoomed to it', async () => {
    first = await conflictOn('Check the order twice', 'Check the order once');
    const { task, before } = first;
    const element = page.locator(
      `[data-testid=conflict-element][data-element-id="${task}"][data-overlap=true]`,
    );
    await element.waitFor();
    const name = element.locator('[data-testid=conflict-field][data-field=name]');
    assert.equal(await cellText(name, 'base'), `“${before}”`);
    assert.equal(await cellText(name, 'mine'), '“Check the order twice”');
    assert.equal(await cellText(name, 'theirs'), '“Check the order once”');
    assert.equal(
      await element.locator('[data-testid=conflict-field][data-field=position]').count(),
      0,
      'only what differs is listed: nobody moved it',
    );
    assert.doesNotMatch((await page.getByTestId('conflict-view').textContent()) ?? '', /mine: Changed/);

    // Both diagrams show the element whole, centred, with letters of about 10 px or more, not under the logo.
    for (const side of ['older', 'newer'] as const) {
      const view = await seen(side, task);
      assert.ok(view.shape && view.pane, `${side}: the task is drawn`);
      assert.ok(view.focused, `${side}: the task is outlined`);
      assert.ok(view.fontSize >= 10, `${side}: label letters of ${view.fontSize.toFixed(1)} px`);
      const centre = view.shape.x + view.shape.width / 2;
      assert.ok(
        Math.abs(centre - (view.pane.x + view.pane.width / 2)) < view.pane.width * 0.15,
        `${side}: the task is centred ${JSON.stringify(view)}`,
      );
      assert.ok(
        view.shape.y >= view.pane.y && view.shape.y + view.shape.height <= view.pane.y + view.pane.height,
        `${side}: the task is inside the pane`,
      );
      assert.ok(!overlapping(view.shape, view.logo), `${side}: the bpmn.io logo covers none of the task`);
    }

    // The change list says what the name was and what it became.
    const row = page.locator(`[data-testid=diff-change][data-element-id="${task}"]`);
    const value = row.locator('[data-testid=diff-value][data-attribute=name]');
    assert.match(
      ((await value.textContent()) ?? '').replace(/\s+/g, ' '),
      new RegExp(`“${before}” →.*“Check the order twice”`),
    );
    await inEveryLook(world, 'conflict-decision');
  });

  test('a click on an element in one diagram marks it in both', async () => {
    assert.ok(first, 'the first test opened the conflict');
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, first.id))).values()];
    const other = nodes.find((node) => node.type.endsWith('Event'));
    assert.ok(other, 'the process has an event');
    await page.getByTestId('diff-show-all').click();
    const shape = page.locator(
      `[data-testid=diff-viewer-older] g.djs-element[data-element-id="${other.id}"]`,
    );
    await shape.click({ force: true });
    for (const side of ['older', 'newer'] as const)
      await page
        .locator(`[data-testid=diff-viewer-${side}] g.djs-element.diff-focus[data-element-id="${other.id}"]`)
        .waitFor();
  });

  test('"Keep mine" asks first, like "Take theirs"; cancel sends nothing; afterwards one message says what happened', async () => {
    assert.ok(first, 'the first test opened the conflict');
    const { id, task } = first;
    const onService = await serviceBpmn(world.emulator.config, id);

    await page.getByTestId('conflict-keep-mine').click();
    const dialog = page.locator('[data-testid=conflict-confirm][data-choice=mine] dialog[open]');
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', /Check the order once/, 'it names what is overwritten');
    // The one irreversible button of the screen: its label readable in every look (each screenshot audits every button).
    await inEveryLook(world, 'conflict-confirm-mine', async ({ scheme, language }) => {
      await dialog.waitFor();
      await assertReadable(
        dialog.locator('[data-role=confirm]'),
        `"Keep mine" confirmed (${scheme}, ${language})`,
      );
    });
    await dialog.locator('[data-role=cancel]').click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await serviceBpmn(world.emulator.config, id), onService, 'cancel sent nothing');

    await page.getByTestId('conflict-keep-mine').click();
    await dialog.waitFor();
    await dialog.locator('[data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();
    const text = (await page.getByTestId('conflict-view').textContent()) ?? '';
    assert.doesNotMatch(text, /Nothing has been published yet/, 'no stale explanation above the result');
    assert.match(text, /Your changes to .* are published/);
    assert.equal(await page.getByTestId('conflict-keep-mine').count(), 0, 'the choices are gone');
    const names = await flowElementsOf(await serviceBpmn(world.emulator.config, id));
    assert.equal(names.get(task)?.name, 'Check the order twice');
    await inEveryLook(world, 'conflict-decided');
  });

  test('"Take theirs" says that nothing was published, not "Published."', async () => {
    const { id, task } = await conflictOn('Mine, to be dropped', 'Theirs, to be kept');
    await page.getByTestId('conflict-take-theirs').click();
    const dialog = page.locator('[data-testid=conflict-confirm][data-choice=theirs] dialog[open]');
    await inEveryLook(world, 'conflict-confirm-theirs', async ({ scheme, language }) => {
      await dialog.waitFor();
      await assertReadable(
        dialog.locator('[data-role=confirm]'),
        `"Take theirs" confirmed (${scheme}, ${language})`,
      );
    });
    await dialog.locator('[data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();
    const text = ((await page.getByTestId('conflict-result-text').textContent()) ?? '').trim();
    assert.match(text, /was kept and your draft was discarded\. Nothing was published\./);
    const names = await flowElementsOf(await serviceBpmn(world.emulator.config, id));
    assert.equal(names.get(task)?.name, 'Theirs, to be kept');
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
