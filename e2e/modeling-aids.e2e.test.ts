/**
 * The bpmn.io modeling aids in the editor, used as a modeler uses them: the
 * colour picker in the context pad (the colour is in the saved BPMN and on
 * the canvas after reopening), append anything, replace (the wrench), their
 * texts in German, none of them on a read-only diagram, and no CSP
 * violation on the way.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { seriousViolations } from './harness/axe.ts';
import { contrastRatio, seenColours } from './harness/contrast.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { useLanguage } from './harness/looks.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { firstTaskOf, flowElementsOf } from './harness/editor-driver.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const schemes = ['light', 'dark'] as const;
const languages = ['en', 'de'] as const;

describe('modeling aids: colour picker, append anything, replace', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const taken = new Set<string>();

  function takeProcess(editable = true): string {
    // The smallest diagrams first: fitted into the canvas, their shapes are big enough to click.
    const found = [...demoProcesses(world.emulator)]
      .sort((a, b) => a.shapes - b.shapes)
      .find(
        (row) =>
          !taken.has(row.id) && (editable ? isEditable(row) : row.state === 'released' && row.shapes >= 3),
      );
    assert.ok(found, `the demo seed has a${editable ? 'n editable' : ' read-only'} process`);
    taken.add(found.id);
    return found.id;
  }

  function padEntry(action: string) {
    return page.locator(`lanes-editor-tab:visible .djs-context-pad.open .entry[data-action="${action}"]`);
  }

  const popup = () => page.locator('.djs-popup:visible');

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('the colour picker colours a task, and the colour is in the saved BPMN and on the canvas after reopening', async () => {
    const id = takeProcess();
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    await editor.selectWithContextPad(task);
    await padEntry('set-color').click();
    await popup().locator('.entry[data-id="blue-color"]').click();
    await popup().waitFor({ state: 'hidden' });
    await editor.saveDraft();

    const opened = await world.harness.services.dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
    });
    assert.ok(opened.ok, 'the draft opens');
    const xml = (opened.value as { xml: string }).xml;
    const shapeXml = xml.match(new RegExp(`<bpmndi:BPMNShape[^>]*bpmnElement="${task}"[^>]*>`))?.[0] ?? '';
    assert.match(shapeXml, /#BBDEFB/i, `the saved shape of ${task} carries the blue fill: ${shapeXml}`);

    await page.keyboard.press('ControlOrMeta+w');
    await page
      .locator(`[data-testid=editor-tab-select][data-tab-key$=":${id}"]`)
      .waitFor({ state: 'detached' });
    await editor.open(id);
    const fill = await editor
      .shape(task)
      .locator('.djs-visual > rect')
      .first()
      .evaluate((rect) => getComputedStyle(rect).fill);
    assert.equal(fill, 'rgb(187, 222, 251)', 'the reopened task is blue');
  });

  test('append anything adds an element after a task; replace turns a task into a user task', async () => {
    const id = takeProcess();
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    const before = new Set(await editor.drawnIds());

    await editor.selectWithContextPad(task);
    await padEntry('append').click();
    await popup().locator('.djs-popup-search input').fill('User task');
    await popup()
      .locator('.entry', { hasText: /^\s*User task\s*$/ })
      .first()
      .click();
    await page.locator('.djs-direct-editing-parent').waitFor();
    await page.keyboard.type('Appended by the menu');
    await page.keyboard.press('Enter');
    const added = (await editor.drawnIds()).filter((x) => !before.has(x));
    assert.equal(added.length, 2, `one element and its flow were appended: ${added.join(', ')}`);

    await editor.selectWithContextPad(task);
    await padEntry('replace').click();
    await popup().locator('.entry[data-id="replace-with-user-task"]').click();
    await editor.saveDraft();
    const opened = await world.harness.services.dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
    });
    assert.ok(opened.ok);
    const nodes = await flowElementsOf((opened.value as { xml: string }).xml);
    assert.equal(nodes.get(task)?.type, 'bpmn:UserTask', `${task} is a user task now`);
    const appended = [...nodes.values()].find((node) => node.name === 'Appended by the menu');
    assert.equal(appended?.type, 'bpmn:UserTask', 'the appended element is the user task picked');
  });

  test('the popups speak German in the German UI, and read well in light and dark', async () => {
    const id = takeProcess();
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    for (const language of languages) {
      await useLanguage(world, language);
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        await editor.selectWithContextPad(task);
        assert.equal(
          await padEntry('set-color').getAttribute('title'),
          language === 'de' ? 'Farbe festlegen' : 'Set color',
        );
        await padEntry('set-color').click();
        const blue = popup().locator('.entry[data-id="blue-color"]');
        await blue.waitFor();
        assert.equal(await blue.getAttribute('title'), language === 'de' ? 'Blau' : 'Blue');
        await saveScreenshot(page, `editor-color-picker-${colorScheme}-${language}`);
        await page.keyboard.press('Escape');

        await editor.selectWithContextPad(task);
        await padEntry('append').click();
        await popup().waitFor();
        const title = popup().locator('.djs-popup-title');
        assert.equal(
          (await title.textContent())?.trim(),
          language === 'de' ? 'Element anhängen' : 'Append element',
        );
        const seen = await seenColours(title);
        assert.ok(
          contrastRatio(seen.foreground, seen.background) >= 4.5,
          `the popup title reads (${colorScheme})`,
        );
        const userTask = popup().locator('.entry', {
          hasText: language === 'de' ? 'Benutzeraufgabe' : 'User task',
        });
        assert.ok((await userTask.count()) > 0, `the append menu offers the user task in ${language}`);
        assert.deepEqual(
          await seriousViolations(page, '.djs-popup'),
          [],
          `axe on the append menu (${colorScheme})`,
        );
        await saveScreenshot(page, `editor-append-menu-${colorScheme}-${language}`);
        await page.keyboard.press('Escape');

        await editor.selectWithContextPad(task);
        await padEntry('replace').click();
        const replaceEntry = popup().locator('.entry[data-id="replace-with-user-task"]');
        await replaceEntry.waitFor();
        assert.equal(
          (await replaceEntry.textContent())?.trim(),
          language === 'de' ? 'Benutzeraufgabe' : 'User task',
        );
        await page.keyboard.press('Escape');
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await useLanguage(world, 'en');
  });

  test('a read-only diagram offers none of them, not even through the keyboard', async () => {
    const id = takeProcess(false);
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    await page.locator('lanes-editor-tab:visible [data-testid=editor-read-only-banner]').waitFor();
    const box = await editor.shape(task).boundingBox();
    assert.ok(box);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    assert.equal(await page.locator('lanes-editor-tab:visible .djs-context-pad .entry').count(), 0);
    await page.keyboard.press('a');
    await page.keyboard.press('n');
    assert.equal(await page.locator('.djs-popup').count(), 0, 'no popup menu opened');
  });

  test('no Content Security Policy violation came from the aids', () => {
    const csp = world.harness.pageErrors.filter((line) => /Content Security Policy/i.test(line));
    assert.deepEqual(csp, []);
  });
});
