/**
 * One edit at a time on a 4,000-element process open in the editor, through
 * the UI with the mouse and keyboard: rename a task (double-click, type,
 * Enter: bpmn-js's direct editing) and move a task by dragging it. For each
 * edit, the main thread's long tasks (a `PerformanceObserver` for `longtask`,
 * i.e. tasks over 50 ms) from the first input until the page is quiet again:
 * the longest task and the total blocked time (the part of each long task
 * beyond 50 ms); for the drag also the frames (requestAnimationFrame
 * timestamps) between pressing and releasing the mouse.
 *
 * Baseline: a bare bpmn-js Modeler (no extra modules) on the same XML in the
 * same page, laid over the app (the app's editor tab is hidden meanwhile),
 * fitted and zoomed in the same way, edited by the very same mouse and
 * keyboard steps. Its bundle is built by this benchmark into a temp folder the
 * harness serves under /bench/. Needs a build (`npm run build`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  editableProcessIds,
  generateProcessXml,
  importIntoService,
  startEditorBenchWorld,
  type BenchPage,
  buildBareBpmnScript,
} from './editor-world.ts';
import { type SummaryRow } from './summary.ts';
import { report, TASK_BUDGET_MS, type DragSample, type EditSample } from './edit-report.ts';

const SIZE = 4000;
const ROUNDS = 8;
/** Mouse moves per drag, one about every frame, 2 px each. */
const DRAG_STEPS = 30;
const APP_SCOPE = 'lanes-editor-tab:not([hidden])';
const BARE_SCOPE = '#bench-bare';
const IMPORTED = `${APP_SCOPE} [data-testid=editor-tab-panel][data-phase=ready]`;

/** The Playwright page, as far as this benchmark drives it. */
interface EditPage extends BenchPage {
  mouse: BenchPage['mouse'] & { dblclick(x: number, y: number): Promise<void> };
  keyboard: BenchPage['keyboard'] & { type(text: string): Promise<void> };
  locator(selector: string): ReturnType<BenchPage['locator']> & {
    waitFor(options?: { state?: 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  };
}

/** The little of the browser the in-page probe and shape search use (no DOM library here). */
interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface EditProbe {
  longTasks: { start: number; end: number }[];
  frames: number[];
  recording: boolean;
}
interface PageGlobals {
  __benchEditProbe?: EditProbe;
  __bareOpen(xml: string): Promise<void>;
  location: { hash: string };
  performance: { now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
  setTimeout(callback: () => void, ms: number): unknown;
  PerformanceObserver: new (
    callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
  document: {
    querySelector(selector: string): { getBoundingClientRect(): Rect } | null;
    querySelectorAll(
      selector: string,
    ): Iterable<{ getBoundingClientRect(): Rect; getAttribute(name: string): string | null }>;
  };
}

async function buildBareBundle(outDir: string): Promise<void> {
  await buildBareBpmnScript(
    `
        import Modeler from 'bpmn-js/lib/Modeler';
        globalThis.__bareOpen = async (xml) => {
          const container = document.createElement('div');
          container.id = 'bench-bare';
          Object.assign(container.style, {
            position: 'fixed', left: '0', top: '0', width: '100vw', height: '100vh',
            zIndex: '2147483647', background: 'white',
          });
          document.body.append(container);
          const modeler = new Modeler({ container });
          await modeler.importXML(xml);
          modeler.get('canvas').zoom('fit-viewport');
        };`,
    join(outDir, 'bare-bpmn-edit.js'),
  );
}

/** Long tasks (buffered, so none is missed) and, while recording, animation-frame timestamps. */
async function installProbe(page: EditPage): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    if (g.__benchEditProbe) return;
    const probe: EditProbe = { longTasks: [], frames: [], recording: false };
    new g.PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        probe.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    g.__benchEditProbe = probe;
  });
}

const now = (page: EditPage): Promise<number> =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).performance.now());

