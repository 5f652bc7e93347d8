import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { layoutKeys } from '../shared/domain/process.ts';
import type { ServerDiagram } from '../shared/domain/workspace.ts';
import { seriousViolations } from './harness/axe.ts';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { saveScreenshot } from './harness/screenshots.ts';
import { chooseTransition } from './harness/release-driver.ts';

type CultureMap = Record<string, string>;
interface ProcessRow {
  id: string;
  state: string;
  attributes: Record<string, CultureMap>;
  related: Record<string, { id: string }[]>;
  shapes: number;
  versions: number;
}

const hasText = (map: CultureMap | undefined): boolean => Object.values(map ?? {}).some((v) => v.trim());

describe('element page, server diagrams, release and versions against the emulator', () => {
  let world: DemoWorld;
  let page: Page;
  let processes: ProcessRow[];
  /** Requests of the page that failed (a hostile image in an attribute must never be fetched). */
  const failedLoads: string[] = [];
  const taken = new Set<string>();

  /** A process no other test has changed, so the tests stay independent of their order. */
  function takeProcess(description: string, accept: (row: ProcessRow) => boolean): ProcessRow {
    const found = processes.find((row) => !taken.has(row.id) && accept(row));
    assert.ok(found, `the demo seed has ${description}`);
    taken.add(found.id);
    return found;
  }

  function nameOf(id: string): string {
    const row = world.emulator.db
      .prepare('SELECT attributes FROM elements WHERE id = ? AND is_current = 1')
      .get(id) as {
      attributes: string;
    };
    return (JSON.parse(row.attributes) as Record<string, CultureMap>)['name']!['1033']!;
  }

  async function open(id: string, view = 'processList', facet = 'processes'): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), `#/element/${facet}/${view}/${id}`);
    await page.locator(`[data-testid=element-page][data-element-id="${id}"]`).waitFor();
  }

  async function releaseVia(transitionId: string): Promise<void> {
    await chooseTransition(page, transitionId);
    await page.locator('lanes-confirm-dialog[data-mode=confirm] dialog[open]').waitFor();
    // The confirm button waits for the offline pre-flight (a moment); its answer is there first.
    await page.locator('[data-testid=preflight], [data-testid=preflight-clear]').first().waitFor();
  }

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    page.on('response', (response) => {
      if (response.status() >= 400) failedLoads.push(response.url());
    });
    await page.locator('lanes-app .shell').waitFor();
    const rows = world.emulator.db
      .prepare(
        `SELECT e.id, e.state, e.attributes, e.related,
           (SELECT COUNT(*) FROM shapes s WHERE s.version_id = e.version_id) AS shapes,
           (SELECT COUNT(*) FROM elements v WHERE v.id = e.id) AS versions
         FROM elements e WHERE e.is_current = 1 AND e.type = 'process' ORDER BY e.ord`,
      )
      .all() as (Omit<ProcessRow, 'attributes' | 'related'> & { attributes: string; related: string })[];
    processes = rows.map((row) => ({
      ...row,
      attributes: JSON.parse(row.attributes) as ProcessRow['attributes'],
      related: JSON.parse(row.related) as ProcessRow['related'],
    }));
  });
  after(async () => {
    await world?.close();
  });

  test('opens an element by hash and follows a related link to the owner', async () => {
    const process = takeProcess('a process with an owner', (row) => (row.related['owner'] ?? []).length > 0);
    const ownerId = process.related['owner']![0]!.id;
    await open(process.id);
    assert.equal(await page.getByTestId('element-name').textContent(), nameOf(process.id));
    assert.equal(await page.getByTestId('element-type').textContent(), 'Process');
    await page.getByRole('tab', { name: 'Related' }).click();
    await page.locator('[data-context=owner] a').first().click();
    await page.locator(`[data-testid=element-page][data-element-id="${ownerId}"]`).waitFor();
    assert.equal(await page.getByTestId('element-name').textContent(), nameOf(ownerId));
    assert.equal(await page.getByTestId('element-type').textContent(), 'User');
    await page.goBack();
    await page.locator(`[data-testid=element-page][data-element-id="${process.id}"]`).waitFor();
  });

  test('multi-line XHTML is rendered without its script, handlers or javascript: links', async () => {
    const process = takeProcess('another process', () => true);
    const hostile =
      '<p>Safe <b>bold</b><script>window.__xhtmlRan = true</script>' +
      '<img src="x" onerror="window.__xhtmlRan = true"><a href="javascript:window.__xhtmlRan=true">trap</a>' +
      '<a href="https://example.com/doc">doc</a></p><ul><li>item</li></ul>';
    const attributes = { ...process.attributes, description: { '1033': hostile } };
    world.emulator.db
      .prepare('UPDATE elements SET attributes = ? WHERE id = ? AND is_current = 1')
      .run(JSON.stringify(attributes), process.id);
    await open(process.id);
    const description = page.locator('[data-attribute=description] .xhtml');
    await description.waitFor();
    assert.equal(await description.locator('b').textContent(), 'bold');
    assert.equal(await description.locator('li').textContent(), 'item');
    assert.equal(await description.locator('script, img, a, [onerror]').count(), 0);
    assert.equal(await description.locator('.xhtml-link').first().getAttribute('title'), null);
    assert.equal(
      await description.locator('.xhtml-link').nth(1).getAttribute('title'),
      'https://example.com/doc',
    );
    assert.equal(
      await page.evaluate(() => (window as unknown as Record<string, unknown>).__xhtmlRan),
      undefined,
    );
    assert.deepEqual(await seriousViolations(page), []);
    await saveScreenshot(page, 'element-page');
  });

  test('every layout of a server diagram shows without running its script; a shape opens its element', async () => {
    const process = takeProcess(
      'a process with a small diagram',
      (row) => row.shapes >= 5 && row.shapes <= 15,
    );
    const rendered = await world.harness.services.dispatch('workspace.diagram', {
      id: process.id,
      layout: 'horizontal',
      culture: 1033,
    });
    assert.ok(
      rendered.ok && (rendered.value as ServerDiagram).removed > 0,
      'the emulator embedded something main removed',
    );
    const scriptsBefore = await page.evaluate(() => document.scripts.length);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { __messages: unknown[] }).__messages = seen;
      window.addEventListener('message', (event) => seen.push(event.data));
    });
    await open(process.id);
    for (const layout of layoutKeys) {
      await page.getByRole('tab', { name: 'Diagram' }).click();
      await page.getByTestId('diagram-layout').selectOption(layout);
      const canvas = page.locator(`[data-testid=diagram-canvas][data-layout=${layout}]`);
      await canvas.waitFor();
      assert.equal(await canvas.locator('script, foreignObject, [onclick]').count(), 0, layout);
      if (layout === 'detailed') await saveScreenshot(page, 'server-diagram');
      const shape = canvas.locator('[data-pz-guid]').first();
      const target = (await shape.getAttribute('data-pz-guid'))!;
      await shape.click();
      await page.locator(`[data-testid=element-page][data-element-id="${target}"]`).waitFor();
      assert.equal(await page.getByTestId('element-name').textContent(), nameOf(target), layout);
      await page.goBack();
      await page.locator(`[data-testid=element-page][data-element-id="${process.id}"]`).waitFor();
    }
    await page.waitForTimeout(200);
    const messages = await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages);
    assert.deepEqual(
      messages.filter((m) => typeof m === 'object' && m !== null && 'pzShape' in m),
      [],
      'the embedded script posted nothing',
    );
    assert.equal(await page.evaluate(() => document.scripts.length), scriptsBefore);

    // Keyboard: one shape in the tab order, arrows move between shapes, Enter opens.
    await page.getByRole('tab', { name: 'Diagram' }).click();
    const shapes = page.locator('[data-testid=diagram-canvas] [data-pz-guid]');
    await shapes.first().waitFor();
    assert.equal(await page.locator('[data-testid=diagram-canvas] [data-pz-guid][tabindex="0"]').count(), 1);
    await shapes.first().focus();
    await page.keyboard.press('ArrowRight');
    const second = (await shapes.nth(1).getAttribute('data-pz-guid'))!;
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-pz-guid')), second);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid=element-page][data-element-id="${second}"]`).waitFor();
  });

  test('releasing an element without description or owner warns, and "Apply anyway" releases it', async () => {
    const process = takeProcess(
      'an in-process element without description or owner',
      (row) =>
        row.state === 'inProcess' &&
        row.versions === 1 &&
        (!hasText(row.attributes['description']) || (row.related['owner'] ?? []).length === 0),
    );
    await open(process.id);
    assert.equal(await page.getByTestId('element-validity').count(), 0);
    await releaseVia('InProcessToReleased');
    const dialog = page.locator('lanes-confirm-dialog dialog[open]');
    assert.match((await dialog.textContent()) ?? '', /“Released”/);
    assert.deepEqual(await seriousViolations(page), [], 'no violations with the dialog open');
    await dialog.getByRole('button', { name: /^Set to “Released”/ }).click();
    await page.locator('lanes-confirm-dialog[data-mode=warning] dialog[open]').waitFor();
    const messages = (await page.getByTestId('warning-messages').textContent()) ?? '';
    assert.match(messages, /description|owner/i);
    await saveScreenshot(page, 'release-warning');
    await page.getByRole('button', { name: 'Apply anyway' }).click();
    await page.locator('[data-testid=element-state][data-state=released]').waitFor();
    assert.equal(await page.locator('lanes-confirm-dialog dialog[open]').count(), 0);
    const validity = ((await page.getByTestId('element-validity').textContent()) ?? '').trim();
    assert.match(validity, /^Valid from \S/);
    assert.doesNotMatch(validity, /until|further notice/, 'an open end says only where validity starts');
  });

  test('a clean element is released directly; Escape cancels the confirmation and returns focus', async () => {
    const process = takeProcess(
      'a clean in-process element',
      (row) =>
        row.state === 'inProcess' &&
        row.versions === 1 &&
        hasText(row.attributes['description']) &&
        (row.related['owner'] ?? []).length > 0,
    );
    await open(process.id);
    await releaseVia('InProcessToReleased');
    await page.keyboard.press('Escape');
    await page.locator('lanes-confirm-dialog dialog[open]').waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'release-more',
      'back on the menu that offered the transition',
    );
    await releaseVia('InProcessToReleased');
    await page
      .locator('lanes-confirm-dialog dialog[open]')
      .getByRole('button', { name: /^Set to “Released”/ })
      .click();
    await page.locator('[data-testid=element-state][data-state=released]').waitFor();
    assert.equal(await page.locator('lanes-confirm-dialog[data-mode=warning]').count(), 0);
    await page.getByTestId('element-validity').waitFor();
  });

  test('creating a version shows it in the list; the old one opens read-only', async () => {
    const process = takeProcess(
      'a released element with one version',
      (row) => row.state === 'released' && row.versions === 1,
    );
    const oldVersion = process.attributes['version']!['127']!;
    await open(process.id);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByTestId('create-version').click();
    await page.locator('[data-testid=create-version-dialog] dialog[open] [data-role=confirm]').click();
    await page.locator('[data-testid=versions-list] tbody tr').nth(1).waitFor();
    const versions = await page
      .locator('[data-testid=versions-list] tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-version')));
    assert.equal(versions.length, 2);
    assert.ok(versions.includes(oldVersion));
    const newVersion = versions.find((v) => v !== oldVersion)!;
    assert.ok(
      Number(newVersion.split('.')[1]) === Number(oldVersion.split('.')[1]) + 1,
      `${oldVersion} → ${newVersion}`,
    );
    await page.locator(`[data-testid=versions-list] tr[data-version="${oldVersion}"] a`).click();
    await page.getByTestId('read-only-banner').waitFor();
    assert.equal(await page.locator('[data-testid=release-primary], [data-testid=release-more]').count(), 0);
    assert.equal(await page.getByTestId('create-version').count(), 0);
    assert.equal(await page.locator('[data-testid=element-state]').getAttribute('data-state'), 'released');
  });

  test('offline a transition is queued with a pending marker; the sync sends it', async () => {
    const process = takeProcess(
      'another clean in-process element',
      (row) =>
        row.state === 'inProcess' &&
        row.versions === 1 &&
        hasText(row.attributes['description']) &&
        (row.related['owner'] ?? []).length > 0,
    );
    await open(process.id);
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    try {
      await releaseVia('InProcessToInReview');
      await page
        .locator('lanes-confirm-dialog dialog[open]')
        .getByRole('button', { name: /^Set to “In review”/ })
        .click();
      const marker = page.getByTestId('pending-marker');
      await marker.waitFor();
      assert.match((await marker.textContent()) ?? '', /Release → In review: waiting to be sent/);
      assert.equal((await marker.locator('.pending-badge').textContent())?.trim(), 'Pending');
    } finally {
      world.emulator.faults.clear();
    }
    const synced = await world.harness.services.dispatch('sync.run', {});
    assert.ok(synced.ok, JSON.stringify(synced));
    await page.getByTestId('pending-marker').waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('[data-testid=element-state][data-state=inReview]').waitFor();
    const state = world.emulator.db
      .prepare('SELECT state FROM elements WHERE id = ? AND is_current = 1')
      .get(process.id) as {
      state: string;
    };
    assert.equal(state.state, 'inReview');
  });

  test('the page raised no errors, loaded nothing it should not, and had no CSP violations', () => {
    assert.deepEqual(failedLoads, []);
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
