/**
 * Every release pre-flight finding offers its fix where it is shown (issue
 * 40), against the emulator in Chromium: a missing description is written
 * right there and published as the process's documentation (online at once,
 * offline queued and sent by "Sync now"), read back from the service; lint
 * errors open the diagram at the first element with one; a draft opens as
 * the draft; an open conflict opens the conflict view; a missing owner says
 * where it is set and who can. The list says "offline" only when it was.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { mainAnswer, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { changeOnService, renameIn, serviceBpmn } from './harness/editor-driver.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';
import { inProcessTaker, serviceRow, stripDescriptionAndOwner } from './harness/service-rows.ts';
import { chooseTransition } from './harness/release-driver.ts';

const WAIT = { timeout: 60_000 };

describe('release pre-flight: every finding offers its fix where it is shown', () => {
  let world: DemoWorld;
  let page: Page;

  const dispatch = (channel: string, payload: unknown) => mainAnswer(world, channel, payload);
  const target = (id: string) => ({ facet: 'processes', view: 'processList', id, culture: 1033 });

  const attributesOf = (id: string) => serviceRow(world.emulator, id).attributes;
  const takeInProcess = inProcessTaker(() => world.emulator);

  async function open(id: string): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
    await page.locator(`[data-testid=element-page][data-element-id="${id}"]`).waitFor(WAIT);
  }

  /** The first task of the diagram as the editor opens it: its id and the XML. */
  async function firstTask(id: string): Promise<{ xml: string; task: string; name: string }> {
    const { xml } = (await dispatch('editor.open', target(id))) as { xml: string };
    const match = /<bpmn:task id="([^"]+)" name="([^"]+)"/.exec(xml);
    assert.ok(match, 'the diagram has a named task');
    return { xml, task: match[1]!, name: match[2]! };
  }

  const dialog = (): Locator => page.locator('lanes-confirm-dialog[data-testid=release-dialog] dialog[open]');
  const review = (): Locator => page.getByTestId('release-review');
  const kinds = async (where: Locator): Promise<string[]> =>
    where
      .getByTestId('preflight-finding')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')!));
  /** Waits until the findings kept on the page are exactly these (they are checked again after each fix). */
  async function reviewShows(expected: string[]): Promise<void> {
    const deadline = Date.now() + WAIT.timeout;
    let seen: string[] = [];
    while (Date.now() < deadline) {
      seen = await kinds(review());
      if (JSON.stringify(seen) === JSON.stringify(expected)) return;
      await page.waitForTimeout(100);
    }
    assert.deepEqual(seen, expected);
  }

  /** The app meets an outage: from here on it believes the service is out of reach. */
  async function goOffline(id: string): Promise<void> {
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    const during = await world.harness.services.dispatch('workspace.element', {
      facet: 'processes',
      view: 'processList',
      id,
    });
    assert.ok(during.ok && (during.value as { source: string }).source === 'cache');
  }

  before(async () => {
    ({ world, page } = await startDemoPage());
  });
  after(async () => {
    world?.emulator.faults.clear();
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('online: the description written from the pre-flight reaches the service and its finding goes', async () => {
    const id = takeInProcess();
    stripDescriptionAndOwner(world.emulator, id);
    await open(id);
    await chooseTransition(page, 'InProcessToReleased');
    await dialog().getByTestId('preflight').waitFor(WAIT);
    assert.deepEqual(await kinds(dialog()), ['noDescription', 'noOwner']);
    // Online, the list does not claim it was checked offline.
    assert.equal(
      ((await dialog().getByTestId('preflight-intro').textContent()) ?? '').trim(),
      'Lanes checked this element and found:',
    );
    const owner = dialog().locator('[data-testid=preflight-finding][data-kind=noOwner]');
    assert.match((await owner.textContent()) ?? '', /set in the service’s own web application/);
    assert.match(
      (await owner.getByTestId('preflight-owner-who').textContent()) ?? '',
      /You may edit this element, so you can set its owner there yourself/,
    );

    // "Write the description" leaves the dialog for the findings kept on the page, with the form open.
    await dialog().locator('[data-testid=preflight-fix][data-fix=describe]').click();
    await dialog().waitFor({ state: 'detached', ...WAIT });
    const form = review().getByTestId('preflight-describe');
    await form.waitFor(WAIT);
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'preflight-describe-text',
    );
    assert.match((await form.textContent()) ?? '', /Description in English/);
    // Publish without text says what is missing, and sends nothing.
    await form.getByTestId('preflight-describe-publish').click();
    await form.getByRole('alert').waitFor(WAIT);
    await inEveryLook(world, 'preflight-describe', async ({ scheme, language }) => {
      await assertReadable(
        form.getByTestId('preflight-describe-publish'),
        `Publish the description (${scheme}, ${language})`,
      );
      await assertReadable(form.locator('.preflight-hint'), `the form's hint (${scheme}, ${language})`);
    });

    const text = 'Takes an order from its arrival to its delivery.';
    await form.getByTestId('preflight-describe-text').fill(text);
    await form.getByTestId('preflight-describe-publish').click();
    await review()
      .getByTestId('release-review-outcome')
      .filter({ hasText: 'The description was published.' })
      .waitFor(WAIT);
    await reviewShows(['noOwner']);
    // Read back from the service: the element's description in the content culture, and the exported documentation.
    assert.equal(attributesOf(id)['description']?.['1033'], text);
    assert.match(
      await serviceBpmn(world.emulator.config, id, 1033),
      new RegExp(
        `<bpmn:process id="Process_${id}"[^>]*>\\s*<bpmn:documentation>${text}</bpmn:documentation>`,
      ),
    );
    assert.equal(await page.getByTestId('pending-marker').count(), 0, 'nothing waits in the outbox');
    await inEveryLook(world, 'preflight-described');
  });

  test('offline: the description is queued like any publish and said to be on its way; Sync now sends it', async () => {
    const id = takeInProcess();
    stripDescriptionAndOwner(world.emulator, id);
    await open(id);
    await firstTask(id); // Seen once online: the editor's copy is cached.
    const text = 'Written while the service was out of reach.';
    await goOffline(id);
    try {
      await chooseTransition(page, 'InProcessToReleased');
      await dialog().getByTestId('preflight').waitFor(WAIT);
      assert.match(
        (await dialog().getByTestId('preflight-intro').textContent()) ?? '',
        /^\s*You are offline\. Lanes checked this element with what it has stored/,
      );
      await dialog().locator('[data-testid=preflight-fix][data-fix=describe]').click();
      const form = review().getByTestId('preflight-describe');
      await form.getByTestId('preflight-describe-text').fill(text);
      await form.getByTestId('preflight-describe-publish').click();
      await review()
        .getByTestId('release-review-outcome')
        .filter({ hasText: /^\s*Offline: the description is queued/ })
        .waitFor(WAIT);
      await reviewShows(['descriptionPending', 'noOwner', 'queuedPublish']);
      assert.equal(attributesOf(id)['description'], undefined, 'nothing reached the service yet');
      await inEveryLook(world, 'preflight-description-queued');
    } finally {
      world.emulator.faults.clear();
    }
    // Back online: the waiting publish's own fix sends it, and the findings follow.
    await review().locator('[data-testid=preflight-fix][data-fix=syncNow]').click();
    await reviewShows(['noOwner']);
    assert.equal(attributesOf(id)['description']?.['1033'], text);
    assert.equal(
      ((await review().getByTestId('preflight-intro').textContent()) ?? '').trim(),
      'Lanes checked this element and found:',
    );
  });

  test('lint errors open the diagram at the first element with one; the draft opens as the draft', async () => {
    const id = takeInProcess();
    const { xml, task, name } = await firstTask(id);
    // A modeler's draft where a task lost its name: label-required, about that task.
    await dispatch('editor.saveDraft', { ...target(id), xml: xml.replace(`name="${name}"`, 'name=""') });
    await open(id);
    await chooseTransition(page, 'InProcessToInReview');
    await dialog().getByTestId('preflight').waitFor(WAIT);
    assert.deepEqual(await kinds(dialog()), ['unpublishedDraft', 'lintErrors']);
    const editRoute = `#/edit/processes/processList/${encodeURIComponent(id)}`;
    assert.equal(await dialog().locator('[data-fix=openDraft]').getAttribute('href'), editRoute);
    assert.equal(
      await dialog().locator('[data-fix=showError]').getAttribute('href'),
      `${editRoute}/at/${encodeURIComponent(task)}`,
    );
    await assertReadable(dialog().locator('[data-fix=showError]'), 'the fix that opens the diagram');
    // Review keeps the same fixes on the page.
    await dialog().locator('[data-role=cancel]').click();
    await review().locator('[data-fix=showError]').click();
    await page
      .locator(`lanes-editor-tab:not([hidden]) .djs-element.selected[data-element-id="${task}"]`)
      .waitFor(WAIT);
    assert.match(
      (await page.locator('lanes-editor-tab:not([hidden])').textContent()) ?? '',
      /draft/i,
      'the editor shows the draft',
    );
    await dispatch('editor.discardDraft', { id, culture: 1033 });
  });

  test('an open conflict opens the conflict view', async () => {
    const id = takeInProcess();
    const { xml, task, name } = await firstTask(id);
    await dispatch('editor.saveDraft', { ...target(id), xml: xml.replace(`name="${name}"`, 'name="Mine"') });
    await changeOnService(world.emulator.config, id, (definitions) => renameIn(definitions, task, 'Theirs'));
    const published = (await dispatch('editor.publish', target(id))) as {
      outcome: string;
      conflictId: string;
    };
    assert.equal(published.outcome, 'conflict');
    await open(id);
    await chooseTransition(page, 'InProcessToInReview');
    await dialog().getByTestId('preflight').waitFor(WAIT);
    assert.deepEqual(await kinds(dialog()), ['openConflict']);
    const fix = dialog().locator('[data-fix=openConflict]');
    assert.equal(await fix.getAttribute('href'), `#/conflict/${encodeURIComponent(published.conflictId)}`);
    await fix.click();
    await page.getByTestId('conflict-view').waitFor(WAIT);
    assert.equal(await dialog().count(), 0, 'the question is gone with the page it was asked on');
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
