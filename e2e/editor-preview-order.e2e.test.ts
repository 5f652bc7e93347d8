/**
 * The cached rendering shows before the editor on a 4,000-element process:
 * asked for first, painted in a frame of its own before bpmn-js's import takes
 * the page, and gone once the editor has the diagram. The order is what is
 * asserted (frames the page really produced), not how long anything took: the
 * first open (the rendering's SVG) and a later one (the picture the renderer
 * kept of it, renderer/modeler/canvas/cached-preview.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoWorld, type DemoWorld } from './harness/demo-world.ts';
import { generateProcessXml } from './harness/large-process.ts';

const SIZE = 4000;
let world: DemoWorld;
let id: string;

before(async () => {
  world = await startDemoWorld();
  id = (
    world.emulator.db
      .prepare(
        "SELECT id FROM elements WHERE is_current = 1 AND type = 'process' AND state = 'inProcess' ORDER BY ord",
      )
      .all() as { id: string }[]
  )[0]!.id;
  const c = world.emulator.config;
  const url = `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/v1/bpmn/${id}?lcid=1033&svc-auth-token=${c.bpmnToken}`;
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: generateProcessXml('Order_4000', SIZE),
  });
  assert.ok(answer.ok, `the service imported the generated process: ${answer.status}`);
  // Seen once online: the export and the rendering the preview shows are cached.
  const { dispatch } = world.harness.services;
  const target = { facet: 'processes', view: 'processList', id, culture: 1033 };
  assert.ok((await dispatch('editor.open', target)).ok);
  assert.ok((await dispatch('workspace.diagram', { id, layout: 'detailed', culture: 1033 })).ok);
});
after(async () => {
  await world.close();
});

interface Order {
  /** What the preview was drawn as: 'svg' or 'img'; null if it never appeared. */
  previewKind: string | null;
  /** Frames painted with the preview in the page before the editor was ready. */
  previewFrames: number;
  /** The preview was in the page when the editor's canvas first held the diagram's shapes. */
  previewBeforeShapes: boolean;
  ready: boolean;
  /** The preview is gone once the editor is ready. */
  previewLeft: boolean;
}

/** Opens the process from a fresh page and records, frame by frame, what the page showed. */
async function openAndWatch(): Promise<Order> {
  const { page } = world.harness;
  await page.evaluate(() => (location.hash = '#/'));
  await page.reload();
  await page.locator('lanes-app .shell').waitFor();
  return page.evaluate(
    (hash) =>
      new Promise<Order>((resolve, reject) => {
        const order: Order = {
          previewKind: null,
          previewFrames: 0,
          previewBeforeShapes: false,
          ready: false,
          previewLeft: false,
        };
        const preview = (): Element | null =>
          document.querySelector('[data-testid=editor-preview] :is(svg, img)');
        const shapes = (): boolean => !!document.querySelector('lanes-editor-tab .editor-canvas g.djs-shape');
        let sawShapes = false;
        // Shapes enter the canvas during the import (no frame is painted then): watched as they come.
        const watcher = new MutationObserver(() => {
          if (!sawShapes && shapes()) {
            sawShapes = true;
            order.previewBeforeShapes = preview() !== null || order.previewFrames > 0;
          }
        });
        watcher.observe(document.body, { childList: true, subtree: true });
        const giveUp = performance.now() + 120_000;
        const frame = (): void => {
          const shown = preview();
          const ready = !!document.querySelector(
            'lanes-editor-tab:not([hidden]) [data-testid=editor-tab-panel][data-phase=ready]',
          );
          if (shown && !ready) {
            order.previewKind ??= shown.localName;
            order.previewFrames++;
          }
          if (ready) {
            watcher.disconnect();
            order.ready = true;
            order.previewLeft = preview() === null;
            resolve(order);
          } else if (performance.now() > giveUp) reject(new Error('the editor was not ready after 120 s'));
          else requestAnimationFrame(frame);
        };
        location.hash = hash;
        requestAnimationFrame(frame);
      }),
    `#/edit/processes/processList/${id}`,
  );
}

test('the cached rendering is painted before the editor imports, first as SVG, then as the picture kept of it', async () => {
  // Offline: the document and the rendering both come from the cache.
  world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
  try {
    const first = await openAndWatch();
    assert.deepEqual(first, {
      previewKind: 'svg',
      previewFrames: first.previewFrames,
      previewBeforeShapes: true,
      ready: true,
      previewLeft: true,
    });
    assert.ok(first.previewFrames >= 1, 'a frame showed the preview before the editor was ready');

    // In idle time after that open, the renderer kept a picture of the rendering.
    let pictured = false;
    for (let tries = 0; tries < 200 && !pictured; tries++) {
      const preview = await world.harness.services.dispatch('editor.preview', { id, culture: 1033 });
      pictured = preview.ok && !!(preview.value as { raster: unknown }).raster;
      if (!pictured) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(pictured, 'main keeps the picture the renderer drew');

    const later = await openAndWatch();
    assert.equal(later.previewKind, 'img', 'the next preview is the picture');
    assert.ok(later.previewFrames >= 1, 'a frame showed the picture before the editor was ready');
    assert.ok(later.previewBeforeShapes, 'the picture was there before the import drew anything');
    assert.ok(later.previewLeft, 'the picture leaves once the editor has the diagram');
  } finally {
    world.emulator.faults.clear();
  }
  assert.deepEqual(world.harness.pageErrors, []);
});
