/**
 * First paint of the cached server SVG of a 1,000- and a 4,000-element
 * process, with the service failing (503) after a first, online visit filled
 * the cache. Needs a build (`npm run build`).
 *
 * - Diagram tab: on the process's element page, the Diagram tab is clicked as
 *   soon as it is shown → the end of the frame that first showed the diagram: the
 *   picture main keeps of the rendering (renderer/diagram/render-picture.ts),
 *   or the SVG when none is kept; and, beside it, → the end of the frame that
 *   first showed the interactive SVG in the picture's place. (The page fetches the picture
 *   and the rendering, and imports the SVG, in idle time, diagram-prefetch.ts;
 *   a click before that is done waits for it, and that wait is measured.) The
 *   first visit of each size shows the SVG (no picture is kept yet) and leaves
 *   the picture the timed rounds paint; it is printed apart.
 * - Editor preview: the hash is set to the process's editor route → the end
 *   of the frame that painted the cached rendering (the app's own
 *   `lanes.preview.painted` user timing, see timePreview), once with the editor's chunk
 *   not loaded yet (page reloaded, editor opened at once: the chunk loads
 *   first) and once warmed (the workspace is drawn about a second after start).
 *
 * Beside each, the main-side share: the same IPC request dispatched from Node
 * (cache read and sanitising, no transfer to the page, no DOM work).
 */
import {
  editableProcessIds,
  generateProcessXml,
  importIntoService,
  line,
  median,
  startEditorBenchWorld,
  type BenchPage,
  type EditorBenchWorld,
} from './editor-world.ts';
import { profileDir, tracePage, type ProfiledPage } from './page-profile.ts';
import { type SummaryRow } from './summary.ts';

const SIZES = [1000, 4000];
const ROUNDS = 5;
const TARGET_MS = 100;
/** The diagram on screen: the kept picture, or the SVG. */
const DIAGRAM_SHOWN = '[data-testid=diagram-canvas] > :is(img, svg)';
/** The interactive SVG in place (after the picture, when one was painted). */
const DIAGRAM_SVG = '[data-testid=diagram-canvas] > svg';
const IMPORTED = 'lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel][data-phase=ready]';

/** The few browser types the in-page timers need (this folder compiles without the DOM library). */
interface PageGlobals {
  performance: {
    now(): number;
    clearMeasures(): void;
    getEntriesByName(name: string): { startTime: number; duration: number }[];
  };
  document: { querySelector(selector: string): { click(): void } | null };
  setTimeout(callback: () => void, ms: number): void;
  location: { hash: string };
  requestAnimationFrame(callback: () => void): void;
}

/**
 * In the page: set the editor's hash, wait until the editor has imported,
 * and give when the preview was painted, from the app's own user timing: the
 * `lanes.preview.painted` measure ends in the task after the frame that
 * painted the preview (cached-preview.ts, as renderer/base/next-paint.ts
 * waits), before the import may start. Polling for the next animation frame
 * instead would count the import against the preview whenever the document
 * is already there and the import follows the preview's frame at once. Null
 * when no preview was painted before the editor was ready.
 */
async function timePreview(page: BenchPage, hash: string): Promise<number | null> {
  return page.evaluate(
    ({ hash, imported }) =>
      new Promise<number | null>((resolve, reject) => {
        const g = globalThis as unknown as PageGlobals;
        g.performance.clearMeasures();
        const start = g.performance.now();
        const poll = (): void => {
          if (g.document.querySelector(imported)) {
            const painted = g.performance.getEntriesByName('lanes.preview.painted')[0];
            resolve(painted ? painted.startTime + painted.duration - start : null);
          } else if (g.performance.now() - start > 120_000)
            reject(new Error(`${imported} not there after 120 s`));
          else g.requestAnimationFrame(poll);
        };
        g.location.hash = hash;
        g.requestAnimationFrame(poll);
      }),
    { hash, imported: IMPORTED },
  );
}

/**
 * In the page: `click`, then for each of `selectors` the time until the frame that first showed it was
 * painted: found in a frame's animation callback (before that frame's style, layout and paint), timed by
 * a task queued there, which runs once that frame is done (as renderer/base/next-paint.ts waits). A task
 * the page queues after that frame (the Diagram tab's SVG replacing its picture) does not count against
 * the picture.
 */
