/**
 * Landscape links as a modeler uses them: a call activity is linked to a
 * process of the landscape through the picker (calledElement holds the
 * process's element id in the saved BPMN), the linked process opens in a new
 * tab from the canvas, the breadcrumb leads back, a call to a process the
 * landscape does not know is a note, and bpmn-js's own drill-down into a
 * collapsed sub-process keeps working.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { seriousViolations } from './harness/axe.ts';
import { contrastRatio, seenColours } from './harness/contrast.ts';
import { demoProcesses, isEditable, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { useLanguage } from './harness/looks.ts';
import { oneShapeDiagram } from './harness/one-task-diagram.ts';
import { EditorDriver, flowElementsOf, serviceBpmn } from './harness/editor-driver.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const schemes = ['light', 'dark'] as const;
const languages = ['en', 'de'] as const;
const corpus = join(import.meta.dirname, '..', '..', 'shared', 'corpora', 'bpmn-io-fixtures', 'bpmn-js');

/** A call activity calling a process id no landscape has (as files from other tools do). */
const callingElsewhere = oneShapeDiagram(
  'Call_elsewhere',
  '<bpmn:callActivity id="Call_elsewhere" name="Ship the order" calledElement="Process_from_another_tool" />',
);

describe('landscape links: call activities linked to processes of the landscape', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let workDir: string;
  let parent: string;
  let child: string;
  let callActivity: string;

  const padEntry = (action: string) =>
    page.locator(`lanes-editor-tab:visible .djs-context-pad.open .entry[data-action="${action}"]`);

  const activeTab = () => page.locator('[data-testid=editor-tab-select][aria-selected=true]');

  /** The name the picker lists a process under (the service's list of processes). */
  async function listedName(id: string): Promise<string> {
    const result = await world.harness.services.dispatch('workspace.elements', {
      facet: 'processes',
      view: 'processList',
      pageSize: 1000,
    });
    assert.ok(result.ok, 'the processes are listed');
    const items = (result.value as { items: { id: string; displayNames: Record<string, string> }[] }).items;
    const names = items.find((item) => item.id === id)?.displayNames ?? {};
    const name = names['1033'] ?? Object.values(names)[0];
    assert.ok(name, `${id} is listed with a name`);
    return name;
  }

  async function openFile(path: string): Promise<void> {
    world.harness.openFromOs([path]);
    await page
      .locator(`[data-testid=editor-tab-select][data-tab-key="file:${path}"][aria-selected=true]`)
      .waitFor();
    await page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
  }

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    editor = new EditorDriver(page);
    workDir = mkdtempSync(join(tmpdir(), 'lanes-links-'));
    await page.locator('lanes-app .shell').waitFor();
    const processes = demoProcesses(world.emulator);
    // The smallest diagrams: fitted into the canvas, their shapes are big enough to click.
    const editable = processes.filter(isEditable).sort((a, b) => a.shapes - b.shapes);
    assert.ok(editable.length >= 2, 'the demo seed has two editable processes');
    parent = editable[0]!.id;
    child = editable[1]!.id;
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  test('picking a process for a call activity stores its element id as calledElement', async () => {
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, parent))).values()];
    const task = nodes.find((node) => node.type === 'bpmn:Task');
    assert.ok(task, `${parent} has a task`);
    callActivity = task.id;
    await editor.open(parent);
    await editor.selectWithContextPad(callActivity);
    await padEntry('replace').click();
    await page.locator('.djs-popup .entry[data-id="replace-with-call-activity"]').click();

    await editor.selectWithContextPad(callActivity);
    await padEntry('lanes-link-process').click();
    const picker = page.locator('lanes-editor-tab:visible [data-testid=linked-process-picker]');
    await picker.getByTestId('editor-picker-filter').fill(await listedName(child));
    await picker.locator(`[data-testid=editor-picker-item][data-element-id="${child}"]`).click();
    await page.locator('lanes-editor-tab:visible [data-testid=editor-notice]').waitFor();
    await editor.saveDraft();

    const opened = await world.harness.services.dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id: parent,
      culture: 1033,
    });
    assert.ok(opened.ok);
    const xml = (opened.value as { xml: string }).xml;
    const element = xml.match(new RegExp(`<bpmn:callActivity[^>]*id="${callActivity}"[^>]*>`))?.[0] ?? '';
    assert.match(element, new RegExp(`calledElement="${child}"`), `the saved call activity: ${element}`);
    await editor.shape(callActivity).waitFor();
    await page.locator(`[data-testid=linked-process-badge][data-element-id="${callActivity}"]`).waitFor();
  });

  test('the linked process opens in a new tab from the canvas, and the breadcrumb leads back', async () => {
    assert.ok(callActivity, 'the call activity was linked first');
    const parentName = (await activeTab().textContent())?.trim() ?? '';
    await page.locator(`[data-testid=linked-process-badge][data-element-id="${callActivity}"]`).click();
    await page
      .locator(`[data-testid=editor-tab-select][data-tab-key$=":${child}"][aria-selected=true]`)
      .waitFor();
    await page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
    const breadcrumb = page.getByTestId('link-breadcrumb');
    const step = breadcrumb.getByTestId('link-breadcrumb-step');
    assert.equal(await step.count(), 1);
    assert.equal(await step.getAttribute('data-tab-key'), `process:1033:${parent}`);
    assert.ok(parentName.includes((await step.textContent())!.trim()), 'the step names the parent');
    const current = (await breadcrumb.getByTestId('link-breadcrumb-current').textContent())?.trim() ?? '';
    assert.ok(current, 'the breadcrumb names the child');
    assert.ok((await activeTab().textContent())?.includes(current), `the child tab is "${current}"`);

    for (const language of languages) {
      await useLanguage(world, language);
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        const seen = await seenColours(step);
        assert.ok(contrastRatio(seen.foreground, seen.background) >= 4.5, `the step reads (${colorScheme})`);
        assert.deepEqual(await seriousViolations(page, '[data-testid=link-breadcrumb]'), []);
        await saveScreenshot(page, `editor-linked-breadcrumb-${colorScheme}-${language}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await useLanguage(world, 'en');

    await step.click();
    await page
      .locator(`[data-testid=editor-tab-select][data-tab-key$=":${parent}"][aria-selected=true]`)
      .waitFor();
    await breadcrumb.waitFor({ state: 'detached' });
    for (const colorScheme of schemes) {
      await page.emulateMedia({ colorScheme });
      await editor.selectWithContextPad(callActivity);
      await saveScreenshot(page, `editor-linked-call-activity-${colorScheme}-en`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The context pad's "Open linked process" opens it too (the tab is open already: it comes to the front).
    await editor.selectWithContextPad(callActivity);
    await padEntry('lanes-open-linked').click();
    await page
      .locator(`[data-testid=editor-tab-select][data-tab-key$=":${child}"][aria-selected=true]`)
      .waitFor();
  });

  test('a call to a process the landscape does not know is a note, not an error', async () => {
    const path = join(workDir, 'calls-elsewhere.bpmn');
    writeFileSync(path, callingElsewhere);
    await openFile(path);
    const errorsBefore = world.harness.pageErrors.length;
    await page.locator('[data-testid=linked-process-badge][data-element-id="Call_elsewhere"]').click();
    const note = page.locator('lanes-editor-tab:visible [data-testid=editor-notice]');
    await note.waitFor();
    assert.match((await note.textContent()) ?? '', /Process_from_another_tool/);
    assert.equal(
      await page.locator('[data-testid=editor-tab-select]').filter({ hasText: 'Process_from' }).count(),
      0,
    );
    const alerts = (await page.getByRole('alert').allTextContents()).filter((text) => text.trim());
    assert.deepEqual(alerts, [], 'no error is shown');
    assert.deepEqual(world.harness.pageErrors.slice(errorsBefore), []);
  });

  test('drill-down into a collapsed sub-process keeps working', async () => {
    const path = join(workDir, 'collapsed-sub-process.bpmn');
    copyFileSync(join(corpus, 'collapsed-sub-process.bpmn'), path);
    await openFile(path);
    const drill = page.locator(
      'lanes-editor-tab:visible .djs-overlays[data-container-id="collapsedProcess"] .bjs-drilldown',
    );
    await drill.click();
    const crumbs = page.locator('lanes-editor-tab:visible .bjs-breadcrumbs');
    await crumbs.filter({ hasText: 'Collapsed Process' }).waitFor();
    await editor.shape('collapsedProcess_2').waitFor();
    assert.equal(await editor.shape('collapsedProcess').count(), 0, 'the parent level is left');
    await crumbs.locator('li').first().click();
    await editor.shape('collapsedProcess').waitFor();
  });
});
