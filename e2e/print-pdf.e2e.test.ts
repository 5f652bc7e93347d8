/**
 * Print and PDF through the real path: the print dialog, the print sheet laid
 * out under @media print, `files.exportPdf` in main, and Chromium's own PDF
 * (the harness's PagePrinter; Electron uses webContents.printToPDF the same
 * way). The written file is read back: paper size and orientation, one page
 * when fitted, the header's text, and nothing of the app around it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { seriousViolations } from './harness/axe.ts';
import { demoProcesses, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { oneTaskDiagram } from './harness/one-task-diagram.ts';
import { PAPER_POINTS, readPdf, type PdfPage } from './harness/pdf-reader.ts';
import { saveScreenshot } from './harness/screenshots.ts';

/** Within 1 %: Chromium rounds paper to its own units. */
function assertPaper(page: PdfPage, paper: { width: number; height: number }, landscape: boolean): void {
  const [width, height] = landscape ? [paper.height, paper.width] : [paper.width, paper.height];
  assert.ok(Math.abs(page.width - width) / width < 0.01, `width ${page.width} ≈ ${width}`);
  assert.ok(Math.abs(page.height - height) / height < 0.01, `height ${page.height} ≈ ${height}`);
}

describe('print and PDF of a diagram', () => {
  let world: DemoWorld;
  let page: Page;
  let folder: string;

  const dialog = () => page.locator('lanes-print-dialog dialog[open]');
  const pdfAt = async (path: string) => {
    // The dialog closes once main has written the file.
    await dialog().waitFor({ state: 'detached', timeout: 30_000 });
    assert.ok(existsSync(path), `${path} was written`);
    return readPdf(readFileSync(path));
  };

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lanes-print-e2e-'));
    ({ world, page } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('an editor tab saves an A3 portrait PDF with the diagram under its name, and an A4 landscape one by default', async () => {
    const file = join(folder, 'Invoice check.bpmn');
    writeFileSync(file, oneTaskDiagram('Task_print', 'Check the invoice'));
    await page.evaluate(() => (location.hash = '#/editor'));
    world.harness.dialogs.answerNext(file);
    await page.getByTestId('editor-open-file').click();
    await page.locator('lanes-editor-tab:visible [data-testid=editor-tab-panel][data-phase=ready]').waitFor({
      timeout: 30_000,
    });

    // File › Export as PDF… (the application menu's event, as main sends it).
    world.harness.emit('menu.command', { command: 'exportPdf' });
    await dialog().waitFor();
    assert.equal(await page.getByTestId('print-paper-A4').isChecked(), true, 'A4 is the default');
    assert.equal(await page.getByTestId('print-landscape').isChecked(), true, 'landscape is the default');
    assert.equal(await page.getByTestId('print-fit').isChecked(), true, 'fit to page is the default');
    assert.deepEqual(await seriousViolations(page, 'lanes-print-dialog'), []);
    await saveScreenshot(page, 'print-dialog-light-en');
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await seriousViolations(page, 'lanes-print-dialog'), []);
    await saveScreenshot(page, 'print-dialog-dark-en');
    const german = await world.harness.services.dispatch('settings.update', { uiLanguage: 'de' });
    assert.ok(german.ok);
    await page.locator('html[lang=de]').waitFor();
    await dialog().getByText('Diagramm an die Seite anpassen').waitFor();
    await saveScreenshot(page, 'print-dialog-dark-de');
    await page.emulateMedia({ colorScheme: 'light' });
    await saveScreenshot(page, 'print-dialog-light-de');
    assert.ok((await world.harness.services.dispatch('settings.update', { uiLanguage: 'en' })).ok);
    await page.locator('html[lang=en]').waitFor();

    await page.getByTestId('print-paper-A3').check();
    await page.getByTestId('print-portrait').check();
    const a3 = join(folder, 'a3.pdf');
    world.harness.dialogs.answerNext(a3);
    await dialog().getByRole('button', { name: 'Save PDF…' }).click();
    const pdf = await pdfAt(a3);
    assert.equal(pdf.pages.length, 1, 'fitted to one page');
    assertPaper(pdf.pages[0]!, PAPER_POINTS.A3, false);
    assert.ok(pdf.hasText('Invoice check'), 'the header names the diagram');
    assert.ok(pdf.hasText('Printed'), 'the header says when it was printed');
    assert.ok(!pdf.hasText('About Lanes'), 'nothing of the app around the diagram is printed');
    assert.ok(!pdf.hasText('Fit the diagram to the page'), 'nor the print dialog');
    const asked = world.harness.dialogs.asked.at(-1);
    assert.deepEqual(asked && asked.kind === 'save' ? [asked.format, asked.suggestedName] : [], [
      'pdf',
      'Invoice check.pdf',
    ]);
    await page.getByTestId('editor-notice').getByText(`PDF saved to ${a3}`).waitFor();

    // The sheet is gone again: the editor is as it was.
    assert.equal(await page.getByTestId('print-sheet').count(), 0);

    // Again: the choice of paper is remembered for this run.
    world.harness.emit('menu.command', { command: 'exportPdf' });
    await dialog().waitFor();
    assert.equal(await page.getByTestId('print-paper-A3').isChecked(), true);
    await page.getByTestId('print-paper-A4').check();
    await page.getByTestId('print-landscape').check();
    const a4 = join(folder, 'a4.pdf');
    world.harness.dialogs.answerNext(a4);
    await dialog().getByRole('button', { name: 'Save PDF…' }).click();
    const landscape = await pdfAt(a4);
    assert.equal(landscape.pages.length, 1);
    assertPaper(landscape.pages[0]!, PAPER_POINTS.A4, true);
  });

  test('Print hands the laid-out page to the printer with the paper chosen; Cancel prints nothing', async () => {
    const before = world.harness.printed.length;
    world.harness.emit('menu.command', { command: 'print' });
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    assert.equal(world.harness.printed.length, before);

    world.harness.emit('menu.command', { command: 'print' });
    await dialog().waitFor();
    await page.getByTestId('print-portrait').check();
    await dialog().getByRole('button', { name: 'Print…' }).click();
    await dialog().waitFor({ state: 'detached' });
    assert.deepEqual(world.harness.printed.slice(before), [{ pageSize: 'A4', landscape: false }]);
    await page.getByTestId('editor-notice').getByText('The diagram was sent to the printer.').waitFor();
  });

  test("the element page prints the service's diagram with the element's name, state and version as the header", async () => {
    const process = demoProcesses(world.emulator).find((p) => p.state === 'inProcess' && p.shapes >= 2);
    assert.ok(process, 'the demo seed has an in-process process with a diagram');
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${process.id}`);
    await page.locator(`[data-testid=element-page][data-element-id="${process.id}"]`).waitFor();
    const name = (await page.getByTestId('element-name').textContent())!.trim();
    await page.getByTestId('element-pdf').click();
    await dialog().waitFor();
    // The last print was portrait, and the dialog remembers it: this one asks for landscape again.
    assert.equal(await page.getByTestId('print-portrait').isChecked(), true);
    await page.getByTestId('print-landscape').check();
    const path = join(folder, 'element.pdf');
    world.harness.dialogs.answerNext(path);
    await dialog().getByRole('button', { name: 'Save PDF…' }).click();
    const pdf = await pdfAt(path);
    assert.equal(pdf.pages.length, 1);
    assertPaper(pdf.pages[0]!, PAPER_POINTS.A4, true);
    assert.ok(pdf.hasText(name), `the header names ${name}`);
    // Labels are bold (another font, decoded apart from the values).
    assert.ok(pdf.hasText('State') && pdf.hasText('In process'), 'the state, translated');
    // Once: the service's coarse copy of it (state1) is not listed again among the attributes.
    const stateText = pdf.texts.find((text) => text.includes('Inprocess')) ?? '';
    assert.equal(stateText.split('Inprocess').length - 1, 1, 'the state is listed once');
    assert.ok(pdf.hasText('Version') && pdf.hasText('0.1'), 'the version');
    assert.ok(!pdf.hasText('inProcess'), 'not the state key');
    assert.ok(!pdf.hasText('Set to'), 'no release buttons on paper');
    await page.getByTestId('element-print-result').getByText(`PDF saved to ${path}`).waitFor();
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