async function timeFrames(page: BenchPage, click: string, selectors: string[]): Promise<number[]> {
  return page.evaluate(
    ({ click, selectors }) =>
      new Promise<number[]>((resolve, reject) => {
        const g = globalThis as unknown as PageGlobals;
        const start = g.performance.now();
        const seen = selectors.map(() => false);
        const times: (number | null)[] = selectors.map(() => null);
        const done = (): void => {
          if (times.every((time) => time !== null)) resolve(times as number[]);
        };
        const poll = (): void => {
          selectors.forEach((selector, index) => {
            if (seen[index] || !g.document.querySelector(selector)) return;
            seen[index] = true;
            g.setTimeout(() => {
              times[index] = g.performance.now() - start;
              done();
            }, 0);
          });
          if (seen.every(Boolean)) return;
          if (g.performance.now() - start > 120_000)
            reject(new Error(`${selectors.join(' / ')} not all there after 120 s`));
          else g.requestAnimationFrame(poll);
        };
        g.document.querySelector(click)?.click();
        g.requestAnimationFrame(poll);
      }),
    { click, selectors },
  );
}

async function reloadOn(world: EditorBenchWorld, hash: string): Promise<void> {
  const { page } = world.harness;
  await page.evaluate((target) => ((globalThis as unknown as PageGlobals).location.hash = target), hash);
  await page.reload();
  await page.locator('lanes-app .shell').waitFor();
}

/** Until `selector` is in the DOM, shown or not. */
async function waitInPage(page: BenchPage, selector: string): Promise<void> {
  await page.evaluate(
    (wanted) =>
      new Promise<void>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        const poll = (): void =>
          g.document.querySelector(wanted) ? resolve() : g.requestAnimationFrame(poll);
        poll();
      }),
    selector,
  );
}

async function mainSide(world: EditorBenchWorld, channel: string, payload: unknown): Promise<number> {
  const start = performance.now();
  const result = await world.harness.services.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return performance.now() - start;
}

