import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  READABLE_ZOOM,
  beyondView,
  initialView,
  sameView,
  uncovered,
  viewFor,
  wholeZoom,
  type ViewInput,
} from './open-view.ts';

/** 1280×800 with navigation and properties panel open: the canvas is about 760 × 630 px. */
const canvas = { width: 760, height: 630 };
const palette = { ...uncovered, left: 110 };
const base: Omit<ViewInput, 'inner'> = { client: canvas, covered: palette, margin: 24 };
const scaleOf = (view: { width: number }) => canvas.width / view.width;
/** Where a diagram point lands on the canvas, in pixels. */
const onScreen = (view: { x: number; y: number; width: number }, x: number, y: number) => ({
  x: (x - view.x) * scaleOf(view),
  y: (y - view.y) * scaleOf(view),
});

test('readable is labels of 9 px: bpmn-js writes them at 11 px', () => {
  assert.equal(Math.round(11 * READABLE_ZOOM), 9);
  assert.ok(READABLE_ZOOM > 0.8 && READABLE_ZOOM < 0.83);
});

test('a diagram that fits at 100 % opens at 100 %, centred right of the palette', () => {
  const inner = { x: 100, y: 50, width: 500, height: 200 };
  const view = viewFor({ ...base, inner, mode: 'readable' });
  assert.equal(scaleOf(view), 1);
  assert.ok(onScreen(view, inner.x, 0).x >= palette.left + base.margin, 'clear of the palette');
});

test('a five-step process that fits at 85 % opens whole at 85 %, nothing past the canvas’s edge', () => {
  // The case: it opened at 91 % (the old readable floor), its end event cut off.
  const area = canvas.width - palette.left - 2 * base.margin;
  const inner = { x: 150, y: 80, width: area / 0.85, height: 200 };
  const view = viewFor({ ...base, inner, mode: 'readable' });
  assert.ok(Math.abs(scaleOf(view) - 0.85) < 1e-9, `at ${scaleOf(view)}`);
  const start = onScreen(view, inner.x, inner.y);
  const end = onScreen(view, inner.x + inner.width, inner.y + inner.height);
  assert.ok(start.x >= palette.left + base.margin - 1e-6, `left of it clear of the palette: ${start.x}`);
  assert.ok(end.x <= canvas.width - base.margin + 1e-6, `its end inside: ${end.x}`);
  assert.deepEqual(beyondView(view, { client: canvas, inner, covered: palette }), {
    left: false,
    top: false,
    right: false,
    bottom: false,
  });
});

test('banners over the top edge are left free', () => {
  const inner = { x: 0, y: 0, width: 400, height: 560 };
  const covered = { ...palette, top: 60 };
  const view = viewFor({ ...base, covered, inner, mode: 'readable' });
  assert.ok(onScreen(view, 0, inner.y).y >= 60 + base.margin - 1e-6, 'below the banners');
  assert.ok(onScreen(view, 0, inner.y + inner.height).y <= canvas.height - base.margin + 1e-6);
});

test('a diagram much too large opens readable from its start, and its right edge says there is more', () => {
  const inner = { x: 100, y: 50, width: 2400, height: 300 };
  const wide = viewFor({ ...base, inner, mode: 'readable' });
  assert.equal(scaleOf(wide), READABLE_ZOOM, 'labels stay at 9 px');
  assert.equal(Math.round(onScreen(wide, inner.x, 0).x), palette.left + base.margin, 'its start is shown');
  assert.deepEqual(beyondView(wide, { client: canvas, inner, covered: palette }), {
    left: false,
    top: false,
    right: true,
    bottom: false,
  });
  assert.ok(wholeZoom({ ...base, inner }) < READABLE_ZOOM, 'whole, it would be too small to read');
});

test('"Whole diagram" shows all of it, however small, and no edge has more', () => {
  const inner = { x: 0, y: 0, width: 2400, height: 300 };
  const view = viewFor({ ...base, inner, mode: 'whole' });
  assert.ok(Math.abs(scaleOf(view) - wholeZoom({ ...base, inner })) < 1e-9);
  assert.ok(scaleOf(view) < READABLE_ZOOM);
  const right = onScreen(view, inner.x + inner.width, 0).x;
  assert.ok(right <= canvas.width - base.margin + 0.01, `all of it: ${right}`);
  assert.ok(!beyondView(view, { client: canvas, inner, covered: palette }).right);
});

test('views are the same for the toolbar when what it shows is', () => {
  assert.ok(sameView({ ...initialView, zoom: 0.8501 }, { ...initialView, zoom: 0.8502 }));
  assert.ok(!sameView({ ...initialView, zoom: 0.85 }, { ...initialView, zoom: 0.9 }));
  assert.ok(!sameView({ ...initialView, beyond: { ...initialView.beyond, right: true } }, initialView));
  assert.ok(!sameView(initialView, undefined));
});

test('the margin gives way before readability: a diagram that fits at 82 % only without it is whole at 82 %', () => {
  const room = canvas.width - palette.left;
  const inner = { x: 0, y: 0, width: (room - 20) / READABLE_ZOOM, height: 200 };
  assert.equal(wholeZoom({ ...base, inner }), READABLE_ZOOM);
  for (const mode of ['readable', 'whole'] as const) {
    const view = viewFor({ ...base, inner, mode });
    assert.equal(scaleOf(view), READABLE_ZOOM, mode);
    assert.ok(onScreen(view, 0, 0).x >= palette.left, `${mode}: clear of the palette`);
    assert.ok(onScreen(view, inner.width, 0).x <= canvas.width + 1e-6, `${mode}: its end inside`);
    assert.ok(!beyondView(view, { client: canvas, inner, covered: palette }).right);
  }
});
