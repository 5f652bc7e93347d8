/**
 * Release actions as a modeler meets them (issue 23, item 8): the usual next
 * transition is the one primary button and the others wait in a menu; with
 * pre-flight findings "Review" is the highlighted, focused answer and keeps
 * the findings on the page; "Create new version" asks first and says what
 * it made.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import { demoProcesses, type DemoWorld } from './harness/demo-world.ts';
import { startDemoPage } from './harness/demo-page.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';
import { stripDescriptionAndOwner } from './harness/service-rows.ts';
import { chooseTransition } from './harness/release-driver.ts';

describe('release actions: one usual transition, the others in a menu, Review first, versions confirmed', () => {
  let world: DemoWorld;
  let page: Page;
  const taken = new Set<string>();

  function take(state: string): string {
    const found = demoProcesses(world.emulator).find(
      (row) =>
        row.state === state &&
        row.shapes >= 2 &&
        !taken.has(row.id) &&
        (
          world.emulator.db.prepare('SELECT COUNT(*) AS n FROM elements WHERE id = ?').get(row.id) as {
            n: number;
          }
        ).n === 1,
    );
    assert.ok(found, `the demo seed has an unused ${state} process`);
    taken.add(found.id);
    return found.id;
  }

  const serviceState = (id: string): string =>
    (
      world.emulator.db.prepare('SELECT state FROM elements WHERE id = ? AND is_current = 1').get(id) as {
        state: string;
      }
    ).state;
  const versionCount = (id: string): number =>
    (world.emulator.db.prepare('SELECT COUNT(*) AS n FROM elements WHERE id = ?').get(id) as { n: number }).n;

  async function open(id: string): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
    await page.locator(`[data-testid=element-page][data-element-id="${id}"]`).waitFor();
  }

  const dialog = (): Locator => page.locator('lanes-confirm-dialog[data-testid=release-dialog] dialog[open]');

  before(async () => {
    ({ world, page } = await startDemoPage());
  });
  after(async () => {
    await page?.emulateMedia({ colorScheme: 'light' });
    await world?.close();
  });

  test('in process: "Set to In review" is the one primary button, the five others are in a menu', async () => {
    const id = take('inProcess');
    await open(id);
    const actions = page.locator('lanes-release-actions');
    const primary = actions.getByTestId('release-primary');
    assert.equal(await primary.getAttribute('data-transition-id'), 'InProcessToInReview');
    assert.equal(((await primary.textContent()) ?? '').trim(), 'Set to “In review”');
    assert.equal(
      await actions.locator('.release-buttons button.primary').count(),
      1,
      'one highlighted transition',
    );
    assert.equal(await actions.locator('.release-buttons > button').count(), 1, 'no row of equal buttons');
    await page.getByTestId('release-more').click();
    const items = await page.locator('[data-testid^=release-to-]').allTextContents();
    assert.deepEqual(
      items.map((item) => item.trim()).sort(),
      [
        'Set to “Ready for QA”',
        'Set to “Ready for release”',
        'Set to “Released” (External)',
        'Set to “Released” (QA)',
        'Set to “Released”',
      ].sort(),
    );
    assert.equal(items.length, 5);
    await inEveryLook(world, 'release-actions-menu', async ({ scheme, language }) => {
      await page.locator('[data-testid^=release-to-]').first().waitFor();
      await assertReadable(primary, `the primary transition (${scheme}, ${language})`);
      await assertReadable(
        page.locator('[data-testid^=release-to-]').first(),
        `a menu entry (${scheme}, ${language})`,
      );
    });
    await page.keyboard.press('Escape');
  });

  test('with pre-flight findings "Review" is the highlighted, focused answer and keeps the findings on the page', async () => {
    const id = take('inProcess');
    // What the service warns about on release: no description, no owner.
    stripDescriptionAndOwner(world.emulator, id);
    await open(id);
    await chooseTransition(page, 'InProcessToReleased');
    await dialog().waitFor();
    await page.getByTestId('preflight').waitFor();
    await page
      .locator('lanes-confirm-dialog[data-testid=release-dialog][data-default=review]')
      .waitFor({ state: 'attached' });
    const review = dialog().locator('[data-role=cancel]');
    const confirm = dialog().locator('[data-role=confirm]');
    assert.equal(((await review.textContent()) ?? '').trim(), 'Review');
    assert.match((await review.getAttribute('class')) ?? '', /\bprimary\b/, 'Review is highlighted');
    assert.doesNotMatch((await confirm.getAttribute('class')) ?? '', /\bprimary\b/, 'going on is not');
    assert.equal(((await confirm.textContent()) ?? '').trim(), 'Set to “Released” anyway');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-role')), 'cancel');
    await inEveryLook(world, 'release-review-default');
    // Enter takes the default: Review. Nothing is released; the findings stay on the page.
    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    const kept = page.getByTestId('release-review');
    await kept.waitFor();
    assert.match((await kept.textContent()) ?? '', /description/);
    assert.equal(serviceState(id), 'inProcess');
    // From there the modeler can go on after all.
    await kept.getByTestId('release-review-again').click();
    await dialog().getByTestId('preflight').waitFor();
    await dialog().locator('[data-role=cancel]').click();
  });

  test('"Create new version" asks first; confirmed, it says which version it made', async () => {
    const id = take('released');
    await open(id);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByTestId('create-version').click();
    const ask = page.locator('[data-testid=create-version-dialog] dialog[open]');
    await ask.waitFor();
    assert.match((await ask.textContent()) ?? '', /starts “In process”/);
    await ask.locator('[data-role=cancel]').click();
    await ask.waitFor({ state: 'detached' });
    assert.equal(versionCount(id), 1, 'cancel made nothing');

    await page.getByTestId('create-version').click();
    await ask.locator('[data-role=confirm]').click();
    const result = page.getByTestId('create-version-result');
    await result.filter({ hasText: /^Version \d+\.\d+ was created/ }).waitFor();
    assert.equal(versionCount(id), 2);
    await assertReadable(result, 'the result of creating a version');
    await inEveryLook(world, 'create-version-reported');
  });

  test('released: "Create new version" is the primary action; the transitions wait in a menu that says why it is disabled', async () => {
    const id = take('released');
    await open(id);
    const actions = page.locator('lanes-release-actions');
    assert.equal(
      await actions.getByTestId('release-primary').count(),
      0,
      'no disabled transition as the primary',
    );
    const create = actions.getByTestId('release-create-version');
    assert.equal(((await create.textContent()) ?? '').trim(), 'Create new version');
    assert.match(
      (await create.getAttribute('class')) ?? '',
      /\bprimary\b/,
      'Create new version is highlighted',
    );
    const highlighted = await actions
      .locator('.release-buttons button.primary')
      .evaluateAll((buttons) => buttons.filter((button) => !button.closest('dialog')).length);
    assert.equal(highlighted, 1, 'one highlighted action (the question behind it aside)');
    // The service does not let this user change a released element's state: the menu says why, readably.
    const menu = actions.getByTestId('release-more');
    assert.equal(await menu.getAttribute('aria-disabled'), 'true');
    const reason = actions.getByTestId('release-disabled-reason');
    assert.match(
      (await reason.textContent()) ?? '',
      /“Change state”: Not available: you lack the permission/,
    );
    assert.equal(await menu.getAttribute('aria-describedby'), 'release-disabled-reason');
    await inEveryLook(world, 'release-actions-released', async ({ scheme, language }) => {
      await assertReadable(create, `Create new version (${scheme}, ${language})`);
      await assertReadable(menu, `the disabled transitions menu (${scheme}, ${language})`);
      await assertReadable(reason, `why it is disabled (${scheme}, ${language})`);
    });

    await create.click();
    const ask = page.locator('[data-testid=release-create-version-dialog] dialog[open]');
    await ask.waitFor();
    assert.match((await ask.textContent()) ?? '', /starts “In process”/);
    await ask.locator('[data-role=confirm]').click();
    await actions
      .getByTestId('release-announcement')
      .filter({ hasText: /Version \d+\.\d+ was created/ })
      .waitFor({ timeout: 60_000 });
    assert.equal(versionCount(id), 2);
    assert.equal(serviceState(id), 'inProcess');
    // The new version is worked on: the usual transition is the primary action again.
    await actions.locator('[data-testid=release-primary][data-transition-id=InProcessToInReview]').waitFor();
  });

  test('the page logged no errors', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