export async function run(): Promise<SummaryRow[]> {
  const rows: SummaryRow[] = [];
  const world = await startEditorBenchWorld();
  const { page } = world.harness;
  try {
    await page.locator('lanes-app .shell').waitFor();
    const ids = editableProcessIds(world, SIZES.length);
    for (const [index, size] of SIZES.entries()) {
      const id = ids[index]!;
      await importIntoService(world, id, generateProcessXml(`Bench_${size}`, size));
      // Online once: the export (editor) and the renderings the Diagram tab and the preview show.
      await mainSide(world, 'editor.open', { facet: 'processes', view: 'processList', id, culture: 1033 });
      for (const layout of ['horizontal', 'detailed'])
        await mainSide(world, 'workspace.diagram', { id, layout, culture: 1033 });
    }
    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });

    const summary: string[] = [];
    for (const [index, size] of SIZES.entries()) {
      const id = ids[index]!;
      const element = `#/element/processes/processList/${id}`;
      const editor = `#/edit/processes/processList/${id}`;
      const tab: number[] = [];
      const tabSvg: number[] = [];
      const cold: number[] = [];
      let coldMissed = 0;
      let warmMissed = 0;
      const warm: number[] = [];
      const mainDiagram: number[] = [];
      const mainPreview: number[] = [];
      // The editor's first preview of a rendering is its SVG; the picture the renderer keeps of it in idle
      // time afterwards is what later previews paint (renderer/modeler/canvas/cached-preview.ts): made once here.
      await reloadOn(world, '#/');
      await timePreview(page, editor);
      let pictured = false;
      for (let tries = 0; tries < 80 && !pictured; tries++) {
        const answer = await world.harness.services.dispatch('editor.preview', { id, culture: 1033 });
        pictured = !!(answer.value as { raster?: unknown } | undefined)?.raster;
        if (!pictured) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      if (!pictured) console.log('  (no picture of the rendering was kept: the previews below are its SVG)');
      // Likewise the Diagram tab's own picture (the whole diagram as the tab fits it): its first visit
      // shows the SVG and draws the picture in idle time afterwards; the timed rounds paint that picture.
      const tabOf = `[data-testid=element-page][data-element-id="${id}"] [data-tab=diagram]`;
      await reloadOn(world, element);
      await page.locator(tabOf).waitFor();
      const [firstVisit] = await timeFrames(page, '[data-tab=diagram]', [DIAGRAM_SVG]);
      let tabPictured = false;
      for (let tries = 0; tries < 80 && !tabPictured; tries++) {
        const answer = await world.harness.services.dispatch('workspace.diagramPicture', {
          id,
          layout: 'horizontal',
          culture: 1033,
        });
        tabPictured = !!answer.value;
        if (!tabPictured) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      if (!tabPictured) console.log('  (the Diagram tab kept no picture: the rounds below paint its SVG)');
      for (let round = 0; round < ROUNDS; round++) {
        mainDiagram.push(
          await mainSide(world, 'workspace.diagram', { id, layout: 'horizontal', culture: 1033 }),
        );
        mainPreview.push(await mainSide(world, 'editor.preview', { id, culture: 1033 }));

        await reloadOn(world, element);
        await page.locator(tabOf).waitFor();
        // LANES_BENCH_PROFILE: Chrome's trace of the last round's tab click and warm preview.
        const profiled = profileDir !== null && round === ROUNDS - 1;
        let stop = profiled ? await tracePage(page as unknown as ProfiledPage) : null;
        const [shown, interactive] = await timeFrames(page, '[data-tab=diagram]', [
          DIAGRAM_SHOWN,
          DIAGRAM_SVG,
        ]);
        tab.push(shown!);
        tabSvg.push(interactive!);
        if (stop) console.log(await stop(`diagram-tab ${size}`));

        await reloadOn(world, '#/');
        const coldPaint = await timePreview(page, editor);
        if (coldPaint === null) coldMissed++;
        else cold.push(coldPaint);

        await reloadOn(world, '#/');
        // Warmed: the workspace is drawn (hidden) once the app has settled after start.
        await waitInPage(page, 'lanes-editor-workspace');
        stop = profiled ? await tracePage(page as unknown as ProfiledPage) : null;
        const warmPaint = await timePreview(page, editor);
        if (stop) console.log(await stop(`editor-preview-warm ${size}`));
        if (warmPaint === null) warmMissed++;
        else warm.push(warmPaint);
      }
      console.log(`${size} elements, cached server SVG (service answering 503), rounds: ${ROUNDS}`);
      line(`  Diagram tab: click → ${tabPictured ? 'picture' : 'SVG'} painted`, tab);
      line('  Diagram tab: click → interactive SVG in place', tabSvg);
      console.log(
        `${'  Diagram tab, first visit (SVG, no picture yet)'.padEnd(48)} ${firstVisit!.toFixed(1)} ms  (n=1)`,
      );
      line('    main side of it (workspace.diagram, no IPC)', mainDiagram);
      const preview = (label: string, times: number[], missed: number): void => {
        if (times.length) line(label, times);
        if (missed) console.log(`${label.padEnd(48)} not painted before the editor was ready: ${missed}×`);
      };
      preview('  editor preview, editor chunk warm', warm, warmMissed);
      preview('  editor preview, cold (chunk loads first)', cold, coldMissed);
      line('    main side of it (editor.preview, no IPC)', mainPreview);
      rows.push(
        {
          measure: `Diagram tab: cached first paint (${tabPictured ? 'picture' : 'SVG'}), ${size.toLocaleString('en')}`,
          value: `${Math.round(median(tab))} ms`,
          baseline: '',
          ratio: '',
          target: `≤ ${TARGET_MS} ms`,
        },
        {
          measure: `Diagram tab: click → interactive SVG in place, ${size.toLocaleString('en')}`,
          value: `${Math.round(median(tabSvg))} ms`,
          baseline: '',
          ratio: '',
          target: '',
        },
      );
      summary.push(
        `${size}: Diagram tab ${median(tab).toFixed(0)} ms (interactive SVG ${median(tabSvg).toFixed(0)} ms), editor preview ${warm.length ? `${median(warm).toFixed(0)} ms` : 'not painted'} warm`,
      );
    }
    console.log(`first paint (target ≤ ${TARGET_MS} ms): ${summary.join('; ')}`);
    return rows;
  } finally {
    world.emulator.faults.clear();
    await world.close();
  }
}

if (import.meta.main) await run();
