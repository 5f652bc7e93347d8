/**
 * "Compare versions" lists the element's versions as the service has them
 * (issue 23, item 6): every version of its versions interface with its
 * state, the current one as exported now (a colleague's publish included),
 * what Lanes sent marked as sent, no two entries with the same label.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import type { DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { changeOnService, firstTaskOf, renameIn } from './harness/editor-driver.ts';
import { inEveryLook } from './harness/looks.ts';

describe('Compare versions: the service’s versions, Lanes’ sends marked', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;
  let id: string;

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
    // A process the demo seed gave three versions (1.0 expired, 1.1 released, 1.2 in process), with a diagram.
    const row = world.emulator.db
      .prepare(
        `SELECT e.id FROM elements e WHERE e.type = 'process' AND e.is_current = 1 AND e.state = 'inProcess'
           AND (SELECT COUNT(*) FROM elements v WHERE v.id = e.id) = 3
           AND (SELECT COUNT(*) FROM shapes s WHERE s.version_id = e.version_id) >= 3
         ORDER BY e.ord LIMIT 1`,
      )
      .get() as { id: string } | undefined;
    assert.ok(row, 'the demo seed has a process with three versions and a diagram');
    id = row.id;
  });
  after(async () => {
    await world?.close();
  });

  const options = (side: 'older' | 'newer') =>
    page.locator(`[data-testid=compare-pick-${side}] option`).evaluateAll((nodes) =>
      nodes.map((node) => ({
        label: (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
        group: node.parentElement?.getAttribute('data-group') ?? '',
        kind: node.getAttribute('data-entry-kind') ?? '',
        disabled: (node as HTMLOptionElement).disabled,
        selected: (node as HTMLOptionElement).selected,
      })),
    );

  test('every version of the service is listed with its state; a colleague’s publish is the default comparison', async () => {
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    await changeOnService(world.emulator.config, id, (definitions) =>
      renameIn(definitions, task, 'Renamed by a colleague'),
    );
    await page.evaluate((hash) => (location.hash = hash), `#/compare/processes/processList/${id}`);
    await page.locator('[data-testid=compare-view] [data-testid=diff-view][data-status=ready]').waitFor();
    const listed = await options('older');
    const service = listed.filter((option) => option.group === 'service');
    assert.equal(service.length, 1, JSON.stringify(listed));
    assert.match(service[0]!.label, /^Version 1\.2 \(current\) · In process · /);
    const unseen = listed.filter((option) => option.group === 'unseen');
    assert.deepEqual(
      unseen.map((option) => [option.label.split(' · ').slice(0, 2).join(' · '), option.disabled]),
      [
        ['Version 1.1 · Released', true],
        ['Version 1.0 · Expired', true],
      ],
    );
    await page.getByTestId('compare-unseen-note').waitFor();
    assert.equal(new Set(listed.map((option) => option.label)).size, listed.length, 'no two labels alike');
    assert.doesNotMatch(listed.map((o) => o.label).join('\n'), /version 0\.1/);

    // By default: what Lanes saw before, against the version as the colleague left it.
    assert.equal(listed.find((option) => option.selected)?.group, 'seen');
    assert.equal((await options('newer')).find((option) => option.selected)?.group, 'service');
    const row = page.locator(
      `[data-testid=diff-change][data-change-kind=changed][data-element-id="${task}"]`,
    );
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /Renamed by a colleague/);
  });

  test('a publish from Lanes is listed as sent; the lists look right in every look', async () => {
    const task = await firstTaskOf(world.emulator.config, id);
    await editor.open(id);
    await editor.rename(task, 'Renamed in Lanes');
    await editor.saveDraft();
    assert.equal(await editor.publish(), 'published');
    await page.evaluate((hash) => (location.hash = hash), `#/compare/processes/processList/${id}`);
    await page.locator('[data-testid=compare-view] [data-testid=diff-view][data-status=ready]').waitFor();
    const listed = await options('older');
    const sent = listed.filter((option) => option.group === 'sent');
    assert.equal(sent.length, 1, JSON.stringify(listed));
    assert.match(sent[0]!.label, /^Sent by Lanes · version 1\.2 · sent /);
    assert.equal(
      listed.filter((option) => option.group === 'seen').length,
      2,
      'before the colleague, before mine',
    );
    assert.equal(new Set(listed.map((option) => option.label)).size, listed.length, 'no two labels alike');
    await inEveryLook(world, 'compare-versions', async ({ language }) => {
      const labels = (await options('older')).map((option) => option.label);
      assert.equal(new Set(labels).size, labels.length, `no two labels alike (${language})`);
    });
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
