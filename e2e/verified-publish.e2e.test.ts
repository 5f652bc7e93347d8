/**
 * Verified publish through the real app and the emulator: a diagram with
 * documentation, a non-interrupting boundary timer with a duration, a
 * conditional and a default flow, lanes and a text annotation is published;
 * the emulator keeps what a process-management service keeps, and the tab
 * shows exactly the rest as not kept by the service (never a plain
 * success); the sent version stays in the history with that list.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { RICH_EXPECTED_NOT_KEPT, richDiagram } from '../main/editor/rich-diagram.test-support.ts';
import { seriousViolations } from './harness/axe.ts';
import { demoProcesses, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import type { EditorDriver } from './harness/editor-driver.ts';
import { serviceBpmn } from './harness/editor-driver.ts';
import { saveScreenshot } from './harness/screenshots.ts';

describe('verified publish in the editor', () => {
  let world: DemoWorld;
  let page: Page;
  let editor: EditorDriver;

  before(async () => {
    ({ world, page, editor } = await startDemoPage());
  });
  after(async () => {
    await world?.close();
  });

  /** Main's answer to a request, as the renderer would get it. */
  async function call<T>(channel: string, request: unknown): Promise<T> {
    const result = (await world.harness.services.dispatch(channel as never, request as never)) as {
      ok: boolean;
      value?: unknown;
      error?: unknown;
    };
    assert.ok(result.ok, `${channel}: ${JSON.stringify(result.error)}`);
    return result.value as T;
  }

  test('what the service did not keep is listed after publishing, and kept with the sent version', async () => {
    const { id } = demoProcesses(world.emulator).find((process) => process.state === 'inProcess')!;
    const target = { facet: 'processes', view: 'processList', id, culture: 1033 };
    const opened = await call<{ xml: string }>('editor.open', target);
    const { rootElement } = await new BpmnModdle().fromXML(opened.xml, 'bpmn:Definitions');
    const process = (rootElement.rootElements as ModdleElement[]).find((r) => r.$type === 'bpmn:Process')!;
    const sent = richDiagram(String(process.id));
    await call('editor.saveDraft', { ...target, xml: sent });

    await editor.open(id);
    assert.equal(await editor.publish(), 'published');
    const banner = page.locator('lanes-editor-tab:visible [data-testid=editor-publish-result]');
    assert.equal(await banner.getAttribute('data-not-kept'), String(RICH_EXPECTED_NOT_KEPT.length));
    assert.equal(await banner.getAttribute('role'), 'alert', 'a loss is announced, not a quiet success');
    assert.match((await banner.textContent()) ?? '', /did not keep everything: .*2 × Lane/);

    await banner.getByTestId('not-kept-toggle').click();
    const rows = banner.locator('[data-testid=not-kept-list] li');
    const listed = await rows.evaluateAll((items) =>
      items.map(
        (item) => `${item.getAttribute('data-id')}:${item.getAttribute('data-property') || 'element'}`,
      ),
    );
    assert.deepEqual(
      listed.sort(),
      RICH_EXPECTED_NOT_KEPT.map((item) => `${item.id}:${item.property ?? 'element'}`).sort(),
    );
    assert.match((await rows.filter({ hasText: 'Sales' }).textContent()) ?? '', /Lane “Sales”: not kept/);

    // What the service kept it gives back: documentation, the timer, the condition, the default flow.
    const kept = await serviceBpmn(world.emulator.config, id);
    for (const expected of [
      'Check stock and credit',
      'cancelActivity="false"',
      'P2D',
      '${inStock}',
      'default="Flow_default"',
    ])
      assert.ok(kept.includes(expected), `the service kept ${expected}`);

    const history = await call<
      {
        key: string;
        kind: string;
        notKept?: { id: string }[] | null;
      }[]
    >('editor.history', { id, culture: 1033 });
    const published = history.find((entry) => entry.kind === 'published');
    assert.ok(published, 'the sent version is in the history');
    assert.equal(published.notKept?.length, RICH_EXPECTED_NOT_KEPT.length);
    const xml = await call<{ xml: string }>('editor.historyXml', { id, culture: 1033, key: published.key });
    assert.equal(xml.xml, sent);

    assert.deepEqual(
      await seriousViolations(page, 'lanes-editor-tab:not([hidden]) [data-testid=editor-publish-result]'),
      [],
    );
    for (const language of ['en', 'de'] as const) {
      if (language === 'de') {
        await page.getByTestId('ui-language').selectOption('de');
        await banner.getByText('nicht alles übernommen', { exact: false }).waitFor();
      }
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await saveScreenshot(page, `editor-verified-publish-${language}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('ui-language').selectOption('en');

    // Compare versions: the sent version against the server's, with what was not kept beside the diagrams.
    await page.evaluate((hash) => (location.hash = hash), `#/compare/processes/processList/${id}`);
    const older = page.locator('[data-testid=compare-pick-older]');
    const newer = page.locator('[data-testid=compare-pick-newer]');
    await older.waitFor();
    const keyOf = async (kind: string) =>
      (await page
        .locator(`[data-testid=compare-pick-older] option[data-entry-kind=${kind}]`)
        .first()
        .getAttribute('value'))!;
    await older.selectOption(await keyOf('published'));
    await newer.selectOption(await keyOf('server'));
    const section = page.getByTestId('compare-not-kept');
    await section.waitFor();
    assert.equal(await section.locator('li').count(), RICH_EXPECTED_NOT_KEPT.length);
    // bpmn-js-differ does not look into lane sets and artifacts; the list above names them.
    await page.locator('[data-testid=diff-change-list], [data-testid=diff-identical]').first().waitFor();
    assert.equal(
      await page.locator('[data-testid=diff-change][data-change-kind=moved]').count(),
      0,
      'nothing the service kept is listed as moved',
    );
    await saveScreenshot(page, 'compare-sent-vs-server');
  });
});
