import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import type * as ChartJs from 'chart.js';
import { allCurrent, countCurrent } from '../emulator/store/elements.ts';
import { seriousViolations } from './harness/axe.ts';
import { contrastRatio, type Rgba } from './harness/contrast.ts';
import { assertReadable, inEveryLook } from './harness/looks.ts';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { saveScreenshot } from './harness/screenshots.ts';

const chartChunk = readdirSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'renderer', 'chunks'),
).find((name) => /^chart-.*\.js$/.test(name));

describe('reports: the landscape overview, element tables and CSV in Chromium with the demo emulator', () => {
  let world: DemoWorld;
  let page: Page;
  let outDir: string;

  const waitForHash = (expected: string): Promise<unknown> =>
    page.waitForFunction((h) => location.hash === h, expected);
  const countText = async (): Promise<string> =>
    ((await page.getByTestId('report-count').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  /** The facet of the demo tenant with the most elements (several pages). */
  const biggestFacet = (): string =>
    ['processes', 'organization', 'itSystems', 'documents', 'risks'].sort(
      (a, b) => countCurrent(world.emulator.db, b) - countCurrent(world.emulator.db, a),
    )[0]!;

  /** Where chart.js drew a bar, in page pixels: the middle of the bar, as a person would click it. */
  async function barCentre(
    chart: string,
    series: number,
    category: number,
  ): Promise<{ x: number; y: number }> {
    const canvas = page.getByTestId(`chart-${chart}`);
    const box = (await canvas.boundingBox())!;
    const bar = await canvas.evaluate(
      async (element, [url, s, c]) => {
        // The app loaded this module already; importing the same URL returns the same instance.
        const { Chart } = (await import(url as string)) as typeof ChartJs;
        const meta = Chart.getChart(element as HTMLCanvasElement)!.getDatasetMeta(s as number);
        const props = meta.data[c as number]!.getProps(['x', 'y', 'base']) as {
          x: number;
          y: number;
          base: number;
        };
        return props;
      },
      [`/chunks/${chartChunk}`, series, category] as const,
    );
    return { x: box.x + bar.x, y: box.y + (bar.y + bar.base) / 2 };
  }

  before(async () => {
    world = await startDemoWorld();
    page = world.harness.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    outDir = mkdtempSync(join(tmpdir(), 'lanes-reports-csv-'));
  });
  after(async () => {
    await world?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('the overview counts every facet as the emulator does, and clicking a bar opens exactly its elements', async () => {
    assert.ok(chartChunk, 'the build puts chart.js in a chunk of its own, loaded on demand');
    await page.locator('.shell-nav button[data-view=reports]').click();
    await waitForHash('#/reports');
    const total = countCurrent(world.emulator.db, undefined);
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid=overview-status]')?.textContent?.includes(text),
      `All ${total} elements counted.`,
    );
    for (const chart of ['byFacet', 'byState', 'byType', 'changes'])
      assert.ok((await page.getByTestId(`chart-${chart}`).boundingBox())!.height > 100, chart);

    // The numbers as a table: facet × state, as the emulator holds them.
    const numbers = page.getByTestId('numbers-byState');
    await numbers.locator('summary').click();
    const processes = allCurrent(world.emulator.db, 'processes');
    const released = processes.filter((row) => row.state === 'released').length;
    assert.ok(released > 0);
    const cell = numbers.getByRole('button', { name: `Show the ${released} elements: Processes, Released` });
    assert.equal(await cell.count(), 1);

    // Click the "released" part of the processes bar on the canvas.
    const seriesIndex = await numbers
      .locator('thead th')
      .evaluateAll((cells) => cells.map((c) => c.textContent?.trim()).indexOf('Released') - 1);
    const facetNames = await numbers.locator('tbody th').allTextContents();
    const at = await barCentre('byState', seriesIndex, facetNames.indexOf('Processes'));
    await page.mouse.click(at.x, at.y);
    await waitForHash('#/reports/processes/elements/state/released');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid=report-count]')?.textContent?.includes(expected),
      `${released} shown of ${processes.length} loaded (${processes.length} in total)`,
    );
    assert.match((await page.getByTestId('report-where').textContent()) ?? '', /State: Released/);
    const states = await page
      .locator('[data-testid=report-table] tbody tr[data-id] td:nth-child(3)')
      .allTextContents();
    assert.ok(states.length > 0 && states.every((s) => s === 'Released'), states.join());
    // Removing the filter shows the facet's elements as loaded.
    await page.getByTestId('report-where').click();
    await waitForHash('#/reports/processes');
  });

  test('"Load all" shows progress and stops on Cancel; loading again completes the facet', async () => {
    const facet = biggestFacet();
    const total = countCurrent(world.emulator.db, facet);
    assert.ok(total > 200, `${facet} has several pages`);
    await page.evaluate((f) => (location.hash = `#/reports/${f}`), facet);
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid=report-count]')?.textContent?.includes(expected),
      `100 loaded (${total} in total)`,
    );
    world.emulator.faults.add({ route: '*', latencyMs: 400 });
    try {
      await page.getByTestId('report-load-all').click();
      await page.getByTestId('report-progress').waitFor();
      await page.getByTestId('report-cancel').click();
      await page.getByTestId('report-stopped').waitFor();
    } finally {
      world.emulator.faults.clear();
    }
    const stopped = (await page.getByTestId('report-stopped').textContent()) ?? '';
    const done = Number(/after (\d+) of/.exec(stopped)?.[1]);
    assert.ok(done >= 100 && done < total && done % 100 === 0, stopped);
    assert.equal(await page.getByTestId('report-progress').count(), 0);

    await page.getByTestId('report-load-all').click();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid=report-count]')?.textContent?.includes(expected),
      `${total} shown of ${total} loaded`,
    );
    assert.equal(await page.getByTestId('report-load-all').count(), 0);
    // Virtualized: far fewer rows in the page than loaded.
    const rendered = await page.locator('[data-testid=report-table] tbody tr[data-id]').count();
    assert.ok(rendered > 10 && rendered < 100, `${rendered} rows in the DOM`);
  });

  test('sorting and filtering work within what is loaded; the table exports to a CSV file as shown', async () => {
    await page.getByTestId('report-filter').fill('released');
    const shownText = await countText();
    const shown = Number(/^(\d+) shown/.exec(shownText)?.[1]);
    assert.ok(shown > 0, shownText);
    await page.locator('[data-testid=report-table] th button[data-column=names]').click();
    assert.equal(
      await page
        .locator('[data-testid=report-table] th[aria-sort=ascending] button')
        .getAttribute('data-column'),
      'names',
    );
    const names = await page
      .locator('[data-testid=report-table] tbody tr[data-id] td:nth-child(1)')
      .allTextContents();
    const sorted = [...names].sort(
      new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare,
    );
    assert.deepEqual(names, sorted);

    const target = join(outDir, 'elements.csv');
    world.harness.dialogs.answerNext(target);
    await page.getByTestId('report-export').click();
    await page.getByTestId('report-exported').waitFor();
    const bytes = readFileSync(target);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with BOM');
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    assert.equal(lines[0], 'names,type,state,version,changedOn,facetName,id,versionId,parentId');
    assert.equal(lines.length, shown + 1, 'one line per shown row');
    assert.ok(lines.slice(1).every((line) => line.split(',').includes('released')));
    assert.equal(world.harness.dialogs.asked.at(-1)?.kind, 'save');
    await page.getByTestId('report-filter').fill('');
  });

  test('the hierarchy tab shows the facet’s tree as the emulator holds it', async () => {
    await page.evaluate(() => (location.hash = '#/reports/processes'));
    await page.locator('.report-tabs a[data-tab=hierarchy]').click();
    await waitForHash('#/reports/processes/hierarchy');
    const rows = allCurrent(world.emulator.db, 'processes');
    const ids = new Set(rows.map((r) => r.id));
    const roots = rows.filter((r) => !r.parentId || !ids.has(r.parentId));
    await page.getByTestId('report-tree').waitFor();
    assert.equal(await page.locator('[data-testid=report-tree] > li').count(), roots.length);
    const parent = rows.find((r) => rows.some((c) => c.parentId === r.id) && roots.includes(r))!;
    const summary = page.locator(
      `[data-testid=report-tree] > li[data-id="${parent.id}"] > details > summary`,
    );
    // Types read as the landscape names them ("Process"), not as the service's keys ("process").
    assert.match(await summary.innerText(), /\bProcess · /);
    await summary.click();
    const children = rows.filter((r) => r.parentId === parent.id).length;
    // Children are drawn when their parent opens (one render after the toggle event): wait for them.
    await page.locator(`li[data-id="${parent.id}"] > details > ul > li`).first().waitFor();
    assert.equal(await page.locator(`li[data-id="${parent.id}"] > details > ul > li`).count(), children);
    assert.deepEqual(await seriousViolations(page), [], 'axe on the hierarchy');
    await saveScreenshot(page, 'reports-hierarchy');
  });

  test('overview and table: axe clean, readable, chart colours visible, no sideways scroll, in light and dark, English and German', async () => {
    /** Every colour a chart draws with, against the card behind it (WCAG 1.4.11: 3:1 for graphics). */
    const chartColourContrasts = async (): Promise<{ name: string; ratio: number }[]> => {
      const colours = await page.evaluate(() => {
        const host = document.querySelector('lanes-reports-page')!;
        const card = document.querySelector('.report-card')!;
        const probe = document.createElement('span');
        host.append(probe);
        const names = [
          '--lanes-accent',
          ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `--lanes-chart-${i}`),
          ...[
            'inProcess',
            'inReview',
            'readyForQa',
            'readyForRelease',
            'released',
            'inEffect',
            'requestToExpire',
            'expired',
          ].map((state) => `--lanes-state-${state}-fg`),
        ];
        const read = (name: string): string => {
          probe.style.color = `var(${name})`;
          return getComputedStyle(probe).color;
        };
        const result = {
          background: getComputedStyle(card).backgroundColor,
          colours: names.map((name) => ({ name, color: read(name) })),
        };
        probe.remove();
        return result;
      });
      const rgba = (text: string): Rgba => {
        const [r = 0, g = 0, b = 0, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number);
        return { r, g, b, a };
      };
      return colours.colours.map(({ name, color }) => ({
        name,
        ratio: contrastRatio(rgba(color), rgba(colours.background)),
      }));
    };
    const noSidewaysScroll = (): Promise<boolean> =>
      page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth);

    await page.evaluate(() => (location.hash = '#/reports'));
    await page.getByTestId('numbers-changes').waitFor();
    await inEveryLook(world, 'reports-overview', async ({ scheme, language }) => {
      const look = `${scheme}, ${language}`;
      await assertReadable(page.locator('#reports-title'), `overview heading (${look})`);
      await assertReadable(page.locator('#chart-title-byState'), `chart title (${look})`);
      await assertReadable(
        page.locator('.reports-facets a[data-facet=processes] .report-facet-count'),
        `facet count (${look})`,
      );
      for (const { name, ratio } of await chartColourContrasts())
        assert.ok(ratio >= 3, `${name} against the card: ${ratio.toFixed(2)} < 3 (${look})`);
      assert.ok(await noSidewaysScroll(), `no sideways scroll (${look})`);
    });

    await page.evaluate(() => (location.hash = '#/reports/processes/elements/state/released'));
    await page.locator('[data-testid=report-table] tbody tr[data-id]').first().waitFor();
    await inEveryLook(world, 'reports-elements', async ({ scheme, language }) => {
      const look = `${scheme}, ${language}`;
      await assertReadable(page.getByTestId('report-where'), `filter chip (${look})`);
      await assertReadable(
        page.locator('[data-testid=report-table] th button').first(),
        `column header (${look})`,
      );
      await assertReadable(
        page.locator('[data-testid=report-table] tbody tr[data-id] td').first(),
        `cell (${look})`,
      );
      await assertReadable(page.getByTestId('report-count'), `count (${look})`);
      const actions = (await page.locator('.report-table-actions').boundingBox())!;
      assert.ok(actions.x + actions.width <= 1280, `the export button fits (${look})`);
      assert.ok(await noSidewaysScroll(), `no sideways scroll (${look})`);
    });
  });

  test('offline, the reports come from the cache with when they were fetched', async () => {
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    try {
      await page.reload();
      await page.evaluate(() => (location.hash = '#/reports'));
      await page.getByTestId('reports-cached').waitFor();
      assert.match((await page.getByTestId('reports-cached').textContent()) ?? '', /from the cache, fetched/);
      const total = countCurrent(world.emulator.db, undefined);
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=overview-status]')?.textContent?.includes(text),
        `All ${total} elements counted.`,
      );
      await page.getByTestId('numbers-byState').waitFor();
      await page.locator('.reports-facets a[data-facet=processes]').waitFor();
      await saveScreenshot(page, 'reports-offline');
    } finally {
      world.emulator.faults.clear();
    }
  });

  test('"Sync now" reads the reports again: a change on the service shows in the overview', async () => {
    await page.evaluate(() => (location.hash = '#/reports'));
    const numbers = page.getByTestId('numbers-byState');
    await numbers.locator('summary').click();
    const expiredBefore = allCurrent(world.emulator.db, 'risks').filter((r) => r.state === 'expired').length;
    const target = allCurrent(world.emulator.db, 'risks').find((r) => r.state !== 'expired')!;
    // A change made on the service by someone else (the reporting interface reads the same data).
    world.emulator.db
      .prepare("UPDATE elements SET state = 'expired' WHERE id = ? AND is_current = 1")
      .run(target.id);
    const cell = (count: number) =>
      numbers.getByRole('button', {
        name: count === 1 ? 'Show the element: Risks, Expired' : `Show the ${count} elements: Risks, Expired`,
        exact: true,
      });
    if (expiredBefore > 0) await cell(expiredBefore).waitFor();
    assert.equal(await cell(expiredBefore + 1).count(), 0, 'not read again before the sync');
    await page.locator('button.sync-now').click();
    await cell(expiredBefore + 1).waitFor();
  });

  test('no console errors or CSP violations along the way (chart.js included)', () => {
    assert.deepEqual(world.harness.pageErrors, []);
  });
});
