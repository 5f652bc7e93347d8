/**
 * Issue 39, item 5, in Chromium against the emulator: the "did not keep"
 * list after a publish names each item as the modeller wrote it (a text
 * annotation by its text, its association by the task it is attached to),
 * not by its BPMN id, and "Compare this sent version with the server
 * version" is a button that opens Compare versions for the process.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { useDemoPage } from './harness/demo-page.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { flowElementsOf, serviceBpmn, type EditorDriver } from './harness/editor-driver.ts';
import { inEveryLook } from './harness/looks.ts';

describe('what the service did not keep, named as the modeller wrote it', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;

  useDemoPage((started) => ({ world, page, editor } = started));

  const tab = (selector: string) => page.locator(`lanes-editor-tab:visible ${selector}`);

  test('rows name the annotation by its text and its association by its task; compare is a button', async () => {
    const editable = demoProcesses(world.emulator)
      .filter(isEditable)
      .sort((a, b) => a.shapes - b.shapes);
    let process: { id: string; task: { id: string; name: string } } | undefined;
    for (const { id } of editable) {
      const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
      const task = nodes.find((node) => node.type === 'bpmn:Task' && node.name);
      if (task) {
        process = { id, task };
        break;
      }
    }
    assert.ok(process, 'the demo seed has an editable process with a named task');
    await editor.open(process.id);

    // A text annotation on the task, from its context pad: the service does not keep those.
    await editor.selectWithContextPad(process.task.id);
    await tab('.djs-context-pad .entry[data-action="append.text-annotation"]').click();
    await page.locator('.djs-direct-editing-parent').waitFor();
    await page.keyboard.type('Ask finance first');
    await editor.canvas.click({ position: { x: 5, y: 5 } });
    await page.locator('.djs-direct-editing-parent').waitFor({ state: 'hidden' });
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');

    const banner = tab('[data-testid=editor-publish-result][data-outcome=published]');
    assert.equal(await banner.getAttribute('data-not-kept'), '2');
    await banner.getByTestId('not-kept-toggle').click();
    const rows = (await banner.locator('[data-testid=not-kept-list] li').allTextContents()).map((row) =>
      row.replace(/\s+/g, ' ').trim(),
    );
    assert.deepEqual(rows.sort(), [
      `Association of Task “${process.task.name}”: not kept`,
      'Text annotation “Ask finance first”: not kept',
    ]);
    assert.ok(
      rows.every((row) => !/TextAnnotation_|Association_/.test(row)),
      'no BPMN id',
    );

    const compare = banner.getByTestId('not-kept-compare');
    assert.equal(await compare.evaluate((node) => node.tagName), 'BUTTON');
    assert.equal((await compare.textContent())?.trim(), 'Compare this sent version with the server version');
    await inEveryLook(world, 'editor-not-kept-named', async ({ language }) => {
      if (language === 'de') {
        await banner.getByText('Textanmerkung „Ask finance first“', { exact: false }).waitFor();
        await compare.getByText('Diese gesendete Version mit der Serverversion vergleichen').waitFor();
      }
    });

    await compare.click();
    await page.waitForFunction(
      (hash) => location.hash === hash,
      `#/compare/processes/processList/${process.id}`,
    );
    await page.getByTestId('compare-view').waitFor();
    // The sent version is there to pick, with what was not kept.
    await page
      .locator('[data-testid=compare-pick-older] option[data-entry-kind=published]')
      .first()
      .waitFor({ state: 'attached' });
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
