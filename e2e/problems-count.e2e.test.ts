/**
 * Problems as a modeler counts them (issue 23, item 7): one finding per
 * element and rule; errors and warnings counted apart in the toolbar, red and
 * yellow; the publish blocked by naming the element, not "Fix the 3 errors";
 * a rule's documentation opened in the system browser through main, never in
 * a window the desktop shell refuses.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { seenColours } from './harness/contrast.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';

const DOCS = 'https://github.com/bpmn-io/bpmnlint/blob/main/docs/rules/';

/** Main answers over the binding a moment after the click. */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    assert.ok(Date.now() < end, 'waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('problems: one per element and rule, errors and warnings apart, rule docs in the browser', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let loose = '';

  const tab = (): Locator => page.locator('lanes-editor-tab:visible');
  const count = async (kind: 'errors' | 'warnings') =>
    Number(await tab().getByTestId(`editor-problem-${kind}`).getAttribute('data-count'));

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('one loose task is one error for each rule it breaks; the counter shows errors and warnings apart', async () => {
    // A process whose diagram has no error yet, so every error counted is the loose task's.
    let opened = false;
    for (const row of demoProcesses(world.emulator).filter(isEditable)) {
      await editor.open(row.id);
      await tab().locator('[data-testid=editor-problem-errors]').waitFor();
      if ((await count('errors')) === 0) {
        opened = true;
        break;
      }
    }
    assert.ok(opened, 'a demo process without lint errors');
    const warningsBefore = await count('warnings');
    loose = await editor.dropLooseTask('Leads nowhere');
    await tab().getByTestId('editor-problems').click();
    const rows = tab().locator(`[data-testid=editor-problem][data-element-id="${loose}"]`);
    await rows.first().waitFor();
    // The task's name was typed after it was dropped: until lint has caught up, a label warning may show.
    await tab()
      .locator(`[data-testid=editor-problem][data-element-id="${loose}"][data-severity=warning]`)
      .waitFor({ state: 'detached' });
    await page.waitForFunction(
      (id) =>
        document.querySelectorAll(
          `lanes-editor-tab:not([hidden]) [data-testid=editor-problem][data-element-id="${id}"]`,
        ).length >= 3,
      loose,
    );
    const rules = await rows.evaluateAll((nodes) =>
      nodes.map((node) => `${node.getAttribute('data-severity')} ${node.getAttribute('data-rule')}`),
    );
    assert.deepEqual(rules.sort(), [
      'error no-disconnected',
      'error no-implicit-end',
      'error no-implicit-start',
    ]);
    assert.equal(await count('errors'), 3, 'one per rule, each counted once');
    assert.equal(await count('warnings'), warningsBefore, 'warnings are counted apart');

    // Red for errors, yellow (amber) for warnings, as Camunda Modeler shows them.
    const errorColour = await seenColours(tab().getByTestId('editor-problem-errors'));
    assert.ok(errorColour.foreground.r > 150 && errorColour.foreground.g < 80, JSON.stringify(errorColour));
    await assertReadable(tab().getByTestId('editor-problem-errors'), 'the error count');
  });

  test('a blocked publish names the element, not "Fix the 3 errors"', async () => {
    await tab().getByTestId('editor-publish').click();
    const blocked = tab().getByTestId('editor-publish-blocked');
    await blocked.waitFor();
    const text = ((await blocked.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    assert.match(text, /^Task “Leads nowhere” has errors\./);
    assert.doesNotMatch(text, /3 errors/);
  });

  test('a rule’s documentation opens in the system browser through main, from the list and from the canvas', async () => {
    const pagesBefore = page.context().pages().length;
    await tab()
      .locator('li', {
        has: page.locator(
          `[data-testid=editor-problem][data-rule=no-disconnected][data-element-id="${loose}"]`,
        ),
      })
      .getByTestId('editor-problem-docs')
      .click();
    await until(() => world.harness.openedExternally.length === 1);
    assert.deepEqual(world.harness.openedExternally, [`${DOCS}no-disconnected.md`]);

    // The canvas popover's rule link goes the same way, not to a new window.
    const badge = tab().locator(`.djs-overlays[data-container-id="${loose}"] .bjsl-icon-error`).first();
    await badge.hover();
    const link = tab().locator(`.djs-overlays[data-container-id="${loose}"] .bjsl-issues a[href]`).first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    await link.click();
    await until(() => world.harness.openedExternally.length === 2);
    await page.mouse.move(0, 0);
    assert.equal(world.harness.openedExternally.at(-1), href);
    assert.ok(href?.startsWith(DOCS));
    assert.equal(page.context().pages().length, pagesBefore, 'no window was opened');
  });

  test('the counter and the list in every look', async () => {
    await inEveryLook(world, 'editor-problems-counts', async () => {
      await assertReadable(tab().getByTestId('editor-problem-errors'), 'the error count');
      await assertReadable(tab().getByTestId('editor-problem-docs').first(), 'the rule link');
    });
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
