/**
 * The navigator with a 10,000-element view, in Chromium through the real
 * renderer and workspace handlers (the e2e harness) against the emulator:
 * time to the first rows, time to page in the whole view by scrolling, then
 * frames while scrolling through all of it (rAF steps), with the most row
 * elements ever in the DOM against the number of rows. Prints numbers only.
 */
import { performance } from 'node:perf_hooks';
import type { ElementsPage } from '../shared/domain/workspace.ts';
import type { MainServices } from '../main/app/main-services.ts';
import { startDemoWorld } from '../e2e/harness/demo-world.ts';

/**
 * `--seed N` makes groups of ten (a process, its eight diagram shapes, a
 * document); the processes facet's "diagram" view lists processes and shapes,
 * nine per group, so 11,130 elements give it 10,017.
 */
const SEED = 11_130;
const FACET = 'processes';
const VIEW = 'diagram';
/** Pixels per animation frame: about 25 rows, a brisk scroll-bar drag. */
const STEP_PX = 800;

/**
 * The little of the DOM the in-page probes use. This file is type-checked
 * with the Node libraries only, so the probes reach the page's globals
 * through this shape instead of the DOM lib.
 */
interface ProbeElement {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  getAttribute(name: string): string | null;
}
interface PageGlobals {
  location: { hash: string };
  document: {
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): { readonly length: number };
  };
  requestAnimationFrame(callback: (time: number) => void): number;
}

async function countView(services: Pick<MainServices, 'dispatch'>): Promise<number> {
  let total = 0;
  for (let page = 1; ; page++) {
    const result = await services.dispatch('workspace.elements', {
      facet: FACET,
      view: VIEW,
      page,
      pageSize: 1000,
    });
    if (!result.ok) throw new Error(`workspace.elements failed: ${result.error.message}`);
    const value = result.value as ElementsPage;
    total += value.items.length;
    if (!value.hasMore) return total;
  }
}

export async function run(): Promise<void> {
  const started = performance.now();
  const world = await startDemoWorld({ emulator: { seed: SEED } });
  try {
    const { page, services } = world.harness;
    const total = await countView(services);
    console.log(
      `setup (emulator seed ${SEED}, app, count)  ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`elements in ${FACET}/${VIEW}               ${total}`);
    await page.setViewportSize({ width: 1280, height: 800 });

    const firstRender = await page.evaluate(
      async ([facet, view]) => {
        const { document, location, requestAnimationFrame } = globalThis as unknown as PageGlobals;
        const t0 = performance.now();
        location.hash = `#/browse/${facet}/${view}`;
        await new Promise<void>((resolve) => {
          const check = (): void => {
            if (document.querySelector('[data-testid=nav-row]')) resolve();
            else requestAnimationFrame(check);
          };
          check();
        });
        // The frame that shows the rows.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return performance.now() - t0;
      },
      [FACET, VIEW] as const,
    );
    console.log(`first render: route to first rows painted  ${firstRender.toFixed(0)} ms`);

    const paging = await page.evaluate(async (expected) => {
      const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      const viewport = document.querySelector('[data-testid=nav-rows]')!;
      const loaded = (): number =>
        Number(document.querySelector('[data-testid=nav-count]')?.getAttribute('data-count') ?? 0);
      const t0 = performance.now();
      let maxDom = 0;
      // Each time the end comes into view, the pending row there asks for the next page.
      while (loaded() < expected && performance.now() - t0 < 120_000) {
        viewport.scrollTop = viewport.scrollHeight;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        maxDom = Math.max(maxDom, document.querySelectorAll('[data-testid=nav-row]').length);
      }
      return { ms: performance.now() - t0, loaded: loaded(), maxDom };
    }, total);
    console.log(
      `page in by scrolling to the end            ${(paging.ms / 1000).toFixed(2)} s for ${paging.loaded} rows (${Math.ceil(paging.loaded / 200)} pages of 200)`,
    );

    const scroll = await page.evaluate(async (step) => {
      const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      const viewport = document.querySelector('[data-testid=nav-rows]')!;
      viewport.scrollTop = 0;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const frames: number[] = [];
      let maxDom = 0;
      let last = performance.now();
      const t0 = last;
      const end = viewport.scrollHeight - viewport.clientHeight;
      while (viewport.scrollTop < end) {
        viewport.scrollTop = Math.min(end, viewport.scrollTop + step);
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        frames.push(now - last);
        last = now;
        maxDom = Math.max(maxDom, document.querySelectorAll('[data-testid=nav-row]').length);
      }
      // The last rows are really drawn, not blank space.
      const lastRow = document
        .querySelector('[data-testid=nav-row]:last-of-type')
        ?.getAttribute('data-index');
      return { ms: performance.now() - t0, frames, maxDom, lastRow: Number(lastRow) };
    }, STEP_PX);

    const sorted = [...scroll.frames].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
    const over = (ms: number): number => scroll.frames.filter((f) => f > ms).length;
    const rows = paging.loaded;
    console.log(
      `scroll through all rows                    ${(scroll.ms / 1000).toFixed(2)} s, ${scroll.frames.length} frames (${STEP_PX} px/frame)`,
    );
    const share = (n: number): string => `${((n / scroll.frames.length) * 100).toFixed(1)} %`;
    console.log(
      `frames > 16.7 ms / > 50 ms                 ${over(16.7)} (${share(over(16.7))}) / ${over(50)} (${share(over(50))})`,
    );
    // rAF timestamps jitter around 16.7 ms; a frame really missed shows as about 33 ms.
    console.log(`frames > 25 ms (a missed vsync)            ${over(25)} (${share(over(25))})`);
    console.log(
      `frame time p50 / p95 / max                 ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} / ${p95.toFixed(1)} / ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    const maxDom = Math.max(scroll.maxDom, paging.maxDom);
    console.log(`row elements in the DOM, max vs rows       ${maxDom} / ${rows}`);
    console.log(`ratio DOM rows / rows                      ${(maxDom / rows).toFixed(4)}`);
    console.log(`last row drawn at the bottom               index ${scroll.lastRow} of ${rows - 1}`);
  } finally {
    await world.close();
  }
}

if (import.meta.main) await run();
