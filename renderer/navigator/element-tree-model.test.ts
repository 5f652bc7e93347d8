import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElementSummary, ElementsPage } from '../../shared/domain/workspace.ts';
import { ElementTreeModel, type ElementRow, type PageLoader } from './element-tree-model.ts';

function summary(id: string, childCount = 0): ElementSummary {
  return {
    id,
    facetName: 'processes',
    type: 'process',
    state: null,
    versionId: null,
    version: null,
    displayNames: { '1033': id },
    childCount,
  };
}

function page(items: ElementSummary[], pageNo: number, hasMore: boolean): ElementsPage {
  return { items, page: pageNo, pageSize: 2, hasMore, source: 'live', fetchedAt: '2025-01-01T00:00:00Z' };
}

/** A tree a → (a1 → a1x, a2), b; roots come in pages of two. */
function fakeLoader(calls: string[]): PageLoader {
  return async (parentId, pageNo) => {
    calls.push(`${parentId ?? 'roots'}#${pageNo}`);
    if (parentId === undefined) {
      return pageNo === 1 ? page([summary('a', 2), summary('b')], 1, true) : page([summary('c')], 2, false);
    }
    if (parentId === 'a') return page([summary('a1', 1), summary('a2')], 1, false);
    if (parentId === 'a1') return page([summary('a1x')], 1, false);
    throw new Error(`no children for ${parentId}`);
  };
}

const elementRow = (model: ElementTreeModel, key: string): ElementRow =>
  model.rows().find((r): r is ElementRow => r.kind === 'element' && r.key === key)!;
const keys = (model: ElementTreeModel): string[] =>
  model.rows().map((r) => (r.kind === 'element' ? `${r.key}@${r.level}` : `…@${r.level}`));

test('roots load a page at a time; a pending row stands for the rest until the last page', async () => {
  const calls: string[] = [];
  const model = new ElementTreeModel(fakeLoader(calls));
  await model.loadRoots();
  assert.deepEqual(keys(model), ['a@1', 'b@1', '…@1']);
  assert.equal(elementRow(model, 'a').setSize, -1, 'size unknown while more may follow');
  await model.loadMore(undefined);
  assert.deepEqual(keys(model), ['a@1', 'b@1', 'c@1']);
  assert.equal(elementRow(model, 'c').setSize, 3);
  assert.equal(elementRow(model, 'c').posInSet, 3);
  await model.loadMore(undefined);
  assert.deepEqual(calls, ['roots#1', 'roots#2']);
});

test('children load lazily on first expand, show a loading row meanwhile, and stay loaded after collapse', async () => {
  const calls: string[] = [];
  let changes = 0;
  const model = new ElementTreeModel(fakeLoader(calls), () => changes++);
  await model.loadRoots();
  assert.equal(elementRow(model, 'b').expanded, null, 'a leaf has no expanded state');
  const expanding = model.expand(elementRow(model, 'a'));
  const during = model.rows();
  assert.equal(during[1]!.kind, 'pending');
  assert.equal(during[1]!.level, 2);
  await expanding;
  assert.deepEqual(keys(model).slice(0, 4), ['a@1', 'a/a1@2', 'a/a2@2', 'b@1']);
  await model.expand(elementRow(model, 'a/a1'));
  assert.deepEqual(keys(model).slice(0, 5), ['a@1', 'a/a1@2', 'a/a1/a1x@3', 'a/a2@2', 'b@1']);
  model.collapse(elementRow(model, 'a'));
  assert.deepEqual(keys(model), ['a@1', 'b@1', '…@1']);
  await model.expand(elementRow(model, 'a'));
  assert.equal(calls.filter((c) => c === 'a#1').length, 1, 'children are not fetched twice');
  assert.deepEqual(model.expandedKeys(), ['a', 'a/a1']);
  assert.ok(changes > 0);
});

test('a failed expand collapses the row again and rethrows; restore re-expands by key', async () => {
  const model = new ElementTreeModel(async (parentId, pageNo) => {
    if (parentId === 'b') throw new Error('offline');
    return fakeLoader([])(parentId, pageNo);
  });
  await model.loadRoots();
  const b = { ...elementRow(model, 'b'), expanded: false };
  await assert.rejects(model.expand(b), /offline/);
  assert.deepEqual(model.expandedKeys(), []);
  await model.restore(['a', 'a/a1', 'gone']);
  assert.deepEqual(model.expandedKeys(), ['a', 'a/a1']);
  assert.ok(keys(model).includes('a/a1/a1x@3'));
});

test('a failed page keeps its pending row with the error, and retry clears it', async () => {
  let fail = true;
  const model = new ElementTreeModel(async (parentId, pageNo) => {
    if (pageNo === 2 && fail) throw new Error('503');
    return fakeLoader([])(parentId, pageNo);
  });
  await model.loadRoots();
  await assert.rejects(model.loadMore(undefined), /503/);
  const pending = model.rows().at(-1)!;
  assert.equal(pending.kind, 'pending');
  assert.match(String(pending.kind === 'pending' && pending.error), /503/);
  await model.loadMore(undefined);
  assert.equal(model.rows().length, 3, 'no automatic retry after an error');
  fail = false;
  model.retry(undefined);
  await model.loadMore(undefined);
  assert.deepEqual(keys(model), ['a@1', 'b@1', 'c@1']);
});

test('a model that was replaced stops reporting changes', async () => {
  let changes = 0;
  const model = new ElementTreeModel(fakeLoader([]), () => changes++);
  model.dispose();
  await model.loadRoots();
  assert.equal(changes, 0);
});