async function startFrames(page: EditPage): Promise<void> {
  await page.evaluate(() => {
    const probe = (globalThis as unknown as PageGlobals).__benchEditProbe!;
    probe.frames = [];
    probe.recording = true;
    const frame = (time: number): void => {
      if (!probe.recording) return;
      probe.frames.push(time);
      (globalThis as unknown as PageGlobals).requestAnimationFrame(frame);
    };
    (globalThis as unknown as PageGlobals).requestAnimationFrame(frame);
  });
}

async function stopFrames(page: EditPage): Promise<number[]> {
  return page.evaluate(() => {
    const probe = (globalThis as unknown as PageGlobals).__benchEditProbe!;
    probe.recording = false;
    return probe.frames;
  });
}

/**
 * Waits until the page is quiet (two frames, then 500 ms without a long task,
 * so debounced work an edit starts is counted too) and returns the long tasks
 * that began at or after `since`.
 */
async function settle(page: EditPage, since: number): Promise<{ start: number; end: number }[]> {
  return page.evaluate(
    (from) =>
      new Promise<{ start: number; end: number }[]>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        const probe = g.__benchEditProbe!;
        const quietFrom = (): number =>
          Math.max(0, ...probe.longTasks.filter((t) => t.start >= from).map((t) => t.end));
        const check = (): void => {
          if (g.performance.now() - Math.max(quietFrom(), checkStart) >= 500)
            resolve(probe.longTasks.filter((t) => t.start >= from));
          else g.setTimeout(check, 100);
        };
        let checkStart = 0;
        g.requestAnimationFrame(() =>
          g.requestAnimationFrame(() => {
            checkStart = g.performance.now();
            check();
          }),
        );
      }),
    since,
  );
}

/** The task nearest the middle of the canvas in `scope`, zoomed in (Ctrl+wheel) until it is legible. */
async function taskInView(page: EditPage, scope: string): Promise<string> {
  const taskId = await page.evaluate((within) => {
    const g = globalThis as unknown as PageGlobals;
    const canvas = g.document.querySelector(`${within} .djs-container`)!.getBoundingClientRect();
    const [cx, cy] = [canvas.left + canvas.width / 2, canvas.top + canvas.height / 2];
    let best: { id: string; distance: number } | null = null;
    for (const shape of g.document.querySelectorAll(`${within} g.djs-shape[data-element-id*="_task"]`)) {
      const r = shape.getBoundingClientRect();
      const distance = Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy);
      if (!best || distance < best.distance) best = { id: shape.getAttribute('data-element-id')!, distance };
    }
    return best?.id ?? null;
  }, scope);
  if (!taskId) throw new Error(`no task on the canvas in ${scope}`);
  let box = await page.locator(shapeSelector(scope, taskId)).boundingBox();
  for (let zoomSteps = 0; box && box.width < 60 && zoomSteps < 40; zoomSteps++) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    box = await page.locator(shapeSelector(scope, taskId)).boundingBox();
  }
  if (!box) throw new Error(`the task ${taskId} is not on screen`);
  return taskId;
}

const shapeSelector = (scope: string, id: string): string => `${scope} g.djs-shape[data-element-id="${id}"]`;

