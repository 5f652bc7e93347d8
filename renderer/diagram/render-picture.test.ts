import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RASTER_LIMITS } from '../../shared/domain/workspace.ts';
import { addRootFont, drawingOf } from './render-picture.ts';
import { scaledSize } from './diagram-zoom.ts';

test("the Diagram tab's picture is the whole diagram in the SVG's box, placed as the SVG places its viewBox", () => {
  // 11,498 × 350 fitted at 1,028 px: the box is 1,028 × 31 (rounded), so the SVG draws its viewBox at
  // 31/350, centred across: the picture does the same, and does not stretch the diagram to fill the box.
  const natural = { width: 11498, height: 350 };
  const box = scaledSize(natural, 1028 / 11498);
  assert.deepEqual(box, { width: 1028, height: 31 });
  const drawing = drawingOf({ box }, natural, 1);
  assert.equal(drawing.width, 1028);
  assert.equal(drawing.height, 31);
  const [x, y, width, height] = drawing.at;
  assert.ok(Math.abs(y) < 1e-9);
  assert.ok(Math.abs(height - 31) < 1e-9);
  assert.ok(Math.abs(width - (11498 * 31) / 350) < 1e-9);
  assert.ok(Math.abs(x - (1028 - width) / 2) < 1e-9, 'centred');
});

test("the tab's picture is drawn at the screen's pixel ratio, and smaller, never cut, past the side limit", () => {
  assert.deepEqual(drawingOf({ box: { width: 800, height: 200 } }, { width: 800, height: 200 }, 2), {
    width: 1600,
    height: 400,
    at: [0, 0, 1600, 400],
  });
  const huge = drawingOf({ box: { width: 6000, height: 1500 } }, { width: 12000, height: 3000 }, 2);
  assert.equal(huge.width, RASTER_LIMITS.side);
  assert.equal(huge.height, RASTER_LIMITS.side / 4);
  assert.deepEqual(huge.at, [0, 0, RASTER_LIMITS.side, RASTER_LIMITS.side / 4], 'the whole diagram');
});

test("the editor preview's picture is the top of the diagram at the canvas's width, never enlarged", () => {
  const tall = drawingOf({ top: { width: 500, maxHeight: 300 } }, { width: 1000, height: 4000 }, 1);
  assert.deepEqual(tall, { width: 500, height: 300, at: [0, 0, 500, 2000] });
  const small = drawingOf({ top: { width: 500, maxHeight: 300 } }, { width: 200, height: 100 }, 1);
  assert.deepEqual(small, { width: 200, height: 100, at: [0, 0, 200, 100] });
});

test("unstyled text of the picture takes the page's font, as the inline SVG's does", () => {
  const font = { family: 'system-ui, "Segoe UI", sans-serif', size: '14px' };
  assert.equal(
    addRootFont('<svg xmlns="http://www.w3.org/2000/svg" width="4"><text>a</text></svg>', font),
    '<svg font-family="system-ui, &quot;Segoe UI&quot;, sans-serif" font-size="14px" xmlns="http://www.w3.org/2000/svg" width="4"><text>a</text></svg>',
  );
  // The SVG's own font stays; only what it leaves open is set.
  assert.equal(
    addRootFont('<?xml version="1.0"?>\n<svg font-size="11" width="4"/>', font),
    '<?xml version="1.0"?>\n<svg font-family="system-ui, &quot;Segoe UI&quot;, sans-serif" font-size="11" width="4"/>',
  );
  assert.equal(
    addRootFont('<svg font-family="serif" font-size="9"/>', font),
    '<svg font-family="serif" font-size="9"/>',
  );
  assert.equal(addRootFont('not svg', font), 'not svg');
});
