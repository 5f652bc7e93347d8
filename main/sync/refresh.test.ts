import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addPin, getPin } from '../cache/pins.ts';
import { runPin } from './prefetch.ts';
import { pullPins } from './pull.ts';
import { refreshView } from './refresh.ts';
import { startCacheWorld, type CacheWorld } from '../cache/cache-world.test-support.ts';
import {
  allCurrent,
  deleteElement,
  insertElement,
  nextOrd,
  updateElement,
  type ElementRow,
} from '../../emulator/store/elements.ts';

describe('incremental refresh', () => {
  let world: CacheWorld;
  before(async () => {
    world = await startCacheWorld();
    const pin = addPin(world.db, { facet: 'processes', view: 'processList' });
    await runPin(world.clients, world.store, pin.id, { culture: 1033 });
  });
  after(() => world.close());

  const getElementHits = (): (() => number) => world.countRequests('/\\/elements\\/[^/]+$/');

  test('an unchanged view costs one cheap listing and no element fetches', async () => {
    const elementHits = getElementHits();
    const infoHits = world.countRequests('/\\/info$/');
    const result = await pullPins(world.clients, world.store, { culture: 1033 });
    assert.equal(result.updated, 0);
    assert.equal(result.added, 0);
    assert.equal(result.removed, 0);
    assert.equal(result.unchanged, result.listed);
    assert.ok(result.listed > 10);
    assert.equal(elementHits(), 0);
    assert.equal(infoHits(), 0);
    assert.ok(
      result.bytes > 0 && result.bytes < 20_000,
      `the cheap listing is small (${result.bytes} bytes)`,
    );
  });

  test('an unchanged re-listing renews the fetch time of the view and writes none of its member rows', async () => {
    world.db.exec(`CREATE TEMP TABLE member_writes (n INTEGER);
      CREATE TEMP TRIGGER member_deleted AFTER DELETE ON main.view_members BEGIN INSERT INTO member_writes VALUES (1); END;
      CREATE TEMP TRIGGER member_inserted AFTER INSERT ON main.view_members BEGIN INSERT INTO member_writes VALUES (1); END;
      CREATE TEMP TRIGGER member_updated AFTER UPDATE ON main.view_members BEGIN INSERT INTO member_writes VALUES (1); END;`);
    world.db
      .prepare("UPDATE view_listings SET fetched_at = '2000-01-01T00:00:00.000Z' WHERE view = 'processList'")
      .run();
    try {
      const result = await refreshView(world.clients, world.store, 'processes', 'processList');
      assert.equal(result.unchanged, result.listed);
      const writes = world.db.prepare('SELECT COUNT(*) AS n FROM member_writes').get() as { n: number };
      assert.equal(writes.n, 0, 'no member row deleted, inserted or updated');
      assert.notEqual(
        world.store.viewListing('processes', 'processList')!.fetchedAt,
        '2000-01-01T00:00:00.000Z',
      );
    } finally {
      world.db.exec(
        'DROP TRIGGER member_deleted; DROP TRIGGER member_inserted; DROP TRIGGER member_updated; DROP TABLE member_writes;',
      );
    }
  });

  test('only changed elements are fetched again; deleted ones leave the cache', async () => {
    const p = world.clients.process;
    const list = await p.listElements('processes', 'processList', { pageSize: 1000 });
    const [changed, deleted] = list.filter((e) => e.state === 'inProcess');
    assert.ok(changed && deleted);
    await p.changeState(changed.id, 'InProcessToInReview');
    await p.deleteElement('processes', 'processList', deleted.id);
    assert.ok(world.store.element(deleted.id));

    const elementHits = getElementHits();
    const infoHits = world.countRequests('/\\/info$/');
    const result = await pullPins(world.clients, world.store, { culture: 1033 });
    assert.equal(result.updated, 1);
    assert.equal(result.removed, 1);
    assert.equal(result.refetched, 1, 'details of the changed element only');
    assert.equal(elementHits(), 1, 'one element fetched again');
    assert.equal(infoHits(), 1);
    assert.equal(world.store.element(changed.id)!.value.state, 'inReview');
    assert.equal(world.store.element(deleted.id), undefined);
    assert.equal(world.store.detail(deleted.id, 'info'), undefined);
    assert.ok(!world.store.members('processes', 'processList').some((m) => m.elementId === deleted.id));
    assert.equal(getPin(world.db, 1)!.status, 'done');
  });

  test('when much of a view changed, it is listed whole instead of one request per element', async () => {
    const elementHits = getElementHits();
    world.db.prepare("UPDATE elements SET changed_on = 'stale' WHERE facet = 'processes'").run();
    const result = await refreshView(world.clients, world.store, 'processes', 'processList');
    assert.equal(result.updated, result.listed);
    assert.equal(elementHits(), 0);
  });
});