/** A point in the task's upper part: the benchmark grid's flows run through its middle. */
async function grabPoint(page: EditPage, scope: string, id: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(shapeSelector(scope, id)).boundingBox();
  if (!box) throw new Error(`the task ${id} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 4 };
}

function sampleOf(tasks: { start: number; end: number }[]): EditSample {
  const durations = tasks.map((t) => t.end - t.start);
  return {
    longest: Math.max(0, ...durations),
    blocked: durations.reduce((sum, d) => sum + Math.max(0, d - TASK_BUDGET_MS), 0),
    tasks: durations.length,
  };
}

async function rename(page: EditPage, scope: string, id: string, name: string): Promise<EditSample> {
  const at = await grabPoint(page, scope, id);
  const since = await now(page);
  await page.mouse.dblclick(at.x, at.y);
  const editing = page.locator(`${scope} .djs-direct-editing-parent`);
  await editing.waitFor();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await editing.waitFor({ state: 'hidden' });
  return sampleOf(await settle(page, since));
}

async function drag(page: EditPage, scope: string, id: string, direction: number): Promise<DragSample> {
  const at = await grabPoint(page, scope, id);
  await page.mouse.move(at.x, at.y);
  const since = await now(page);
  await startFrames(page);
  await page.mouse.down();
  for (let step = 1; step <= DRAG_STEPS; step++) {
    await page.mouse.move(at.x + direction * 2 * step, at.y);
    await sleep(16);
  }
  const frames = await stopFrames(page);
  await page.mouse.up();
  const sample = sampleOf(await settle(page, since));
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  const span = frames.length > 1 ? frames.at(-1)! - frames[0]! : 0;
  const longestFrame = Math.max(0, ...gaps);
  const longestIndex = gaps.indexOf(longestFrame);
  return {
    ...sample,
    fps: span > 0 ? (gaps.length * 1000) / span : 0,
    longestFrame,
    fpsWithoutLongest: span - longestFrame > 0 ? ((gaps.length - 1) * 1000) / (span - longestFrame) : 0,
    longestFrameAt: longestIndex >= 0 ? frames[longestIndex]! - frames[0]! : 0,
  };
}

/** Alternating renames and drags of one task near the middle, `ROUNDS` of each. */
async function measureEdits(
  page: EditPage,
  scope: string,
): Promise<{ renames: EditSample[]; drags: DragSample[] }> {
  await installProbe(page);
  const id = await taskInView(page, scope);
  await settle(page, await now(page));
  const renames: EditSample[] = [];
  const drags: DragSample[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    renames.push(await rename(page, scope, id, `Renamed ${round + 1}`));
    // Back and forth, so the task stays where the zoom put it.
    drags.push(await drag(page, scope, id, round % 2 === 0 ? 1 : -1));
  }
  return { renames, drags };
}

export async function run(): Promise<SummaryRow[]> {
  const bundleDir = mkdtempSync(join(tmpdir(), 'lanes-bench-bare-edit-'));
  await buildBareBundle(bundleDir);
  const world = await startEditorBenchWorld({ '/bench/': bundleDir });
  try {
    const page = world.harness.page as EditPage;
    const { services } = world.harness;
    await page.locator('lanes-app .shell').waitFor();
    const [id] = editableProcessIds(world, 1);
    await importIntoService(world, id!, generateProcessXml(`Bench_${SIZE}`, SIZE));
    const opened = await services.dispatch('editor.open', {
      facet: 'processes',
      view: 'processList',
      id,
      culture: 1033,
    });
    if (!opened.ok) throw new Error(`editor.open failed: ${JSON.stringify(opened.error)}`);
    const xml = (opened.value as { xml: string }).xml;

    await page.evaluate(
      (hash) => ((globalThis as unknown as PageGlobals).location.hash = hash),
      `#/edit/processes/processList/${id}`,
    );
    await page.locator(IMPORTED).waitFor({ timeout: 120_000 });
    const app = await measureEdits(page, APP_SCOPE);

    // The app's editor tab hidden (its Modeler idle), the bare Modeler over the whole page.
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/'));
    await page.addScriptTag({ url: '/bench/bare-bpmn-edit.js' });
    await page.evaluate((source) => (globalThis as unknown as PageGlobals).__bareOpen(source), xml);
    const bare = await measureEdits(page, BARE_SCOPE);

    console.log(
      `${SIZE} elements (${xml.length.toLocaleString('en')} bytes of XML), ${ROUNDS} renames and ${ROUNDS} drags each, ` +
        `through the mouse and keyboard (double-click + type + Enter; press, ${DRAG_STEPS} moves of 2 px about a frame apart, release)`,
    );
    return report(app, bare, SIZE);
  } finally {
    await world.close();
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
