import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { saveScreenshot } from './harness/screenshots.ts';

/** 1.7 KB standing for ten billion rectangles: ten levels, each referencing the one below ten times. */
function amplifyingSvg(): string {
  let defs = '<g id="l0"><rect width="4" height="4" fill="red"/></g>';
  for (let level = 1; level <= 10; level++)
    defs += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs>${defs}</defs><use href="#l10"/></svg>`;
}

describe('a hostile service render on the element page', () => {
  let world: DemoWorld;
  let page: Page;
  let processId: string;
  /** Everything the page asked the network for, besides the app itself. */
  const foreignRequests: string[] = [];

  async function serveRender(override: Record<string, unknown>): Promise<void> {
    const answers = `${world.emulator.config.processBaseUrl}/_emulator/answers`;
    await fetch(answers, { method: 'DELETE' });
    const response = await fetch(answers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route: '/render/', contentType: 'image/svg+xml', ...override }),
    });
    assert.equal(response.status, 200);
  }

  /** The Diagram tab of the process in `layout` (each layout is fetched, so each test gets a fresh render). */
  async function showDiagram(layout: string): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${processId}`);
    await page.locator(`[data-testid=element-page][data-element-id="${processId}"]`).waitFor();
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.getByTestId('diagram-layout').selectOption(layout);
  }

  /** The page still answers at once: a frozen renderer would not run this within a second. */
  async function assertResponsive(): Promise<void> {
    const started = Date.now();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    assert.ok(Date.now() - started < 1000, `a frame took ${Date.now() - started} ms`);
    await page.getByRole('tab', { name: 'Attributes' }).click();
    await page.getByRole('tab', { name: 'Attributes', selected: true }).waitFor({ timeout: 2000 });
  }

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    const appOrigin = new URL(page.url()).origin;
    // The page's own data: and blob: URLs (the pictures drawn of a rendering) are memory, not the network.
    const own = [appOrigin, 'data:', `blob:${appOrigin}/`];
    page.on('request', (request) => {
      if (!own.some((prefix) => request.url().startsWith(prefix))) foreignRequests.push(request.url());
    });
    await page.locator('lanes-app .shell').waitFor();
    const row = world.emulator.db
      .prepare("SELECT id FROM elements WHERE is_current = 1 AND type = 'process' ORDER BY ord LIMIT 1")
      .get() as { id: string };
    processId = row.id;
  });
  after(async () => {
    await fetch(`${world.emulator.config.processBaseUrl}/_emulator/answers`, { method: 'DELETE' }).catch(
      () => {},
    );
    await world?.close();
  });

  test('nested <use> amplification: the page stays responsive and says the diagram is too large to show', async () => {
    await serveRender({ head: amplifyingSvg() });
    await showDiagram('horizontal');
    const failed = page.getByTestId('diagram-failed');
    await failed.waitFor({ timeout: 5000 });
    assert.match((await failed.textContent()) ?? '', /too large to show safely.*references would expand/s);
    await saveScreenshot(page, 'diagram-too-large');
    await assertResponsive();
  });

  test('20 MB of text: refused quickly with the reason', async () => {
    await serveRender({
      head: '<svg xmlns="http://www.w3.org/2000/svg"><text>',
      middle: 'x'.repeat(1024),
      times: 20 * 1024,
      tail: '</text></svg>',
    });
    await showDiagram('vertical');
    const failed = page.getByTestId('diagram-failed');
    await failed.waitFor({ timeout: 10_000 });
    assert.match((await failed.textContent()) ?? '', /too large to show safely/);
    await assertResponsive();
  });

  test('a CSS-escaped url() in presentation attributes never reaches the page; the drawing does', async () => {
    const beacon = `${world.emulator.config.processBaseUrl}/beacon`;
    await serveRender({
      head:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
        `<rect data-pz-guid="${processId}" width="50" height="50" fill="\\75 rl(${beacon}/fill)" ` +
        `stroke="u/**/rl(${beacon}/stroke)" clip-path="\\000075rl(${beacon}/clip)" mask="URL(${beacon}/mask)" ` +
        `marker-end="\\75 rl(${beacon}/marker)"/><circle r="5" fill="blue"/></svg>`,
    });
    await showDiagram('detailed');
    const canvas = page.getByTestId('diagram-canvas');
    await canvas.locator('circle').waitFor();
    const attributes = await canvas
      .locator('rect')
      .evaluate((rect) => Array.from(rect.attributes, (a) => `${a.name}=${a.value}`).join(' '));
    assert.doesNotMatch(attributes, /beacon|url|\\/i);
    assert.deepEqual(foreignRequests, [], 'nothing fetched');
  });

  test('no console error and no CSP violation: the walls removed it before the CSP had to block anything', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