describe('a re-sync compared page by page', () => {
  let world: CacheWorld;
  // Small pages, so that what changed sits on different pages of the listing.
  const paged = { pageSize: 3, relistShare: 1 };
  before(async () => {
    world = await startCacheWorld();
  });
  after(() => world.close());

  /** The service's processes in its own order (the emulator's database, not its HTTP answer). */
  const processes = (): ElementRow[] =>
    allCurrent(world.emulator.db, 'processes').filter((row) => row.type === 'process');
  const stamped = (row: ElementRow, changedOn: string): ElementRow => ({
    ...row,
    attributes: { ...row.attributes, changedOn: { '127': changedOn } },
  });

  test('a changed, a new, a deleted and a moved element are each found, wherever their page', async () => {
    await refreshView(world.clients, world.store, 'processes', 'processList', paged);
    const rows = processes();
    assert.ok(rows.length > 12);
    const [changed, moved, swapped, deleted] = [rows[4]!, rows[1]!, rows[8]!, rows[10]!];
    const db = world.emulator.db;
    updateElement(db, stamped(changed, '2030-01-01T00:00:00'));
    // Moved: two elements change places; their stamps stay.
    db.prepare('UPDATE elements SET ord = ? WHERE id = ?').run(-1, moved.id);
    db.prepare('UPDATE elements SET ord = ? WHERE id = ?').run(moved.ord, swapped.id);
    db.prepare('UPDATE elements SET ord = ? WHERE id = ?').run(swapped.ord, moved.id);
    deleteElement(db, deleted.id);
    const added = crypto.randomUUID();
    insertElement(db, {
      ...rows[2]!,
      id: added,
      creationId: added,
      versionId: crypto.randomUUID(),
      ord: nextOrd(db),
    });
    // What a pin cached about elements that did not change (and one that only moved) stays.
    for (const id of [moved.id, swapped.id, rows[0]!.id]) world.store.putDetail(id, 'info', { kept: id });

    const elementHits = world.countRequests('/\\/elements\\/[^/]+$/');
    const result = await refreshView(world.clients, world.store, 'processes', 'processList', paged);
    assert.deepEqual(
      { updated: result.updated, added: result.added, removed: result.removed },
      { updated: 1, added: 1, removed: 1 },
    );
    assert.equal(result.unchanged, rows.length - 2);
    assert.deepEqual(result.changedIds, [changed.id, added]);
    assert.deepEqual(result.removedIds, [deleted.id]);
    assert.equal(elementHits(), 2, 'the changed and the new element fetched, nothing else');
    assert.equal(world.store.stamp(changed.id)!.changedOn, '2030-01-01T00:00:00');
    assert.ok(world.store.element(added));
    assert.equal(world.store.element(deleted.id), undefined);
    assert.deepEqual(
      world.store.members('processes', 'processList').map((m) => m.elementId),
      processes().map((row) => row.id),
      'the membership in the order the service lists it',
    );
    for (const id of [moved.id, swapped.id, rows[0]!.id])
      assert.deepEqual(world.store.detail(id, 'info')?.value, { kept: id });
  });

  test('an element cached from another view is added when it enters this one', async () => {
    await refreshView(world.clients, world.store, 'processes', 'diagram', paged);
    await refreshView(world.clients, world.store, 'processes', 'processList', paged);
    const db = world.emulator.db;
    const template = processes()[3]!;
    const entering = crypto.randomUUID();
    insertElement(db, {
      ...template,
      id: entering,
      creationId: entering,
      versionId: crypto.randomUUID(),
      ord: template.ord,
    });
    // The other view lists it first: its row is then cached, with the stamp the service has.
    const diagram = await refreshView(world.clients, world.store, 'processes', 'diagram', paged);
    assert.deepEqual(diagram.changedIds, [entering]);

    const result = await refreshView(world.clients, world.store, 'processes', 'processList', paged);
    assert.equal(result.added, 1);
    assert.deepEqual(result.changedIds, [entering], 'its details are due for the pins that now cover it');
    assert.ok(world.store.members('processes', 'processList').some((m) => m.elementId === entering));
  });

  test('a tree member that moves under another parent changes the membership, not the elements', async () => {
    const tree = { ...paged, pageSize: 2 };
    await refreshView(world.clients, world.store, 'processes', 'mainProcesses', tree);
    const rows = processes();
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    const child = rows.find((row) => row.parentId && parentOf.get(row.parentId))!;
    const grandparent = parentOf.get(child.parentId!)!;
    updateElement(world.emulator.db, { ...child, parentId: grandparent });

    const elementHits = world.countRequests('/\\/elements\\/[^/]+$/');
    const result = await refreshView(world.clients, world.store, 'processes', 'mainProcesses', tree);
    assert.equal(result.unchanged, result.listed);
    assert.equal(elementHits(), 0);
    const members = world.store.members('processes', 'mainProcesses');
    assert.equal(members.find((m) => m.elementId === child.id)?.parentId, grandparent);

    // A member whose place is the same but whose parent is not (here: the cache's) is put right too.
    world.db
      .prepare(
        "UPDATE view_members SET parent_id = NULL WHERE facet = 'processes' AND view = 'mainProcesses' AND element_id = ?",
      )
      .run(child.id);
    await refreshView(world.clients, world.store, 'processes', 'mainProcesses', tree);
    assert.deepEqual(world.store.members('processes', 'mainProcesses'), members);
  });
});
