import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addPin, getPin } from './pins.ts';
import { runPin } from './prefetch.ts';
import { pullPins } from './pull.ts';
import { refreshView } from './refresh.ts';
import { startCacheWorld, type CacheWorld } from './cache-world.test-support.ts';

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

  test('an unchanged re-listing renews the fetch time of the view and rewrites none of its member rows', async () => {
    world.db.exec(`CREATE TEMP TABLE member_writes (n INTEGER);
      CREATE TEMP TRIGGER member_deleted AFTER DELETE ON main.view_members BEGIN INSERT INTO member_writes VALUES (1); END;
      CREATE TEMP TRIGGER member_inserted AFTER INSERT ON main.view_members BEGIN INSERT INTO member_writes VALUES (1); END;`);
    world.db
      .prepare("UPDATE view_members SET fetched_at = '2000-01-01T00:00:00.000Z' WHERE view = 'processList'")
      .run();
    try {
      const result = await refreshView(world.clients, world.store, 'processes', 'processList');
      assert.equal(result.unchanged, result.listed);
      const writes = world.db.prepare('SELECT COUNT(*) AS n FROM member_writes').get() as { n: number };
      assert.equal(writes.n, 0, 'no member deleted and inserted again');
      assert.notEqual(
        world.store.viewListing('processes', 'processList')!.fetchedAt,
        '2000-01-01T00:00:00.000Z',
      );
    } finally {
      world.db.exec('DROP TRIGGER member_deleted; DROP TRIGGER member_inserted; DROP TABLE member_writes;');
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
