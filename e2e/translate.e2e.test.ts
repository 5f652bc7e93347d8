/**
 * The translation workbench in Chromium against the demo emulator: opened
 * from the editor's toolbar, the missing English texts translated with the
 * keyboard alone, published, and the diagram then shown in English; the
 * four looks checked with axe and written as screenshots.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import type * as ChartJs from 'chart.js';
import { parseTranslatable, withTexts } from '../main/bpmn/translatable-texts.ts';
import { demoProcesses, isEditable, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { EditorDriver, serviceBpmn } from './harness/editor-driver.ts';
import { inEveryLook } from './harness/looks.ts';

const chartChunk = readdirSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'renderer', 'chunks'),
).find((name) => /^chart-.*\.js$/.test(name));

describe('translation workbench: from the editor, keyboard only, published, seen in the target culture', () => {
  let world: DemoWorld;
  let page: Page;
  let processId: string;
  /** The three task names the test takes out of the English export first: the missing ones. */
  let missing: string[] = [];

  async function importOnService(lcid: number, xml: string): Promise<void> {
    const { config } = world.emulator;
    const url = `${config.processBaseUrl}/${config.collectionId}/${config.storageId}/_api/v1/bpmn/${processId}?lcid=${lcid}&svc-auth-token=${config.bpmnToken}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: xml,
    });
    assert.equal(response.status, 200, await response.text());
  }

  const englishTexts = async (): Promise<Map<string, string | null>> =>
    new Map(
      (await parseTranslatable(await serviceBpmn(world.emulator.config, processId, 1033))).items.map((i) => [
        i.key,
        i.text,
      ]),
    );

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('lanes-app .shell').waitFor();
    // A mid-sized editable process, three of whose tasks have no English name yet.
    processId = demoProcesses(world.emulator)
      .filter((p) => isEditable(p) && p.shapes >= 8 && p.shapes <= 30)
      .sort((a, b) => a.shapes - b.shapes)[0]!.id;
    const english = await serviceBpmn(world.emulator.config, processId, 1033);
    const tasks = (await parseTranslatable(english)).items.filter(
      (i) => i.type === 'bpmn:Task' && i.field === 'name',
    );
    missing = tasks.slice(0, 3).map((i) => i.key);
    await importOnService(
      1033,
      (
        await withTexts(
          english,
          missing.map((key) => ({ key, text: null })),
        )
      ).xml,
    );
    const settings = await world.harness.services.dispatch('settings.update', { contentCulture: 1031 });
    assert.ok(settings.ok);
  });
  after(async () => {
    await world?.close();
  });

  test('open from the editor, filter “missing”, translate with the keyboard, publish, see English', async () => {
    const german = await serviceBpmn(world.emulator.config, processId, 1031);
    const editor = new EditorDriver(page);
    await editor.open(processId);
    await page.locator('lanes-editor-tab:visible [data-testid=editor-translate]').click();
    await page.waitForFunction(
      (id) => location.hash.includes(`/translate/processes/processList/${id}/1031-1033`),
      processId,
    );
    await page.getByTestId('translate-table').waitFor({ timeout: 30_000 });

    await page.locator('.translate-filter[data-filter=missing]').click();
    await page.waitForFunction(() => location.hash.endsWith('/missing'));
    const rows = page.locator('.translate-row');
    assert.deepEqual(
      await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-key'))),
      missing,
    );

    // Keyboard only from here: F8 goes to the first missing text, Enter to the next row.
    const texts = ['Record the order (EN)', 'Check the credit (EN)', 'Ship the goods (EN)'];
    await page.keyboard.press('F8');
    await page.keyboard.type('A typo');
    await page.keyboard.press('Control+z');
    assert.equal(
      await page.locator('.translate-target').first().inputValue(),
      '',
      'undo takes the typing back',
    );
    for (const [i, text] of texts.entries()) {
      await page.keyboard.type(text);
      if (i < texts.length - 1) await page.keyboard.press('Enter');
    }
    await page.waitForFunction(
      () => document.querySelectorAll('.translate-row[data-state=done]').length === 3,
    );
    await page.getByTestId('translate-saving').filter({ hasText: /Saved/ }).waitFor();

    await page.getByTestId('translate-publish').click();
    const outcome = page.getByTestId('translate-outcome');
    await outcome.waitFor();
    assert.equal(await outcome.getAttribute('data-outcome'), 'published');
    assert.match((await outcome.textContent()) ?? '', /Published: 3 texts are on the service in English/);

    const english = await englishTexts();
    missing.forEach((key, i) => assert.equal(english.get(key), texts[i], key));
    assert.equal(await serviceBpmn(world.emulator.config, processId, 1031), german, 'German is untouched');

    // The diagram beside the table now shows the target culture, with the new names.
    assert.equal(
      await page.locator('.translate-diagram-side button[data-side=target]').getAttribute('aria-checked'),
      'true',
    );
    for (const text of texts)
      await page.locator('lanes-translation-diagram .djs-element text', { hasText: text }).first().waitFor();

    // And the editor in English shows them on its canvas.
    assert.ok((await world.harness.services.dispatch('settings.update', { contentCulture: 1033 })).ok);
    // A second tab of the same process, in English beside the German one.
    await page.evaluate((id) => (location.hash = `#/edit/processes/processList/${id}`), processId);
    await page
      .locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]')
      .waitFor({ timeout: 30_000 });
    for (const text of texts) await editor.canvas.locator('text', { hasText: text }).first().waitFor();
    assert.ok((await world.harness.services.dispatch('settings.update', { contentCulture: 1031 })).ok);
    assert.deepEqual(world.harness.pageErrors, []);
  });

  test('the element page opens the workbench too, from the content culture', async () => {
    await page.evaluate((id) => (location.hash = `#/element/processes/processList/${id}`), processId);
    await page.getByTestId('element-translate').click();
    await page.waitForFunction(
      (id) => location.hash === `#/translate/processes/processList/${id}/1031-1033`,
      processId,
    );
    await page.getByTestId('translate-table').waitFor({ timeout: 30_000 });
  });

  test('a longer German name: the diagram shows it as typed, marked unpublished; its field shows it whole', async () => {
    await page.evaluate(
      (id) => (location.hash = `#/translate/processes/processList/${id}/1033-1031`),
      processId,
    );
    await page.getByTestId('translate-table').waitFor({ timeout: 30_000 });
    const key = missing[0]!;
    const id = key.slice(0, key.indexOf('#'));
    const germanItems = (await parseTranslatable(await serviceBpmn(world.emulator.config, processId, 1031)))
      .items;
    const published = germanItems.find((item) => item.key === key)!.text!;
    // An element whose name is drawn beside it (an external label), laid out anew for the longer name.
    const gateway = germanItems.find(
      (item) => item.type.endsWith('Gateway') && item.field === 'name' && item.text,
    );
    assert.ok(gateway, 'the process has a named gateway');
    const longer = 'Rechnung mit Lieferschein und Bestellung abstimmen und zur Zahlung freigeben';
    const field = page.locator(`.translate-target[data-key="${key}"]`);
    await field.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(longer);

    // The diagram switched to German and draws the name as typed, outlined as not yet published.
    assert.equal(
      await page.locator('.translate-diagram-side button[data-side=target]').getAttribute('aria-checked'),
      'true',
    );
    const drawn = (expected: string, marked: boolean) =>
      page.waitForFunction(
        ([id, expected, marked]) => {
          const element = document.querySelector(
            `lanes-translation-diagram .djs-element[data-element-id="${id as string}"]`,
          );
          const text = element?.querySelector('.djs-visual text')?.textContent ?? '';
          return (
            text.replace(/\s+/g, '') === (expected as string).replace(/\s+/g, '') &&
            element!.classList.contains('translate-unpublished') === marked &&
            !!element!.querySelector('.translate-unpublished-outline') === marked
          );
        },
        [id, expected, marked] as const,
        { timeout: 10_000 },
      );
    await drawn(longer, true);
    const gatewayName = `${gateway.text} – bitte mit der Abteilungsleitung klären`;
    await page.locator(`.translate-target[data-key="${gateway.key}"]`).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' – bitte mit der Abteilungsleitung klären');
    await page.waitForFunction(
      ([id, expected]) => {
        const label = document.querySelector(
          `lanes-translation-diagram .djs-element[data-element-id="${id}_label"]`,
        );
        return (
          label?.classList.contains('translate-unpublished') &&
          label.querySelector('text')?.textContent?.replace(/\s+/g, '') === expected.replace(/\s+/g, '')
        );
      },
      [gateway.id, gatewayName] as const,
      { timeout: 10_000 },
    );
    await field.click();
    const legend = page.getByTestId('translate-preview-legend');
    assert.match((await legend.textContent()) ?? '', /Shows 2 texts not yet published/);
    assert.equal(
      await page.locator('lanes-translation-diagram .translate-unpublished-outline').count(),
      2,
      'only the changed task and the gateway’s label are outlined',
    );

    // The field shows the whole text: it wraps and grows instead of scrolling it out of sight.
    assert.equal(await field.inputValue(), longer);
    const size = await field.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
    assert.ok(
      size.scrollWidth <= size.clientWidth,
      `no text beyond the field's width: ${JSON.stringify(size)}`,
    );
    assert.ok(
      size.scrollHeight <= size.clientHeight,
      `no text below the field's end: ${JSON.stringify(size)}`,
    );
    assert.ok(size.clientHeight > 40, `the field grew to a second line: ${JSON.stringify(size)}`);
    const [fieldBox, rowBox] = [
      await field.boundingBox(),
      await page.locator(`.translate-row[data-key="${key}"]`).boundingBox(),
    ];
    assert.ok(
      fieldBox && rowBox && fieldBox.y + fieldBox.height <= rowBox.y + rowBox.height,
      'the row grew with it',
    );

    await inEveryLook(world, 'translate-preview', async ({ language }) => {
      await drawn(longer, true);
      assert.match(
        (await legend.textContent()) ?? '',
        language === 'de' ? /noch nicht veröffentlichte Texte/ : /not yet published/,
      );
    });

    // Taken back, the diagram reads the published name again, unmarked.
    await field.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(published);
    await drawn(published, false);
    assert.match((await legend.textContent()) ?? '', /Shows 1 text not yet published/);
  });

  test('the workbench in every look: readable, axe clean, screenshots', async () => {
    await page.evaluate(
      (id) => (location.hash = `#/translate/processes/processList/${id}/1031-3082`),
      processId,
    );
    await page.getByTestId('translate-table').waitFor({ timeout: 30_000 });
    await page.keyboard.press('F8');
    await page.keyboard.type('Texto nuevo');
    await inEveryLook(world, 'translate-workbench', async ({ language }) => {
      const heading = (await page.locator('#translate-heading').textContent()) ?? '';
      assert.match(heading, language === 'de' ? /übersetzen/ : /^Translate/);
      await page.locator('.translate-row.selected').waitFor();
    });
  });

  test('the coverage chart in the reports, clicked through to the workbench on the missing rows', async () => {
    await page.evaluate(() => (location.hash = '#/reports'));
    await page.getByTestId('coverage-table').waitFor({ timeout: 60_000 });
    await page.getByTestId('coverage-source').selectOption('1031');
    const spanish = page.locator('.coverage-table tr[data-facet=processes][data-culture="3082"]');
    await spanish.waitFor();
    const missing = Number(await spanish.locator('button[data-state=missing]').textContent());
    assert.ok(missing > 0, 'the demo has untranslated Spanish names');
    // Click the red (missing) part of the Spanish bar, where a person would.
    const canvas = page.getByTestId('chart-coverage');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const rows = await page
      .locator('.coverage-table tbody tr')
      .evaluateAll((all) =>
        all.map((row) => `${row.getAttribute('data-facet')}:${row.getAttribute('data-culture')}`),
      );
    const bar = await canvas.evaluate(
      async (element, [url, category]) => {
        const { Chart } = (await import(url as string)) as typeof ChartJs;
        const chart = Chart.getChart(element as HTMLCanvasElement)!;
        const props = chart.getDatasetMeta(3).data[category as number]!.getProps(['x', 'y', 'base']) as {
          x: number;
          y: number;
          base: number;
        };
        return props;
      },
      [`/chunks/${chartChunk}`, rows.indexOf('processes:3082')] as const,
    );
    await page.mouse.click(box.x + (bar.x + bar.base) / 2, box.y + bar.y);
    const list = page.getByTestId('coverage-processes');
    await list.waitFor();
    assert.match((await list.locator('h4').textContent()) ?? '', /Missing.*Spanish/);
    const first = list.locator('a').first();
    const name = (await first.textContent())?.trim();
    await first.click();
    await page.waitForFunction(() => /#\/translate\/processes\/.+\/1031-3082\/missing$/.test(location.hash));
    await page.getByTestId('translate-table').waitFor({ timeout: 30_000 });
    assert.match(
      (await page.locator('#translate-heading').textContent()) ?? '',
      new RegExp(name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    const states = await page
      .locator('.translate-row')
      .evaluateAll((all) => all.map((row) => row.getAttribute('data-state')));
    assert.ok(states.length > 0 && states.every((state) => state === 'missing'), states.join());
    await inEveryLook(world, 'translate-coverage', async () => {
      await page.evaluate(() => (location.hash = '#/reports'));
      await page.getByTestId('coverage-table').waitFor({ timeout: 60_000 });
      await page.getByTestId('coverage').scrollIntoViewIfNeeded();
    });
  });
});
