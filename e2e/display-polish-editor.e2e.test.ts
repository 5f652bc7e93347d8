/**
 * Defects 7, 8 and 9 of issue 12 in the editor, the compare view and the
 * conflict view: the Problems list names elements as a modeler does, lint
 * speaks the UI language (list and canvas popover), states and dates read
 * as words in one format, the publish-warnings question lists the warnings,
 * and the side-by-side diagrams are as tall as their content.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { lintDe } from '../shared/i18n/features/lint.de.ts';
import { lintEn } from '../shared/i18n/features/lint.en.ts';
import { demoProcesses, isEditable, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { changeOnService, flowElementsOf, renameIn, serviceBpmn } from './harness/editor-driver.ts';
import { contrastRatio, seenColours } from './harness/contrast.ts';
import { assertReadable, boxes, dateFormat, inEveryLook, useLanguage } from './harness/looks.ts';

const STATE_KEYS = /\b(inProcess|inReview|readyForQa|readyForRelease|requestToExpire|inEffect)\b/;
/** The diff panes' floor in pixels (diff-view.ts): a flat diagram may be drawn lower than its pane there. */
const MIN_PANE_HEIGHT = 260;

/** A message is one of the catalog's lint texts, placeholders filled with anything. */
function isCatalogText(catalog: Record<string, string>, message: string): boolean {
  return Object.values(catalog).some((template) => {
    const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[a-z]+\\\}/gi, '.+');
    return new RegExp(`^${pattern}$`).test(message);
  });
}

