/**
 * The Diagram tab paints the picture main keeps of a rendering first and the
 * interactive SVG after: the first visit shows the SVG and leaves a picture
 * of it behind (drawn in idle time); a later visit paints that picture in a
 * frame of its own, as large and where the SVG will be, and the SVG replaces
 * it, clickable. What was done on the picture meanwhile carries over: a zoom,
 * a scroll, and a click on a shape (opened once the SVG is in place). Asserted are the
 * frames the page really produced and what they showed, never how long
 * anything took. Screenshots of the picture and of the SVG, light and dark:
 * `diagram-tab-picture-*` and `diagram-tab-svg-*`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoProcesses, startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { saveScreenshot } from './harness/screenshots.ts';
import { useLanguage } from './harness/looks.ts';

let world: DemoWorld;
let id: string;

before(async () => {
  world = await startDemoWorld();
  // The demo's largest diagram.
  id = demoProcesses(world.emulator).sort((a, b) => b.shapes - a.shapes)[0]!.id;
});
after(async () => {
  await world.close();
});

const CANVAS = '[data-testid=diagram-canvas]';

interface Frames {
  /** What each frame showed in the canvas, in order: 'img' (the picture), 'svg', or '' (nothing yet). */
  shown: string[];
  /** The picture's box in its last frame and the SVG's in its first: the swap does not move anything. */
  pictureBox: { x: number; y: number; width: number; height: number } | null;
  svgBox: { x: number; y: number; width: number; height: number } | null;
}

/** Opens the element page afresh and records, frame by frame from the tab's click, what the canvas showed. */
async function visitAndWatch(): Promise<Frames> {
  const { page } = world.harness;
  await page.evaluate((hash) => (location.hash = hash), '#/');
  await page.reload();
  await page.locator('lanes-app .shell').waitFor();
  await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
  await page.locator(`[data-testid=element-page][data-element-id="${id}"] [data-tab=diagram]`).waitFor();
  return page.evaluate(
    (canvas) =>
      new Promise<Frames>((resolve, reject) => {
        const frames: Frames = { shown: [], pictureBox: null, svgBox: null };
        const box = (element: Element): Frames['svgBox'] => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        };
        let after = 0;
        const giveUp = performance.now() + 60_000;
        const frame = (): void => {
          const shown = document.querySelector(`${canvas} > :is(svg, img)`);
          frames.shown.push(shown?.localName ?? '');
          if (shown?.localName === 'img') frames.pictureBox = box(shown);
          if (shown?.localName === 'svg') frames.svgBox ??= box(shown);
          // A few frames more after the SVG came: nothing else takes its place.
          if (shown?.localName === 'svg' && ++after > 3) resolve(frames);
          else if (performance.now() > giveUp) reject(new Error(`no SVG after 60 s: ${frames.shown.join()}`));
          else requestAnimationFrame(frame);
        };
        document.querySelector<HTMLElement>('[data-tab=diagram]')!.click();
        requestAnimationFrame(frame);
      }),
    CANVAS,
  );
}

/** The picture main keeps for the Diagram tab's first layout, if any (and the rendering it is of). */
async function keptPicture(): Promise<{ fetchedAt: string } | null> {
  const answer = await world.harness.services.dispatch('workspace.diagramPicture', {
    id,
    layout: 'horizontal',
    culture: 1033,
  });
  assert.ok(answer.ok);
  return answer.value as { fetchedAt: string } | null;
}

async function until<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  for (let tries = 0; tries < 300; tries++) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`never happened: ${what}`);
}

/** Frames as runs: ['', '', 'img', 'img', 'svg'] → ['', 'img', 'svg']. */
function runs(shown: string[]): string[] {
  return shown.filter((kind, index) => kind !== shown[index - 1]);
}

/** The tab open on its picture, with the service slow to send the rendering: the picture stays a while. */
async function openOnPicture(): Promise<void> {
  const { page } = world.harness;
  await until(keptPicture, 'main keeps a picture of the rendering');
  await page.evaluate((hash) => (location.hash = hash), '#/');
  await page.reload();
  await page.locator('lanes-app .shell').waitFor();
  await page.evaluate((hash) => (location.hash = hash), `#/element/processes/processList/${id}`);
  await page.locator(`[data-element-id="${id}"] [data-tab=diagram]`).click();
  await page.locator(`${CANVAS}[data-shown=picture][aria-busy=true] > img[data-zoom=fit]`).waitFor();
}

/** Runs `body` with the service answering renders `latencyMs` late. */
async function withSlowRenders<T>(latencyMs: number, body: () => Promise<T>): Promise<T> {
  const slow = world.emulator.faults.add({ route: '*/render/*', latencyMs }).id;
  try {
    return await body();
  } finally {
    world.emulator.faults.remove(slow);
  }
}

