import { test } from 'node:test';
import assert from 'node:assert/strict';
import { READABLE_ZOOM, viewFor, type ViewInput } from './open-view.ts';

/** 1280×800 with navigation and properties panel open: the canvas is about 760 × 520 px. */
const canvas = { width: 760, height: 520 };
const base: Omit<ViewInput, 'inner' | 'readable'> = { client: canvas, paletteRight: 110, margin: 24 };
const scaleOf = (view: { width: number }) => canvas.width / view.width;

test('a diagram that fits at 100 % opens at 100 %, centred right of the palette', () => {
  const inner = { x: 100, y: 50, width: 500, height: 200 };
  const view = viewFor({ ...base, inner, readable: true });
  assert.equal(scaleOf(view), 1);
  const left = (inner.x - view.x) * scaleOf(view);
  assert.ok(left >= base.paletteRight + base.margin, `clear of the palette: ${left}`);
});

test('a diagram a little too large opens fitted; one much too large opens readable, from its start', () => {
  const slightly = viewFor({ ...base, inner: { x: 0, y: 0, width: 650, height: 200 }, readable: true });
  assert.ok(scaleOf(slightly) > READABLE_ZOOM && scaleOf(slightly) < 1);
  const inner = { x: 100, y: 50, width: 2400, height: 300 };
  const wide = viewFor({ ...base, inner, readable: true });
  assert.equal(scaleOf(wide), READABLE_ZOOM, 'labels stay at about 10 px');
  assert.equal(
    Math.round((inner.x - wide.x) * scaleOf(wide)),
    base.paletteRight + base.margin,
    'its start is shown',
  );
});

test('"Fit diagram" shows the whole diagram, however small', () => {
  const inner = { x: 0, y: 0, width: 2400, height: 300 };
  const view = viewFor({ ...base, inner, readable: false });
  assert.ok(scaleOf(view) < READABLE_ZOOM);
  const right = (inner.x + inner.width - view.x) * scaleOf(view);
  assert.ok(right <= canvas.width - base.margin + 0.01, `all of it: ${right}`);
});
