import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { CacheStore } from './cache-store.ts';
import { SVG_LIMITS } from '../svg/svg-limits.ts';

const hostile =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script>' +
  '<rect width="5" height="5" onclick="alert(2)"/></svg>';

async function store(): Promise<CacheStore> {
  const file = join(mkdtempSync(join(tmpdir(), 'lanes-renders-')), 'cache.db');
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  return new CacheStore(db);
}

test('a rendering is sanitised once, when stored; the raw one stays for --raw', async () => {
  const cache = await store();
  cache.putRender('p1', 1033, 'detailed', hostile);
  const stored = cache.renders.shown('p1', 1033, 'detailed');
  assert.ok(stored?.shown.ok);
  assert.doesNotMatch(stored.shown.svg, /script|onclick/);
  assert.equal(stored.shown.removed, 2);
  assert.equal(cache.renders.previewPicture('p1', 1033, 'detailed'), null, 'no picture yet');
  assert.equal(cache.render('p1', 1033, 'detailed')?.value, hostile);
  // Stored sanitised: reading it does not sanitise again (the stored text is what is returned).
  cache.db.prepare("UPDATE renders SET clean_svg = '<svg/>' WHERE diagram_id = 'p1'").run();
  assert.deepEqual(cache.renders.shown('p1', 1033, 'detailed')?.shown, {
    ok: true,
    svg: '<svg/>',
    removed: 2,
  });
  cache.db.close();
});

test('a rendering that cannot be shown is stored with the reason', async () => {
  const cache = await store();
  cache.putRender('big', 1033, 'detailed', `<svg>${' '.repeat(SVG_LIMITS.inputChars)}</svg>`);
  assert.deepEqual(cache.renders.shown('big', 1033, 'detailed')?.shown, {
    ok: false,
    problem: { kind: 'input', limit: SVG_LIMITS.inputChars },
  });
  cache.putRender('junk', 1033, 'detailed', 'not an svg <');
  assert.deepEqual(cache.renders.shown('junk', 1033, 'detailed')?.shown, { ok: false, problem: 'invalid' });
  cache.db.close();
});

test('a row cached before renders were sanitised on storing is sanitised on its first read, once', async () => {
  const cache = await store();
  cache.db
    .prepare(
      `INSERT INTO renders (diagram_id, culture, layout, svg, fetched_at) VALUES ('old', 1033, 'detailed', ?, 'then')`,
    )
    .run(hostile);
  const first = cache.renders.shown('old', 1033, 'detailed');
  assert.ok(first?.shown.ok);
  assert.doesNotMatch(first.shown.svg, /script/);
  const row = cache.db.prepare("SELECT clean_svg FROM renders WHERE diagram_id = 'old'").get() as {
    clean_svg: string | null;
  };
  assert.equal(row.clean_svg, first.shown.svg);
  cache.db.close();
});

test("the renderer's pictures belong to one rendering: stored for it, dropped when it is replaced", async () => {
  const cache = await store();
  const raster = { png: 'iVBORw0KGgo=', width: 4, height: 2 };
  const tab = { png: 'iVBORw0KGgoAAAA=', width: 8, height: 3, natural: { width: 800, height: 300 } };
  const at = (fetchedAt: string) => ({ diagramId: 'p1', culture: 1033, layout: 'detailed', fetchedAt });
  const preview = { view: 'preview', raster } as const;
  const diagram = { view: 'diagram', raster: tab } as const;
  assert.equal(cache.renders.putRaster(at('any'), preview), false, 'nothing cached');
  assert.equal(cache.renders.putRaster(at('any'), diagram), false, 'nothing cached');
  cache.stampedAt('2026-01-01T00:00:00.000Z', () => cache.putRender('p1', 1033, 'detailed', hostile));
  assert.equal(cache.renders.putRaster(at('2025-12-31T00:00:00.000Z'), preview), false);
  assert.equal(cache.renders.putRaster(at('2025-12-31T00:00:00.000Z'), diagram), false);
  assert.equal(cache.renders.putRaster(at('2026-01-01T00:00:00.000Z'), preview), true);
  assert.deepEqual(cache.renders.previewPicture('p1', 1033, 'detailed')?.raster, raster);
  assert.equal(cache.renders.diagramPicture('p1', 1033, 'detailed'), null, "the preview's is not the tab's");
  assert.equal(cache.renders.putRaster(at('2026-01-01T00:00:00.000Z'), diagram), true);
  assert.deepEqual(cache.renders.diagramPicture('p1', 1033, 'detailed'), {
    picture: tab,
    fetchedAt: '2026-01-01T00:00:00.000Z',
  });
  assert.deepEqual(
    cache.renders.previewPicture('p1', 1033, 'detailed')?.raster,
    raster,
    'each keeps its own',
  );
  assert.equal(cache.renders.diagramPicture('p1', 1033, 'horizontal'), null, 'another layout has none');
  cache.stampedAt('2026-01-02T00:00:00.000Z', () => cache.putRender('p1', 1033, 'detailed', hostile));
  assert.equal(cache.renders.previewPicture('p1', 1033, 'detailed'), null, 'dropped with its rendering');
  assert.equal(cache.renders.diagramPicture('p1', 1033, 'detailed'), null);
  cache.db.close();
});

test("the preview's picture is read without the rendering: a stored SVG is not even looked at", async () => {
  const cache = await store();
  assert.equal(cache.renders.previewPicture('p1', 1033, 'detailed'), undefined, 'nothing stored');
  cache.stampedAt('2026-01-01T00:00:00.000Z', () => cache.putRender('p1', 1033, 'detailed', hostile));
  assert.equal(cache.renders.previewPicture('p1', 1033, 'detailed'), null, 'no picture yet');
  const raster = { png: 'iVBORw0KGgo=', width: 4, height: 2 };
  const at = { diagramId: 'p1', culture: 1033, layout: 'detailed', fetchedAt: '2026-01-01T00:00:00.000Z' };
  assert.equal(cache.renders.putRaster(at, { view: 'preview', raster }), true);
  // A row as an older Lanes left it (not sanitised yet): shown() would sanitise it now; the picture's read does not.
  cache.db.prepare("UPDATE renders SET clean_svg = NULL, removed = NULL WHERE diagram_id = 'p1'").run();
  assert.deepEqual(cache.renders.previewPicture('p1', 1033, 'detailed'), {
    raster,
    fetchedAt: '2026-01-01T00:00:00.000Z',
  });
  const row = cache.db.prepare("SELECT clean_svg FROM renders WHERE diagram_id = 'p1'").get() as {
    clean_svg: string | null;
  };
  assert.equal(row.clean_svg, null, 'the SVG was not read (nor sanitised)');
  cache.db.close();
});