/** `NAME-light.png` and `NAME-dark.png` of the page as it is; ends light. */
async function screenshotBothSchemes(name: string): Promise<void> {
  const { page } = world.harness;
  try {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, `${name}-${scheme}`);
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

let shape: { id: string; x: number; y: number };

test('a first visit shows the SVG and keeps a picture of it for the next', async () => {
  assert.equal(await keptPicture(), null, 'no picture yet');
  const first = await visitAndWatch();
  assert.deepEqual(runs(first.shown).at(-1), 'svg');
  assert.ok(!first.shown.includes('img'), `no picture was kept, none is shown: ${runs(first.shown).join()}`);
  // Where a shape is in the fitted diagram: the picture will be clicked there.
  const { page } = world.harness;
  const target = page.locator(`${CANVAS} svg [data-pz-guid]`).nth(2);
  const [canvasBox, shapeBox] = [await page.locator(CANVAS).boundingBox(), await target.boundingBox()];
  assert.ok(canvasBox && shapeBox);
  shape = {
    id: (await target.getAttribute('data-pz-guid'))!,
    x: shapeBox.x - canvasBox.x + shapeBox.width / 2,
    y: shapeBox.y - canvasBox.y + shapeBox.height / 2,
  };
  // Drawn in idle time after the SVG was shown, and given to main.
  await until(keptPicture, 'main keeps the picture the tab drew');
  assert.deepEqual(world.harness.pageErrors, []);
});

test('a later visit paints the picture first, then the SVG in its place, where and as large as the picture', async () => {
  const kept = await keptPicture();
  // The service answers the rendering after the picture came from the cache (as a real one does for a
  // large diagram): the order does not depend on which of the two a busy machine happens to finish first.
  const later = await withSlowRenders(300, visitAndWatch);
  const order = runs(later.shown).filter(Boolean);
  assert.deepEqual(order, ['img', 'svg'], `frames showed: ${runs(later.shown).join()}`);
  assert.ok(later.pictureBox && later.svgBox);
  for (const side of ['x', 'y', 'width', 'height'] as const)
    assert.ok(
      Math.abs(later.pictureBox[side] - later.svgBox[side]) <= 1,
      `the swap moved nothing: ${JSON.stringify(later)}`,
    );
  const { page } = world.harness;
  assert.equal(
    await page.locator(`${CANVAS}[data-shown=svg][aria-busy=false] > svg[data-zoom=fit]`).count(),
    1,
  );
  // Online, the visit fetched the rendering anew: its picture went with the old one and is drawn again.
  const again = await until(
    async () => ((await keptPicture())?.fetchedAt !== kept?.fetchedAt ? await keptPicture() : null),
    'a picture of the rendering fetched anew',
  );
  assert.notEqual(again.fetchedAt, kept?.fetchedAt);
  // The SVG is the interactive one: a shape opens its element.
  await page.locator(`${CANVAS} svg [data-pz-guid="${shape.id}"]`).click();
  await page.locator(`[data-testid=element-page][data-element-id="${shape.id}"]`).waitFor();
  assert.deepEqual(world.harness.pageErrors, []);
});

test('a zoom and a scroll on the picture carry over to the SVG; the picture looks as the SVG does, light and dark', async () => {
  const { page } = world.harness;
  // Long enough for two screenshots with their audits on a loaded machine before the SVG arrives.
  await withSlowRenders(8000, async () => {
    await openOnPicture();
    await screenshotBothSchemes('diagram-tab-picture');
    const fitted = (await page.locator(`${CANVAS} > img`).boundingBox())!;
    await page.getByTestId('diagram-zoom-in').click();
    const zoomedPicture = page.locator(`${CANVAS} > img:not([data-zoom=fit])`);
    await zoomedPicture.waitFor();
    const zoom = await zoomedPicture.getAttribute('data-zoom');
    // Zoomed in, the picture is wider than its frame: scrolled along, as a user pans.
    const scrolled = await page.locator(CANVAS).evaluate((canvas) => {
      canvas.scrollLeft = 100;
      return canvas.scrollLeft;
    });
    assert.equal(scrolled, 100, 'the zoomed picture scrolls');
    const svg = page.locator(`${CANVAS}[data-shown=svg] > svg`);
    await svg.waitFor({ timeout: 30_000 });
    assert.equal(await svg.getAttribute('data-zoom'), zoom, 'the SVG came at the zoom chosen on the picture');
    assert.equal(
      await page.locator(CANVAS).evaluate((canvas) => canvas.scrollLeft),
      100,
      'and scrolled as it was',
    );
    const zoomed = (await svg.boundingBox())!;
    assert.ok(Math.abs(zoomed.width - fitted.width * 1.25) <= 2, `${zoomed.width} vs ${fitted.width} × 1.25`);
    await page.getByTestId('diagram-zoom-fit').click();
    await page.locator(`${CANVAS} > svg[data-zoom=fit]`).waitFor();
    await screenshotBothSchemes('diagram-tab-svg');
    // The tab's controls in German too (the interface language is not the content culture: the diagram stays).
    await useLanguage(world, 'de');
    try {
      await page.locator(`${CANVAS} > svg[data-zoom=fit]`).waitFor();
      await screenshotBothSchemes('diagram-tab-svg-de');
    } finally {
      await useLanguage(world, 'en');
    }
  });
  assert.deepEqual(world.harness.pageErrors, []);
});

test('a click on a shape of the picture opens it once the SVG is in place', async () => {
  const { page } = world.harness;
  await withSlowRenders(2500, async () => {
    await openOnPicture();
    await page.locator(CANVAS).click({ position: { x: shape.x, y: shape.y } });
    assert.equal(await page.locator(`${CANVAS}[data-shown=picture]`).count(), 1, 'still the picture');
    await page
      .locator(`[data-testid=element-page][data-element-id="${shape.id}"]`)
      .waitFor({ timeout: 30_000 });
  });
  assert.deepEqual(world.harness.pageErrors, []);
});
