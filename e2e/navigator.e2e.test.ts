import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import type { ElementsPage, ElementsRequest } from '../shared/domain/workspace.ts';
import { seriousViolations } from './harness/axe.ts';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { startLanesHarness } from './harness/lanes-harness.ts';
import { saveScreenshot } from './harness/screenshots.ts';

describe('navigator: browse the demo landscape in Chromium through the real workspace handlers', () => {
  let world: DemoWorld;
  let page: Page;

  /** What main answers the navigator, read through the same dispatch the page uses. */
  async function elements(request: ElementsRequest): Promise<ElementsPage> {
    const result = await world.harness.services.dispatch('workspace.elements', request);
    assert.ok(result.ok, JSON.stringify(result));
    return result.value as ElementsPage;
  }

  const waitForHash = (expected: string): Promise<unknown> =>
    page.waitForFunction((h) => location.hash === h, expected);
  const row = (id: string): Locator => page.locator(`[data-testid=nav-row][data-id="${id}"]`);
  const focusedRowId = (): Promise<string | null> =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id ?? null);

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
  });
  after(async () => {
    await world?.close();
  });

  test('pick facet and view from the lists, expand to a leaf by mouse and open it; Back returns to the tree', async () => {
    await page.evaluate(() => (location.hash = '#/browse'));
    await page.getByTestId('facet-list').locator('button[data-key=processes]').click();
    await waitForHash('#/browse/processes');
    const mainProcesses = page.getByTestId('view-list').locator('button[data-key=mainProcesses]');
    assert.match((await mainProcesses.textContent()) ?? '', /Process map\s*\(hierarchy\)/);
    await mainProcesses.click();
    await waitForHash('#/browse/processes/mainProcesses');

    const roots = await elements({ facet: 'processes', view: 'mainProcesses', page: 1, pageSize: 200 });
    const parent = roots.items.find((item) => item.childCount > 0)!;
    assert.ok(parent, 'the demo map has a main process with sub-processes');
    await row(parent.id).waitFor();
    assert.equal(await page.getByRole('tree').count(), 1);
    assert.equal(await row(parent.id).getAttribute('aria-expanded'), 'false');
    assert.equal(
      await row(parent.id).locator('[data-testid=nav-name]').textContent(),
      parent.displayNames['1033'],
    );
    assert.equal(await page.getByTestId('view-freshness').getAttribute('data-source'), 'live');

    await row(parent.id).locator('[data-action=toggle]').click();
    const children = await elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: parent.id,
      page: 1,
      pageSize: 200,
    });
    const leaf = children.items.find((item) => item.childCount === 0)!;
    assert.ok(leaf, 'a sub-process without children');
    await row(leaf.id).waitFor();
    assert.equal(await row(parent.id).getAttribute('aria-expanded'), 'true');
    assert.equal(await row(leaf.id).getAttribute('aria-level'), '2');
    assert.equal(await row(leaf.id).getAttribute('aria-posinset'), String(children.items.indexOf(leaf) + 1));

    await row(leaf.id).locator('[data-testid=nav-name]').dblclick();
    await waitForHash(`#/element/processes/mainProcesses/${leaf.id}`);

    await page.getByTestId('nav-back').click();
    await waitForHash('#/browse/processes/mainProcesses');
    // The tree comes back as it was left: still expanded down to the leaf.
    await row(leaf.id).waitFor();
    assert.equal(await row(parent.id).getAttribute('aria-expanded'), 'true');
  });

  test('the keyboard walks the tree (arrows, Home/End, Left to parent), Enter opens, Alt+Left comes back to the same row', async () => {
    const roots = await elements({ facet: 'processes', view: 'mainProcesses', page: 1, pageSize: 200 });
    const expandable = roots.items.filter((item) => item.childCount > 0);
    const target = expandable[1]!;
    const first = roots.items[0]!;
    await row(first.id).waitFor();
    await row(first.id).locator('[data-testid=nav-name]').click();
    assert.equal(await focusedRowId(), first.id);
    assert.equal(await row(first.id).getAttribute('tabindex'), '0');

    await page.keyboard.press('End');
    const lastRoot = roots.items.at(-1)!;
    assert.equal(await focusedRowId(), lastRoot.id);
    await page.keyboard.press('Home');
    assert.equal(await focusedRowId(), first.id);
    if ((await row(first.id).getAttribute('aria-expanded')) === 'true')
      await page.keyboard.press('ArrowLeft');
    assert.equal(
      (await row(first.id).getAttribute('aria-expanded')) ?? 'leaf',
      first.childCount ? 'false' : 'leaf',
    );

    for (let i = 0; i < roots.items.indexOf(target); i++) await page.keyboard.press('ArrowDown');
    assert.equal(await focusedRowId(), target.id);
    if ((await row(target.id).getAttribute('aria-expanded')) === 'false')
      await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (id) => document.querySelector(`[data-id="${id}"]`)?.getAttribute('aria-expanded') === 'true',
      target.id,
    );
    await page.keyboard.press('ArrowRight');
    const children = await elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: target.id,
      page: 1,
      pageSize: 200,
    });
    assert.equal(await focusedRowId(), children.items[0]!.id, 'Right on an open row goes to its first child');
    const leafIndex = children.items.findIndex((item) => item.childCount === 0);
    for (let i = 0; i < leafIndex; i++) await page.keyboard.press('ArrowDown');
    const leaf = children.items[leafIndex]!;
    assert.equal(await focusedRowId(), leaf.id);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focusedRowId(), target.id, 'Left on a leaf goes to its parent');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focusedRowId(), children.items[0]!.id);
    for (let i = 0; i < leafIndex; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await focusedRowId(), leaf.id);
    // The focused row is visibly marked.
    const outline = await row(leaf.id).evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.notEqual(outline, 'none');

    await page.keyboard.press('Enter');
    await waitForHash(`#/element/processes/mainProcesses/${leaf.id}`);
    await page.keyboard.press('Alt+ArrowLeft');
    await waitForHash('#/browse/processes/mainProcesses');
    await page.waitForFunction(
      (id) => (document.activeElement as HTMLElement | null)?.dataset.id === id,
      leaf.id,
    );
  });

  test('recently opened elements are listed on the landscape page and open their element', async () => {
    await page.evaluate(() => (location.hash = '#/browse'));
    const recents = page.getByTestId('recents');
    await recents.locator('button.nav-recent').first().waitFor();
    const opened = await recents.locator('button.nav-recent').first().getAttribute('data-id');
    assert.ok(opened);
    await recents.locator('button.nav-recent').first().click();
    await page.waitForFunction((id) => location.hash.endsWith(`/${id}`), opened);
    await page.evaluate(() => (location.hash = '#/browse/processes/mainProcesses'));
  });

  test('axe finds no serious or critical violations on the navigator with the tree expanded', async () => {
    await page.locator('[data-testid=nav-row][aria-expanded=true]').first().waitFor();
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, []);
    await saveScreenshot(page, 'navigator');
  });

  test('switching the content culture to German shows the German names without reloading', async () => {
    const roots = await elements({ facet: 'processes', view: 'mainProcesses', page: 1, pageSize: 200 });
    const first = roots.items[0]!;
    await page.getByTestId('content-culture').selectOption('1031');
    await page.waitForFunction(
      ([id, name]) =>
        document.querySelector(`[data-id="${id}"] [data-testid=nav-name]`)?.textContent === name,
      [first.id, first.displayNames['1031']!] as const,
    );
    assert.notEqual(first.displayNames['1031'], first.displayNames['1033']);
    // The view's name is configuration, named in the UI language (English here), not in the content culture.
    const viewTitle = await page.getByTestId('nav-view-title').textContent();
    assert.equal(viewTitle, 'Process map');
    await saveScreenshot(page, 'navigator-german');
    await page.getByTestId('content-culture').selectOption('1033');
    await page.waitForFunction(
      ([id, name]) =>
        document.querySelector(`[data-id="${id}"] [data-testid=nav-name]`)?.textContent === name,
      [first.id, first.displayNames['1033']!] as const,
    );
  });

  test('the filter finds an element by part of its name, says when nothing matches, and Escape clears it', async () => {
    const roots = await elements({ facet: 'processes', view: 'mainProcesses', page: 1, pageSize: 200 });
    const parent = roots.items.find((item) => item.childCount > 0)!;
    const children = await elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: parent.id,
      page: 1,
      pageSize: 200,
    });
    const wanted = children.items.at(-1)!;
    const name = wanted.displayNames['1033']!;
    const part = name.slice(Math.floor(name.length / 3), Math.floor(name.length / 3) + 6);
    const filter = page.getByTestId('nav-filter');
    await filter.fill(part);
    await row(wanted.id).waitFor();
    assert.equal(await page.getByRole('listbox').count(), 1, 'filter results are a flat list');
    const shown = await page.locator('[data-testid=nav-row] [data-testid=nav-name]').allTextContents();
    assert.ok(shown.length > 0);
    for (const text of shown)
      assert.ok(text.toLowerCase().includes(part.toLowerCase()), `${text} matches ${part}`);
    assert.match((await page.getByTestId('nav-count').textContent()) ?? '', /matches loaded/);

    await filter.fill('zzqx no such process');
    await page.getByTestId('nav-count').filter({ hasText: 'No elements match' }).waitFor();
    await filter.press('Escape');
    assert.equal(await filter.inputValue(), '');
    await page.getByRole('tree').waitFor();
  });

  test('a flat view with more than one page loads the next pages while scrolling, with a bounded DOM', async () => {
    const first = await elements({ facet: 'processes', view: 'diagram', page: 1, pageSize: 200 });
    assert.ok(first.hasMore, 'the demo diagram view has more than 200 elements');
    await page.getByTestId('view-list').locator('button[data-key=diagram]').click();
    await waitForHash('#/browse/processes/diagram');
    const list = page.getByRole('listbox');
    await list.waitFor();
    await page.locator('[data-testid=nav-count][data-count="200"]').waitFor();
    for (let i = 0; i < 20; i++) {
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
      const count = Number(await page.getByTestId('nav-count').getAttribute('data-count'));
      if (count > 400) break;
      await page.waitForTimeout(100);
    }
    const loaded = Number(await page.getByTestId('nav-count').getAttribute('data-count'));
    assert.ok(loaded > 400, `three pages loaded by scrolling (${loaded})`);
    const inDom = await page.locator('[data-testid=nav-row]').count();
    assert.ok(inDom < 60, `only the visible rows are in the DOM (${inDom} of ${loaded})`);
    const lastOption = page.locator('[data-testid=nav-row]').last();
    assert.equal(await lastOption.getAttribute('role'), 'option');
  });

  test('a pinned view stays browsable offline, marked as coming from the cache; an unpinned one says why it is missing', async () => {
    await page.evaluate(() => (location.hash = '#/browse/processes/mainProcesses'));
    const pin = page.getByTestId('pin-toggle');
    await pin.waitFor();
    assert.equal(await pin.getAttribute('aria-pressed'), 'false');
    // Slowed down, so the progress is seen: it counts what is done of how many (issue 12, defect 8).
    world.emulator.faults.add({ route: '*', latencyMs: 150 });
    await pin.click();
    await page.waitForFunction(() =>
      /^Making available offline… \d+ of \d+$/.test(
        document.querySelector('[data-testid=pin-toggle]')?.textContent?.trim() ?? '',
      ),
    );
    world.emulator.faults.clear();
    await page.locator('[data-testid=pin-toggle][data-status=done]').waitFor({ timeout: 30_000 });
    assert.equal((await pin.textContent())?.trim(), 'Available offline ✓');
    assert.equal(await pin.getAttribute('aria-pressed'), 'true');

    const roots = await elements({ facet: 'processes', view: 'mainProcesses', page: 1, pageSize: 200 });
    const parent = roots.items.filter((item) => item.childCount > 0).at(-1)!;
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    await page.reload();
    await row(parent.id).waitFor();
    await row(parent.id).locator('[data-action=toggle]').click();
    const children = await elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: parent.id,
      page: 1,
      pageSize: 200,
    });
    assert.equal(children.source, 'cache');
    await row(children.items[0]!.id).waitFor();
    await page.locator('[data-testid=view-freshness][data-source=cache]').waitFor();
    assert.match(
      (await page.getByTestId('view-freshness').textContent()) ?? '',
      /From the offline cache, fetched/,
    );
    await saveScreenshot(page, 'navigator-offline');

    await page.evaluate(() => (location.hash = '#/browse/organization/users'));
    await page.getByTestId('nav-not-cached').waitFor();
    assert.match(
      (await page.getByTestId('nav-not-cached').textContent()) ?? '',
      /never opened or made available offline/,
    );
  });

  test('no console errors or CSP violations along the way', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});

describe('navigator without a connection', () => {
  test('explains that no tenant is connected and leads to the connections page, without a stack trace', async () => {
    const harness = await startLanesHarness();
    try {
      const { page } = harness;
      await page.evaluate(() => (location.hash = '#/browse/processes/mainProcesses'));
      const empty = page.getByTestId('nav-not-connected');
      await empty.waitFor();
      assert.doesNotMatch((await empty.textContent()) ?? '', /Error|at \w+ \(/);
      await empty.getByRole('button', { name: 'Open connections' }).click();
      await page.waitForFunction(() => location.hash === '#/profiles');
    } finally {
      await harness.close();
    }
  });
});
