import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitViewbox, focusViewbox, LOGO_STRIP, scaleOf, startViewbox, union } from './diff-viewport.ts';

const pane = { width: 520, height: 300 };
/** Where a diagram box lands in the pane's pixels under a viewbox. */
function onScreen(
  box: { x: number; y: number; width: number; height: number },
  view: ReturnType<typeof fitViewbox>,
) {
  const scale = scaleOf(view, pane);
  return {
    x: (box.x - view.x) * scale,
    y: (box.y - view.y) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

test('fitting shows the whole diagram inside the pane and keeps the logo strip at the bottom free', () => {
  const diagram = { x: 100, y: 50, width: 1500, height: 300 };
  const view = fitViewbox(diagram, pane);
  const seen = onScreen(diagram, view);
  assert.ok(seen.x >= 0 && seen.x + seen.width <= pane.width + 0.01, JSON.stringify(seen));
  assert.ok(seen.y >= 0 && seen.y + seen.height <= pane.height - LOGO_STRIP + 0.01, JSON.stringify(seen));
  assert.ok(Math.abs(view.width / view.height - pane.width / pane.height) < 1e-9, 'the pane’s aspect ratio');
});

test('focusing draws the element at 100 %, centred above the logo strip', () => {
  const task = { x: 900, y: 200, width: 100, height: 80 };
  const view = focusViewbox(task, pane);
  assert.equal(scaleOf(view, pane), 1);
  const seen = onScreen(task, view);
  assert.ok(Math.abs(seen.x + seen.width / 2 - pane.width / 2) < 0.01);
  assert.ok(Math.abs(seen.y + seen.height / 2 - (pane.height - LOGO_STRIP) / 2) < 0.01);
});

test('an element larger than the pane is shown whole, smaller', () => {
  const pool = { x: 0, y: 0, width: 2000, height: 600 };
  const view = focusViewbox(pool, pane);
  const seen = onScreen(pool, view);
  assert.ok(scaleOf(view, pane) < 1);
  assert.ok(seen.x >= 0 && seen.x + seen.width <= pane.width + 0.01);
  assert.ok(seen.y >= 0 && seen.y + seen.height <= pane.height - LOGO_STRIP + 0.01);
});

test('union of boxes', () => {
  assert.equal(union([]), null);
  assert.deepEqual(
    union([
      { x: 0, y: 10, width: 5, height: 5 },
      { x: -5, y: 0, width: 5, height: 5 },
    ]),
    {
      x: -5,
      y: 0,
      width: 10,
      height: 15,
    },
  );
});

test('a diagram too large to read whole starts at its left edge at 100 %', () => {
  const diagram = { x: 100, y: 50, width: 4000, height: 200 };
  const view = startViewbox(diagram, pane);
  assert.equal(scaleOf(view, pane), 1);
  const seen = onScreen(diagram, view);
  assert.ok(seen.x > 0 && seen.x < 40, JSON.stringify(seen));
  assert.ok(seen.y >= 0 && seen.y + seen.height <= pane.height - LOGO_STRIP, JSON.stringify(seen));
});
