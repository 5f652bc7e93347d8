/**
 * The Reports overview for a 10,000-element tenant, in Chromium through the
 * real renderer and main side (the e2e harness) against the emulator: first
 * paint (the route to the "elements per facet" chart drawn, from the facet
 * counts) and full load (every facet's elements read 100 at a time, counted,
 * and all four charts drawn). Measured cold (chart.js not yet loaded, nothing
 * cached), again (chart.js loaded, the service read again) and offline (the
 * same from the profile's cache). Also the size of the chart.js chunk the app
 * start does not load. Prints numbers only.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright';
import { startDemoWorld } from '../e2e/harness/demo-world.ts';
import { countCurrent } from '../emulator/store/elements.ts';
import { type SummaryRow } from './summary.ts';

/** `--seed N`: N elements in all facets. */
const SEED = 10_000;

/** The little of the DOM the probes use (this file is type-checked without the DOM lib). */
interface ProbeElement {
  readonly textContent: string | null;
  readonly style: { display: string };
}
interface PageGlobals {
  location: { hash: string };
  document: {
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): ArrayLike<ProbeElement>;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
}

/** Milliseconds from opening #/reports to the first chart drawn, and to every chart drawn with all counted. */
async function measure(page: Page, total: number): Promise<{ firstPaint: number; fullLoad: number }> {
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/'));
  return page.evaluate(async (expected) => {
    const { document, location, requestAnimationFrame } = globalThis as unknown as PageGlobals;
    const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
    // chart.js makes a canvas a block when it draws on it.
    const drawn = (key: string): boolean =>
      document.querySelector(`canvas[data-chart=${key}]`)?.style.display === 'block';
    const t0 = performance.now();
    location.hash = '#/reports';
    let firstPaint = 0;
    for (;;) {
      if (!firstPaint && drawn('byFacet')) firstPaint = performance.now() - t0;
      const status = document.querySelector('[data-testid=overview-status]')?.textContent ?? '';
      if (
        status.includes(`All ${expected.toLocaleString('en-US')} elements counted.`) &&
        ['byState', 'byType', 'changes'].every(drawn)
      )
        break;
      if (performance.now() - t0 > 300_000) throw new Error(`not loaded: ${status}`);
      await frame();
    }
    await frame();
    return { firstPaint, fullLoad: performance.now() - t0 };
  }, total);
}

export async function run(): Promise<SummaryRow[]> {
  const started = performance.now();
  const world = await startDemoWorld({ emulator: { seed: SEED } });
  try {
    const { page } = world.harness;
    await page.setViewportSize({ width: 1280, height: 800 });
    const total = countCurrent(world.emulator.db, undefined);
    console.log(
      `setup (emulator seed ${SEED}, app)          ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`elements in the tenant                     ${total}`);

    const cold = await measure(page, total);
    console.log(
      `cold: first paint / full load              ${cold.firstPaint.toFixed(0)} ms / ${cold.fullLoad.toFixed(0)} ms`,
    );
    const again = await measure(page, total);
    console.log(
      `again: first paint / full load             ${again.firstPaint.toFixed(0)} ms / ${again.fullLoad.toFixed(0)} ms`,
    );
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
    try {
      // The first failed read marks the service unavailable; from then on reads go to the cache.
      const offline = await measure(page, total);
      console.log(
        `offline (cache): first paint / full load   ${offline.firstPaint.toFixed(0)} ms / ${offline.fullLoad.toFixed(0)} ms`,
      );
    } finally {
      world.emulator.faults.clear();
    }
    const overview: SummaryRow = {
      measure: `Reports overview, ${total.toLocaleString('en')} elements: first paint / full load`,
      value: `${Math.round(cold.firstPaint)} / ${Math.round(cold.fullLoad)} ms`,
      baseline: '',
      ratio: '',
      target: '',
    };
    const chunks = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'renderer', 'chunks');
    const chart = readdirSync(chunks).find((name) => /^chart-.*\.js$/.test(name));
    if (chart) {
      const size = statSync(join(chunks, chart)).size;
      console.log(
        `chart.js chunk, loaded on first chart       ${(size / 1024).toFixed(0)} KiB (not part of app.js)`,
      );
    }
    return [overview];
  } finally {
    await world.close();
  }
}

if (import.meta.main) await run();
