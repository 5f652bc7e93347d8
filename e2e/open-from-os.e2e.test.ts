/**
 * Files from the operating system through the real renderer: a .bpmn named
 * on the command line opens in a tab when the window loads, a second launch
 * (or macOS open-file) opens its file in the running window, the same file
 * twice is one tab, and a file that is not BPMN is refused in words.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { startLanesHarness, type LanesHarness } from './harness/lanes-harness.ts';
import { oneTaskDiagram } from './harness/one-task-diagram.ts';

describe('opening .bpmn files handed over by the operating system', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-os-e2e-'));
  const atStart = join(folder, 'at-start.bpmn');
  const later = join(folder, 'second-launch.bpmn');
  const notBpmn = join(folder, 'not-a-diagram.bpmn');
  let harness: LanesHarness;
  let page: Page;

  before(async () => {
    writeFileSync(atStart, oneTaskDiagram('Task_at_start'));
    writeFileSync(later, oneTaskDiagram('Task_second_launch'));
    writeFileSync(notBpmn, '<html><body>not BPMN</body></html>');
    harness = await startLanesHarness({ openAtStart: [atStart] });
    page = harness.page;
    await page.locator('lanes-app .shell').waitFor();
  });
  after(async () => {
    await harness?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const tabNames = (): Promise<string[]> =>
    page
      .getByTestId('editor-tab-select')
      .evaluateAll((tabs) => tabs.map((tab) => tab.textContent?.trim() ?? ''));
  const shown = (task: string): Promise<void> =>
    page
      .locator(`lanes-editor-tab:visible g.djs-element[data-element-id="${task}"]`)
      .waitFor({ timeout: 30_000 });

  test('a file named on the command line opens in a tab as the window loads', async () => {
    await shown('Task_at_start');
    assert.equal((await tabNames()).length, 1);
    assert.match((await tabNames())[0]!, /at-start/);
    assert.equal(await page.evaluate(() => location.hash), '#/editor');
  });

  test('a second launch opens its file in the running window; the same file again is the same tab', async () => {
    harness.openFromOs([later]);
    await shown('Task_second_launch');
    assert.equal((await tabNames()).length, 2);
    harness.openFromOs([atStart]);
    await shown('Task_at_start');
    assert.equal((await tabNames()).length, 2, 'no second tab for a file that is open');
  });

  test('a file that is not BPMN is refused with a readable message, and the tabs stay', async () => {
    harness.openFromOs([notBpmn]);
    await page.getByText(/not-a-diagram\.bpmn is not a BPMN file/).waitFor();
    assert.equal((await tabNames()).length, 2);
  });
});
