/**
 * Saving a draft of a 4,000-element diagram: the `editor.saveDraft` dispatch
 * alone (validation, cache write), and end to end in the app, from Ctrl+S in
 * the open editor until the tab shows it saved, against bpmn-js's `saveXML`
 * of the same save (the renderer's user timing). The tab is clean once the XML
 * is taken; main's write follows off the critical path (a failed one makes the
 * tab dirty again), so the request is printed beside, not inside, the end to
 * end. Needs a build (`npm run build`).
 */
import { performance } from 'node:perf_hooks';
import {
  editableProcessIds,
  generateProcessXml,
  importIntoService,
  line,
  median,
  startEditorBenchWorld,
} from './editor-world.ts';
import { type SummaryRow } from './summary.ts';

const SIZE = 4000;
const ROUNDS = 5;
/** The tab shows the editor ready once its Modeler imported the diagram. */
const IMPORTED = 'lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel][data-phase=ready]';
/** The active tab while it has unsaved changes; gone once the draft is stored. */
const DIRTY_TAB = '[data-testid=editor-tab-select][aria-selected=true] [data-testid=editor-dirty]';

/** The little of the DOM the shape search needs (the benchmarks type-check without the DOM library). */
interface ShapeRect {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface ShapeQuery {
  document: {
    querySelector(selector: string): { getBoundingClientRect(): ShapeRect } | null;
    querySelectorAll(
      selector: string,
    ): Iterable<{ getBoundingClientRect(): ShapeRect; getAttribute(name: string): string | null }>;
  };
}

/** The renderer's user timing of each save (renderer/modeler/tab/process-actions.ts). */
interface SaveMeasure {
  name: string;
  duration: number;
  detail: unknown;
}

interface PageGlobals {
  /** The running measurement of one Ctrl+S. */
  __benchSaveTime?: Promise<number>;
  performance: { now(): number; getEntriesByType(type: string): SaveMeasure[] };
  document: { querySelector(selector: string): unknown; activeElement: unknown };
  requestAnimationFrame(callback: () => void): void;
  addEventListener(type: string, listener: () => void, options: object): void;
}

export async function run(): Promise<SummaryRow[]> {
  const world = await startEditorBenchWorld();
  try {
    const { page, services } = world.harness;
    await page.locator('lanes-app .shell').waitFor();
    const [id] = editableProcessIds(world, 1);
    const xml = generateProcessXml(`Bench_${SIZE}`, SIZE);
    await importIntoService(world, id!, xml);
    const target = { facet: 'processes', view: 'processList', id, culture: 1033 };
    const opened = await services.dispatch('editor.open', target);
    if (!opened.ok) throw new Error(`editor.open failed: ${JSON.stringify(opened.error)}`);
    const serverXml = (opened.value as { xml: string }).xml;

    const dispatchTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A different document each time, as after an edit.
      const edited = serverXml.replace('name="Step 1"', `name="Step 1 (${round})"`);
      const start = performance.now();
      const saved = await services.dispatch('editor.saveDraft', { ...target, xml: edited });
      dispatchTimes.push(performance.now() - start);
      if (!saved.ok) throw new Error(`editor.saveDraft failed: ${JSON.stringify(saved.error)}`);
    }
    await services.dispatch('editor.discardDraft', { id, culture: 1033 });

    await page.evaluate(
      (hash) => ((globalThis as unknown as { location: { hash: string } }).location.hash = hash),
      `#/edit/processes/processList/${id}`,
    );
    await page.evaluate(
      (imported) =>
        new Promise<void>((resolve) => {
          const g = globalThis as unknown as PageGlobals;
          const poll = (): void =>
            g.document.querySelector(imported) ? resolve() : g.requestAnimationFrame(poll);
          poll();
        }),
      IMPORTED,
    );
    const endToEnd: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // An edit through the UI: drag a task a little to the right. The editor opens a large diagram
      // fitted (tiny shapes), so first zoom in as a person would: Ctrl+wheel over the task in the middle.
      const taskId = await page.evaluate(() => {
        const g = globalThis as unknown as ShapeQuery;
        const canvas = g.document
          .querySelector('lanes-editor-tab:not([hidden]) .djs-container')!
          .getBoundingClientRect();
        const [cx, cy] = [canvas.left + canvas.width / 2, canvas.top + canvas.height / 2];
        let best: { id: string; distance: number } | null = null;
        for (const shape of g.document.querySelectorAll(
          'lanes-editor-tab:not([hidden]) g.djs-shape[data-element-id*="_task"]',
        )) {
          const r = shape.getBoundingClientRect();
          const distance = Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy);
          if (!best || distance < best.distance)
            best = { id: shape.getAttribute('data-element-id')!, distance };
        }
        return best?.id ?? null;
      });
      if (!taskId) throw new Error('no task on the canvas');
      const task = page.locator(`lanes-editor-tab:not([hidden]) g.djs-shape[data-element-id="${taskId}"]`);
      let box = await task.boundingBox();
      for (let zoomSteps = 0; box && box.width < 60 && zoomSteps < 40; zoomSteps++) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.keyboard.down('Control');
        await page.mouse.wheel(0, -300);
        await page.keyboard.up('Control');
        box = await task.boundingBox();
      }
      if (!box) throw new Error('the task is not on screen');
      // Each round drags the task back and forth, so it stays where the zoom put it.
      const dx = round % 2 === 0 ? 40 : -40;
      // Grab the task in its upper part: the flows of the benchmark's grid run through its middle.
      const [grabX, grabY] = [box.x + box.width / 2, box.y + box.height / 4];
      await page.mouse.move(grabX, grabY);
      await page.mouse.down();
      await page.mouse.move(grabX + dx, grabY, { steps: 8 });
      await page.mouse.up();
      await page.locator(DIRTY_TAB).waitFor();
      // Timed from the keydown itself (seen first, in the capture phase) to the tab's dirty marker going away.
      // The listener is in place before the key is pressed (awaited), or a fast press would be missed.
      await page.evaluate((dirtyTab) => {
        const g = globalThis as unknown as PageGlobals;
        g.__benchSaveTime = new Promise<number>((resolve) => {
          g.addEventListener(
            'keydown',
            () => {
              const start = g.performance.now();
              const poll = (): void => {
                if (!g.document.querySelector(dirtyTab)) resolve(g.performance.now() - start);
                else g.requestAnimationFrame(poll);
              };
              g.requestAnimationFrame(poll);
            },
            { capture: true, once: true },
          );
        });
      }, DIRTY_TAB);
      await page.keyboard.press('Control+s');
      endToEnd.push(await page.evaluate(() => (globalThis as unknown as PageGlobals).__benchSaveTime!));
    }

    const measures = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('lanes.save.'))
        .map((m) => ({ name: m.name, duration: m.duration, detail: m.detail })),
    );
    const of = (name: string): SaveMeasure[] => measures.filter((m) => m.name === name).slice(-ROUNDS);
    const sentChars = of('lanes.save.serialise').map((m) => Number(m.detail));

    console.log(`${SIZE} elements, ${serverXml.length.toLocaleString('en')} bytes of XML, rounds: ${ROUNDS}`);
    line('editor.saveDraft dispatch', dispatchTimes);
    line('Ctrl+S → tab no longer dirty (end to end)', endToEnd);
    line(
      '  of which saveXML in the renderer',
      of('lanes.save.serialise').map((m) => m.duration),
    );
    line(
      '  then, after the clean tab is painted: the request (IPC + main + commit)',
      of('lanes.save.request').map((m) => m.duration),
    );
    console.log(`  XML sent per save: ${median(sentChars).toLocaleString('en')} characters`);
    console.log(`ratio end to end / dispatch: ${(median(endToEnd) / median(dispatchTimes)).toFixed(2)}x`);
    return [
      {
        measure: `save a ${SIZE.toLocaleString('en')}-element draft: Ctrl+S → tab clean`,
        value: `${Math.round(median(endToEnd))} ms`,
        baseline: `saveXML ${Math.round(median(of('lanes.save.serialise').map((m) => m.duration)))} ms`,
        ratio: `${(median(endToEnd) / median(of('lanes.save.serialise').map((m) => m.duration))).toFixed(2)}×`,
        target: '≤ 1.2× saveXML',
      },
    ];
  } finally {
    await world.close();
  }
}

if (import.meta.main) await run();