describe('display polish in the editor, compare and conflict views (issue 12, defects 7–9)', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  const taken = new Set<string>();

  function takeProcess(): string {
    const found = demoProcesses(world.emulator).find((row) => !taken.has(row.id) && isEditable(row));
    assert.ok(found, 'the demo seed has another editable process');
    taken.add(found.id);
    return found.id;
  }

  const tab = (): Locator => page.locator('lanes-editor-tab:visible');
  const problemRows = (): Locator => tab().locator('[data-testid=editor-problem]');

  async function openProblems(): Promise<void> {
    if ((await tab().locator('section[data-testid=editor-problems]').count()) === 0)
      await tab().locator('button[data-testid=editor-problems]').click();
    await tab().locator('section[data-testid=editor-problems]').waitFor();
  }

  /** The diagram drawn in a bpmn-js pane: inside it, and filling it (or the pane is at its floor). */
  async function assertFills(pane: Locator, what: string): Promise<void> {
    const drawing = pane.locator('svg g.viewport');
    const seen = await boxes(pane, drawing);
    assert.ok(seen.inside, `${what}: the diagram lies inside its pane ${JSON.stringify(seen)}`);
    assert.ok(seen.widthShare >= 0.6, `${what}: the diagram uses the pane's width ${JSON.stringify(seen)}`);
    assert.ok(
      seen.heightShare >= 0.5 || seen.outer.height <= MIN_PANE_HEIGHT + 2,
      `${what}: no tiny diagram above empty space ${JSON.stringify(seen)}`,
    );
  }

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('Problems list: elements by type and name, messages in the UI language, also on the canvas', async () => {
    const id = takeProcess();
    await editor.open(id);
    const marker = ((await tab().getByTestId('editor-doc-state').textContent()) ?? '').trim();
    assert.match(marker, /^In process · Version \d/, 'the state in words beside the source');
    const loose = await editor.dropLooseTask('Leads nowhere');
    await openProblems();
    const mine = tab().locator(`[data-testid=editor-problem][data-element-id="${loose}"]`).first();
    await mine.waitFor();
    const names = { en: 'Task “Leads nowhere”', de: 'Aufgabe „Leads nowhere“' };
    const catalogs = { en: lintEn, de: lintDe };
    await inEveryLook(world, 'polish-editor-problems', async ({ language, scheme }) => {
      await mine
        .locator('[data-testid=editor-problem-element]')
        .filter({ hasText: names[language] })
        .waitFor();
      const rows = problemRows();
      for (let i = 0; i < (await rows.count()); i++) {
        const problem = rows.nth(i);
        const elementId = (await problem.getAttribute('data-element-id')) ?? '';
        const label = ((await problem.getByTestId('editor-problem-element').textContent()) ?? '').trim();
        assert.notEqual(label, elementId, `a type and name, not the id (${language})`);
        const message = ((await problem.locator('.editor-problem-message').textContent()) ?? '').trim();
        assert.ok(isCatalogText(catalogs[language], message), `"${message}" is ${language}`);
        await assertReadable(problem.getByTestId('editor-problem-element'), `problem ${i} (${scheme})`);
      }
      // The canvas popover says the same, in the same language.
      const badge = tab().locator(`.djs-overlays[data-container-id="${loose}"] .bjsl-icon-error`).first();
      await badge.hover();
      const popover = tab()
        .locator(`.djs-overlays[data-container-id="${loose}"] .bjsl-issues .message`)
        .first();
      await popover.waitFor();
      const text = ((await popover.textContent()) ?? '').trim();
      assert.ok(isCatalogText(catalogs[language], text), `popover "${text}" is ${language}`);
      await page.mouse.move(0, 0);
    });
    // Back to a clean diagram for the next test.
    await editor.shape(loose).click();
    await page.keyboard.press('Delete');
  });

  test('dark mode: the properties panel is themed throughout, inputs readable', async () => {
    const id = takeProcess();
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
    const task = nodes.find((node) => node.type === 'bpmn:Task')!;
    await editor.open(id);
    await editor.shape(task.id).click();
    const panel = tab().locator('.bio-properties-panel');
    const general = panel.locator('[data-group-id=group-general] .bio-properties-panel-group-header');
    await general.click();
    const input = panel.locator('[data-group-id=group-general] input.bio-properties-panel-input').first();
    await input.waitFor();
    await inEveryLook(world, 'polish-properties', async ({ scheme, language }) => {
      for (const part of [
        panel.locator('.bio-properties-panel-header-label').first(),
        general.locator('.bio-properties-panel-group-header-title'),
        panel.locator('[data-group-id=group-general] .bio-properties-panel-label').first(),
      ])
        await assertReadable(part, `properties panel text (${scheme}, ${language})`);
      const field = await seenColours(input);
      const ratio = contrastRatio(field.foreground, field.background);
      assert.ok(ratio >= 4.5, `the input's text (${scheme}): ${ratio.toFixed(2)}`);
      // Dark means dark: no light surface left inside the panel.
      if (scheme === 'dark') {
        const light = await panel.evaluate((root) =>
          [root, ...root.querySelectorAll('*')]
            // Surfaces, not markers: the little "has a value" dots are grey on purpose.
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width * box.height > 400;
            })
            .map((element) => getComputedStyle(element).backgroundColor)
            .filter((colour) => {
              const [r = 0, g = 0, b = 0, a = 1] = (/rgba?\(([^)]+)\)/.exec(colour)?.[1] ?? '0,0,0,0')
                .split(/[\s,/]+/)
                .map(Number);
              return a > 0.5 && (r + g + b) / 3 > 160;
            }),
        );
        assert.deepEqual(light, [], 'no light surfaces in the dark properties panel');
      }
    });
  });

  test('a saved draft gives its time in the one date format of the app', async () => {
    const id = takeProcess();
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
    const task = nodes.find((node) => node.type === 'bpmn:Task')!;
    await editor.open(id);
    await editor.rename(task.id, 'Checked twice');
    await editor.saveDraft();
    for (const language of ['en', 'de'] as const) {
      await useLanguage(world, language);
      const source = ((await tab().getByTestId('editor-source').textContent()) ?? '').trim();
      const prefix = language === 'en' ? 'Draft saved ' : 'Entwurf gespeichert ';
      assert.ok(source.startsWith(prefix), source);
      assert.match(source.slice(prefix.length), dateFormat[language]);
      assert.doesNotMatch((await tab().getByTestId('editor-doc-state').textContent()) ?? '', STATE_KEYS);
    }
    await useLanguage(world, 'en');
  });

  test('conflict view and compare view: diagrams as large as their panes, not small above empty space', async () => {
    const id = takeProcess();
    const nodes = [...(await flowElementsOf(await serviceBpmn(world.emulator.config, id))).values()];
    const task = nodes.find((node) => node.type === 'bpmn:Task')!;
    await editor.open(id);
    await editor.rename(task.id, 'Mine, in the tab');
    await editor.saveDraft();
    await changeOnService(world.emulator.config, id, (definitions) =>
      renameIn(definitions, task.id, 'Theirs, on the service'),
    );
    assert.equal(await editor.publish(), 'conflict');
    await tab().locator('[data-testid=editor-open-conflict]').click();
    await page.locator('[data-testid=conflict-view][data-kind=conflict]').waitFor();
    await page.locator('[data-testid=diff-view][data-status=ready]').waitFor();
    // The conflict opens zoomed to the task changed on both sides; the whole diagram is one click away.
    await page.getByTestId('diff-show-all').click();
    await inEveryLook(world, 'polish-conflict', async ({ language }) => {
      for (const side of ['older', 'newer'])
        await assertFills(page.getByTestId(`diff-viewer-${side}`), `conflict, ${side} (${language})`);
    });
    await page.locator('[data-testid=conflict-keep-mine]').click();
    await page.locator('[data-testid=conflict-confirm] dialog[open] [data-role=confirm]').click();
    await page.locator('[data-testid=conflict-result][data-outcome=published]').waitFor();

    await page.evaluate((hash) => (location.hash = hash), `#/compare/processes/processList/${id}`);
    await page.locator('[data-testid=compare-view] [data-testid=diff-view][data-status=ready]').waitFor();
    await page.getByTestId('diff-show-all').click();
    await inEveryLook(world, 'polish-compare', async ({ language }) => {
      for (const side of ['older', 'newer'])
        await assertFills(page.getByTestId(`diff-viewer-${side}`), `compare, ${side} (${language})`);
      const pickers = await page.locator('[data-testid^=compare-pick-] option').allTextContents();
      // Each entry ends with its date ("… · Mar 14, 2025, 9:30 AM", "… · sent …", "… · gespeichert …").
      const endsWithDate = new RegExp(`${dateFormat[language].source.replace(/^\^/, '')}`);
      for (const option of pickers) {
        const date = option.split(' · ').at(-1)!.trim();
        assert.match(date, endsWithDate, `the entry's date (${language})`);
      }
    });
  });

  test('the publish-warnings question lists each warning with its element', async () => {
    let warnings = 0;
    for (let tries = 0; tries < 8 && warnings === 0; tries++) {
      const id = takeProcess();
      await editor.open(id);
      await openProblems();
      await tab()
        .locator('[data-testid=editor-problem], [data-testid=editor-problems-none]')
        .first()
        .waitFor();
      const errors = await problemRows().and(page.locator('[data-severity=error]')).count();
      if (errors === 0) warnings = await problemRows().and(page.locator('[data-severity=warning]')).count();
    }
    assert.ok(warnings > 0, 'a demo process with warnings and no errors');
    await tab().locator('[data-testid=editor-publish]').click();
    const dialog = tab().locator('[data-testid=editor-warnings-dialog] dialog[open]');
    await dialog.waitFor();
    const listed = dialog.getByTestId('editor-warning');
    assert.equal(await listed.count(), warnings, 'every warning is listed');
    const first = ((await listed.first().textContent()) ?? '').trim();
    const label = (
      (await problemRows()
        .and(page.locator('[data-severity=warning]'))
        .first()
        .getByTestId('editor-problem-element')
        .textContent()) ?? ''
    ).trim();
    assert.ok(first.startsWith(label), `"${first}" names its element "${label}"`);
    await inEveryLook(world, 'polish-editor-publish-warnings', async ({ language }) => {
      const texts = await listed.allTextContents();
      for (const text of texts) {
        const message = text.slice(text.indexOf(':') + 1).trim();
        assert.ok(isCatalogText(language === 'en' ? lintEn : lintDe, message), `${message} (${language})`);
      }
    });
    await dialog.locator('[data-role=cancel]').click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
