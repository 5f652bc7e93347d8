/**
 * The release pre-flight through the real path: the element page asks main
 * (editor.preflight, answered from the cache file) and lints the draft with
 * the editor's bundled bpmnlint rules, with the service unreachable, and lists
 * what it found before the user confirms. Cancel changes nothing; going on
 * still works (the service then warns, and "Apply anyway" releases).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { seriousViolations } from './harness/axe.ts';
import { mainAnswer, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { saveScreenshot } from './harness/screenshots.ts';
import {
  giveDescriptionAndOwner,
  inProcessTaker,
  serviceRow,
  stripDescriptionAndOwner,
} from './harness/service-rows.ts';
import { chooseTransition } from './harness/release-driver.ts';

describe('release pre-flight on the element page', () => {
  let world: DemoWorld;
  let page: Page;

  const dispatch = (channel: string, payload: unknown) => mainAnswer(world, channel, payload);

  const row = (id: string) => serviceRow(world.emulator, id);
  const takeInProcess = inProcessTaker(() => world.emulator);

  async function open(id: string): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
    await page.locator(`[data-testid=element-page][data-element-id="${id}"]`).waitFor();
  }

  const dialog = () => page.locator('lanes-confirm-dialog[data-testid=release-dialog] dialog[open]');
  const findings = async (): Promise<string[]> =>
    page
      .getByTestId('preflight-finding')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')!));

  before(async () => {
    ({ world, page } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('offline, a draft with lint errors and a missing description and owner are listed before confirming', async () => {
    const id = takeInProcess();
    stripDescriptionAndOwner(world.emulator, id);
    await open(id);
    // The editor's copy: opened once (cached), then a draft with a task that is neither named nor connected.
    const opened = (await dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
    })) as { xml: string };
    const broken = opened.xml.replace(
      /(<(?:bpmn2?:)?process\b[^>]*>)/,
      (start) => `${start}<${start.startsWith('<bpmn2:') ? 'bpmn2' : 'bpmn'}:task id="Lonely_task" />`,
    );
    assert.notEqual(broken, opened.xml, 'the draft differs');
    await dispatch('editor.saveDraft', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
      xml: broken,
    });

    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    try {
      // The app meets the outage (as a diagram still loading under load did in the full run, which
      // made this test flaky): from here on it believes the service is out of reach.
      const during = await world.harness.services.dispatch('workspace.element', {
        facet: 'processes',
        view: 'processList',
        id,
      });
      assert.ok(during.ok && (during.value as { source: string }).source === 'cache');
      await chooseTransition(page, 'InProcessToReleased');
      await dialog().waitFor();
      await page.getByTestId('preflight').waitFor();
      assert.deepEqual(await findings(), ['noDescription', 'noOwner', 'unpublishedDraft', 'lintErrors']);
      const lint = page.locator('[data-testid=preflight-finding][data-kind=lintErrors]');
      assert.match(
        (await lint.textContent()) ?? '',
        /Your unpublished draft of the diagram has \d+ lint error/,
      );
      assert.match(
        (await lint.textContent()) ?? '',
        /Lonely_task/,
        'the element the error is about is named',
      );
      assert.deepEqual(await seriousViolations(page, 'lanes-confirm-dialog[data-testid=release-dialog]'), []);
      await saveScreenshot(page, 'release-preflight-light-en');
      await page.emulateMedia({ colorScheme: 'dark' });
      assert.deepEqual(await seriousViolations(page, 'lanes-confirm-dialog[data-testid=release-dialog]'), []);
      await saveScreenshot(page, 'release-preflight-dark-en');
      await dispatch('settings.update', { uiLanguage: 'de' });
      await page.locator('html[lang=de]').waitFor();
      assert.match(
        (await page.locator('[data-testid=preflight-finding][data-kind=noOwner]').textContent()) ?? '',
        /keinen Verantwortlichen/,
      );
      await saveScreenshot(page, 'release-preflight-dark-de');
      await page.emulateMedia({ colorScheme: 'light' });
      await saveScreenshot(page, 'release-preflight-light-de');
      await dispatch('settings.update', { uiLanguage: 'en' });
      await page.locator('html[lang=en]').waitFor();

      // With findings "Review" is the highlighted answer: nothing changes, nothing is queued, the findings stay.
      await dialog().getByRole('button', { name: 'Review' }).click();
      await dialog().waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('pending-marker').count(), 0);
      await page.getByTestId('release-review').waitFor();
    } finally {
      world.emulator.faults.clear();
    }
    assert.equal(row(id).state, 'inProcess');

    // The service is back and nothing has read from it since: the release probes once and goes through
    // (before, it was queued on the old belief for up to 30 s, and the warning never came).
    // Going on is still the user's choice: the service warns as predicted, and "Apply anyway" releases.
    await dispatch('editor.discardDraft', { id, culture: 1033 });
    await chooseTransition(page, 'InProcessToReleased');
    await page.getByTestId('preflight').waitFor();
    assert.deepEqual(await findings(), ['noDescription', 'noOwner']);
    await dialog().getByRole('button', { name: 'Set to “Released” anyway' }).click();
    await page.locator('lanes-confirm-dialog[data-mode=warning] dialog[open]').waitFor();
    await page.getByRole('button', { name: 'Apply anyway' }).click();
    await page.locator('[data-testid=element-state][data-state=released]').waitFor();
    assert.equal(row(id).state, 'released');
  });

  test('a complete element with a clean diagram and nothing pending says so, and the transition goes through', async () => {
    const id = takeInProcess();
    giveDescriptionAndOwner(world.emulator, id);
    await open(id);
    await chooseTransition(page, 'InProcessToInReview');
    await dialog().waitFor();
    await page.getByTestId('preflight-clear').waitFor();
    assert.equal(await page.getByTestId('preflight-finding').count(), 0);
    await dialog().getByRole('button', { name: 'Set to “In review”' }).click();
    await page.locator('[data-testid=element-state][data-state=inReview]').waitFor();
    assert.equal(row(id).state, 'inReview');
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
