/**
 * Opening BPMN files made by other tools, through the real app: files in
 * other encodings (made here from corpus files: Latin-1 and UTF-16 bytes),
 * a diagram of pools only, a file with content bpmn-js cannot read (listed,
 * and saving over it asks first), and files that break bpmnlint or bpmn-js.
 * Corpus files are read in place and variants are written to a temp folder.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { corpusDir } from './harness/fidelity-corpus.ts';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const fixturesDir = join(corpusDir, '..', 'bpmn-io-fixtures');
const skip = existsSync(corpusDir) && existsSync(fixturesDir) ? false : `no BPMN corpus at ${corpusDir}`;
/** Plain ASCII, a process with named tasks, sequence flows and shapes: a good base for variants. */
const BASE = 'ex00_writer0001.bpmn';
const UMLAUT_NAME = 'Größe prüfen';

/**
 * Console errors the libraries log for what Lanes handles: bpmn-js logs each element it could not
 * draw (listed as import warnings), bpmnlint each rule that crashed (shown as "lint unavailable").
 */
const unexpectedErrors = (errors: string[]): string[] =>
  errors.filter((line) => !line.startsWith('failed to import <') && !/^rule <[\w-]+> failed/.test(line));

describe('opening real-world BPMN files', { skip }, () => {
  let harness: LanesHarness;
  let page: Page;
  let workDir: string;
  let base: string;
  let renamedTask: string;

  before(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'lanes-real-world-'));
    base = readFileSync(join(corpusDir, BASE), 'utf8');
    renamedTask = /<task id="([^"]+)"/.exec(base)![1]!;
    harness = await startLanesHarness();
    page = harness.page;
    await page.locator('lanes-app .shell').waitFor();
  });
  after(async () => {
    await harness?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const panel = () => page.locator('lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel]');

  /** The base file with one task renamed to a name with umlauts, declared in `encoding`. */
  function withUmlauts(encoding: string): string {
    return base
      .replace('encoding="UTF-8"', `encoding="${encoding}"`)
      .replace(new RegExp(`(<task id="${renamedTask}" name=")[^"]*"`), `$1${UMLAUT_NAME}"`);
  }

  /** Opens the file through the Open dialog; resolves with the tab's phase once loading ends. */
  async function open(name: string, bytes: Buffer): Promise<{ path: string; phase: string }> {
    const path = join(workDir, name);
    writeFileSync(path, bytes);
    await page.evaluate(() => (location.hash = '#/editor'));
    harness.dialogs.answerNext(path);
    await page.getByTestId('editor-open-file').first().click();
    await page
      .locator('lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel]:not([data-phase=loading])')
      .waitFor();
    return { path, phase: (await panel().getAttribute('data-phase')) ?? '' };
  }

  /** The label bpmn-js drew for an element (its name, as bpmn-js read it). */
  const labelOf = (id: string) =>
    panel().locator(`g.djs-element[data-element-id="${id}"] text`).first().textContent();

  async function closeAllTabs(): Promise<void> {
    while ((await page.getByTestId('editor-tab-close').count()) > 0) {
      await page.getByTestId('editor-tab-close').first().click();
      const discard = page.getByTestId('editor-close-discard');
      if (await discard.isVisible().catch(() => false)) await discard.click();
    }
  }

  test('an ISO-8859-1 file opens with its umlauts, says so once, and is saved as UTF-8', async () => {
    const { path, phase } = await open('latin1.bpmn', Buffer.from(withUmlauts('ISO-8859-1'), 'latin1'));
    assert.equal(phase, 'ready');
    assert.equal((await labelOf(renamedTask))?.replace(/\s+/g, ' '), UMLAUT_NAME);
    const note = panel().getByTestId('editor-encoding-note');
    assert.match((await note.textContent()) ?? '', /Read as ISO-8859-1; it will be saved as UTF-8/);
    assert.equal(await panel().getByTestId('editor-import-loss-banner').count(), 0, 'nothing was lost');

    const before = statSync(path).mtimeMs;
    await panel()
      .getByTestId('bpmn-canvas')
      .click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ControlOrMeta+s');
    await panel().getByTestId('editor-notice').waitFor();
    assert.notEqual(statSync(path).mtimeMs, before, 'the file was written');
    const written = readFileSync(path);
    assert.doesNotThrow(() => new TextDecoder('utf-8', { fatal: true }).decode(written), 'valid UTF-8');
    const text = written.toString('utf8');
    assert.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
    assert.ok(text.includes(`name="${UMLAUT_NAME}"`), 'the umlauts are written as UTF-8');
    assert.equal(await note.count(), 0, 'once saved as UTF-8, the note is gone');
    await closeAllTabs();
  });

  test('UTF-16 files open, little-endian with BOM and big-endian without', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(withUmlauts('UTF-16'), 'utf16le')]);
    const be = Buffer.from(withUmlauts('UTF-16'), 'utf16le').swap16();
    for (const [name, bytes, label] of [
      ['utf16le.bpmn', le, 'UTF-16LE'],
      ['utf16be.bpmn', be, 'UTF-16BE'],
    ] as const) {
      const { phase } = await open(name, bytes);
      assert.equal(phase, 'ready', `${name} opens`);
      assert.equal((await labelOf(renamedTask))?.replace(/\s+/g, ' '), UMLAUT_NAME);
      assert.match(
        (await panel().getByTestId('editor-encoding-note').textContent()) ?? '',
        new RegExp(label),
      );
    }
    await closeAllTabs();
  });

  test('a diagram of pools only, without a process, opens', async () => {
    const file = join(fixturesDir, 'bpmn-js', 'draw_message-label.bpmn');
    const xml = readFileSync(file, 'utf8');
    assert.ok(!/<(\w+:)?process\b/.test(xml), 'the fixture really has no process');
    const { phase } = await open('pools-only.bpmn', Buffer.from(xml));
    assert.equal(phase, 'ready');
    const participant = /<(?:\w+:)?participant id="([^"]+)"/.exec(xml)![1]!;
    await panel().locator(`g.djs-element[data-element-id="${participant}"]`).waitFor();
    await closeAllTabs();
  });

  test('what bpmn-js cannot read is listed by element, and saving over the file asks once', async () => {
    // An element bpmn-js does not know, inside a task, and a flow with a duplicate id.
    const flowId = /<sequenceFlow id="([^"]+)"/.exec(base)![1]!;
    const broken = base
      .replace(
        `<task id="${renamedTask}"`,
        `<task id="${renamedTask}"><unknownThing xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/></task><task id="Extra_1"`,
      )
      .replace(
        '</process>',
        `<sequenceFlow id="${flowId}" sourceRef="${renamedTask}" targetRef="${renamedTask}"/></process>`,
      );
    page.on('dialog', (dialog) => void dialog.dismiss());
    const errorsBefore = harness.pageErrors.length;
    const { path, phase } = await open('losses.bpmn', Buffer.from(broken));
    assert.equal(phase, 'ready');
    const banner = panel().getByTestId('editor-import-loss-banner');
    const rows = panel().getByTestId('editor-import-warning');
    const count = await rows.count();
    assert.ok(count >= 2, `both losses are listed (got ${count})`);
    assert.match((await banner.textContent()) ?? '', new RegExp(`${count} items could not be read`));
    const listed = (await rows.allTextContents()).join('\n');
    assert.match(listed, /unknownThing/);
    assert.match(listed, new RegExp(`duplicate ID <${flowId}>`));
    assert.deepEqual(unexpectedErrors(harness.pageErrors.slice(errorsBefore)), []);
    await shootWarnings('editor-import-warnings');

    // Saving over the same file asks first; Cancel writes nothing.
    const original = readFileSync(path, 'utf8');
    await panel()
      .getByTestId('bpmn-canvas')
      .click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ControlOrMeta+s');
    const ask = panel().getByTestId('editor-save-losses-dialog');
    await ask.locator('[data-role=cancel]').click();
    assert.equal(readFileSync(path, 'utf8'), original, 'cancelled: the file is untouched');
    await page.keyboard.press('ControlOrMeta+s');
    await ask.locator('[data-role=confirm]').click();
    await panel().getByTestId('editor-notice').waitFor();
    assert.notEqual(readFileSync(path, 'utf8'), original, 'confirmed: written');
    // Asked once: the next save goes straight through.
    const written = statSync(path).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await panel()
      .getByTestId('bpmn-canvas')
      .click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ControlOrMeta+s');
    for (let waited = 0; statSync(path).mtimeMs === written; waited += 50) {
      assert.ok(waited < 10_000, 'the second save wrote without asking');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(await ask.locator('dialog[open]').count(), 0);
    await closeAllTabs();
  });

  /** The list in light and dark, English and German, for a human to look at. */
  async function shootWarnings(name: string): Promise<void> {
    for (const language of ['en', 'de'] as const) {
      if (language === 'de') {
        await page.getByTestId('ui-language').selectOption('de');
        await panel().getByText('Nicht lesbar', { exact: false }).first().waitFor();
      }
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await saveScreenshot(page, `${name}-${language}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('ui-language').selectOption('en');
    await panel().getByText('Could not be read', { exact: false }).first().waitFor();
  }

  test('a diagram that crashes a bpmnlint rule opens with lint unavailable, not a broken editor', async () => {
    // bpmnlint's no-duplicate-sequence-flows keys a flow without a target by its own id, so a
    // flow "A" without target after a flow from the same source that targets "A" crashes the rule.
    const [, flowId, source] = /<sequenceFlow id="([^"]+)" sourceRef="([^"]+)"/.exec(base)!;
    const noTarget = base.replace(
      new RegExp(`<sequenceFlow id="${flowId}" sourceRef="${source}" targetRef="[^"]+"`),
      `<sequenceFlow id="Pointer_1" sourceRef="${source}" targetRef="${flowId}" />` +
        `<sequenceFlow id="${flowId}" sourceRef="${source}"`,
    );
    const errorsBefore = harness.pageErrors.length;
    const { phase } = await open('lint-breaking.bpmn', Buffer.from(noTarget));
    assert.equal(phase, 'ready');
    const notice = panel().getByTestId('editor-lint-unavailable');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /Lint is unavailable for this diagram/);
    assert.deepEqual(unexpectedErrors(harness.pageErrors.slice(errorsBefore)), []);
    assert.match((await notice.textContent()) ?? '', /no-duplicate-sequence-flows/);
    await closeAllTabs();
  });

  test('a save bpmn-moddle cannot write (a prefix bound to no namespace) says which prefix and how to fix it', async () => {
    const unbound = base
      .replace('<definitions ', '<definitions xmlns:acme="" ')
      .replace(`<task id="${renamedTask}"`, `<task id="${renamedTask}" acme:colour="red"`);
    const { path, phase } = await open('unbound-prefix.bpmn', Buffer.from(unbound));
    assert.equal(phase, 'ready');
    const original = readFileSync(path, 'utf8');
    await panel()
      .getByTestId('bpmn-canvas')
      .click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ControlOrMeta+s');
    const message = page.locator('.notice-error[data-code="editor.undeclaredPrefix"]');
    await message.waitFor();
    assert.match((await message.textContent()) ?? '', /prefix "acme" without declaring it.*xmlns:acme/s);
    assert.equal(await page.getByText('Something went wrong inside Lanes').count(), 0);
    assert.equal(readFileSync(path, 'utf8'), original, 'nothing was written');
    await message.locator('.notice-dismiss').click();
    await closeAllTabs();
  });

  test('a file whose plane points at the definitions (nothing drawn) opens laid out, says so once, with no page error', async () => {
    // bpmn-js refuses this plane ("unsupported bpmnElement"); bpmn-js-bpmnlint used to throw
    // "Cannot read properties of null (reading 'id')" on it. No shape draws the task, so Lanes
    // treats the file as one without layout and arranges it (renderer/modeler/canvas/auto-layout.ts).
    const xml = readFileSync(join(fixturesDir, 'bpmn-moddle', 'namespace-redefinition.bpmn'));
    const errorsBefore = harness.pageErrors.length;
    const messagesBefore = await page.locator('.notice-error').count();
    const { phase } = await open('plane-on-definitions.bpmn', xml);
    assert.equal(phase, 'ready');
    await panel().getByTestId('editor-layout-generated').waitFor();
    await panel().locator('g.djs-element[data-element-id="Task_1"]').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByText('Something went wrong inside Lanes').count(), 0);
    assert.equal(await page.locator('.notice-error').count(), messagesBefore);
    assert.deepEqual(harness.pageErrors.slice(errorsBefore), []);
    await closeAllTabs();
  });
});
