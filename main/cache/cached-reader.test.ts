import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent } from 'undici';
import { LanesError } from '../../shared/ipc/errors.ts';
import { ServiceCachedReader } from './cached-reader.ts';
import { startCacheWorld, type CacheWorld } from './cache-world.test-support.ts';
import { createSyncClients } from '../api/sync-clients.ts';

describe('CachedReader against the emulator and a real cache file', () => {
  let world: CacheWorld;
  before(async () => {
    world = await startCacheWorld();
  });
  after(() => world.close());

  const reader = (offline = false): ServiceCachedReader =>
    new ServiceCachedReader({
      store: world.store,
      process: () => world.clients.process,
      bpmn: () => world.clients.bpmn,
      reporting: () => world.reporting,
      offline,
    });

  test('an online read is live and fills the cache; offline serves the same value marked as cached', async () => {
    const live = await reader().listFacets();
    assert.equal(live.source, 'live');
    const cached = await reader(true).listFacets();
    assert.equal(cached.source, 'cache');
    assert.deepEqual(cached.value, live.value);
    assert.equal(cached.fetchedAt, live.fetchedAt);
  });

  test('a whole tree view comes back offline as the same tree', async () => {
    const live = await reader().listAllElements('processes', 'mainProcesses');
    assert.ok(live.value.some((root) => root.children.some((c) => Object.keys(c.attributes).length > 0)));
    const offline = await reader(true).listAllElements('processes', 'mainProcesses');
    assert.equal(offline.source, 'cache');
    assert.deepEqual(offline.value, live.value);
    // A plain page is cut from the cached listing.
    const page = await reader(true).listElements('processes', 'mainProcesses', { page: 1, pageSize: 2 });
    assert.deepEqual(
      page.value.map((e) => e.id),
      live.value.slice(0, 2).map((e) => e.id),
    );
  });

  test('details, BPMN, renders, config and reporting are cached per kind', async () => {
    const online = reader();
    const list = await online.listAllElements('processes', 'processList');
    const id = list.value[0]!.id;
    const reads = async (r: ServiceCachedReader): Promise<unknown[]> =>
      Promise.all([
        r.getElement('processes', 'processList', id).then((x) => [x.source, x.value.id]),
        r.getInfo('processes', 'processList', id).then((x) => [x.source, x.value]),
        r.getAttributes('processes', 'processList', id).then((x) => [x.source, x.value]),
        r.getRelated('processes', 'processList', id).then((x) => [x.source, x.value]),
        r.getContent('processes', 'processList', id).then((x) => [x.source, x.value]),
        r.listVersions('processes', 'processList', id).then((x) => [x.source, x.value]),
        r.listTransitions(id).then((x) => [x.source, x.value]),
        r.getConfig('processes', 'processList', 'process').then((x) => [x.source, x.value]),
        r.renderDiagram(id, 1033, 'detailed').then((x) => [x.source, x.value]),
        r.exportBpmn(id, 1033).then((x) => [x.source, x.value]),
        r.reportFacets().then((x) => [x.source, x.value]),
        r.reportElements({ take: 10 }).then((x) => [x.source, x.value]),
        r.reportHierarchy('processes').then((x) => [x.source, x.value]),
      ]);
    const live = await reads(online);
    const offline = await reads(reader(true));
    assert.ok(live.every((r) => (r as string[])[0] === 'live'));
    assert.ok(offline.every((r) => (r as string[])[0] === 'cache'));
    assert.deepEqual(
      offline.map((r) => (r as unknown[])[1]),
      live.map((r) => (r as unknown[])[1]),
    );
  });

  test('offline, a read never cached is a clear cache.notCached error', async () => {
    await assert.rejects(
      reader(true).getInfo('processes', 'processList', 'never-seen'),
      (error) =>
        error instanceof LanesError && error.code === 'cache.notCached' && /never-seen/.test(error.message),
    );
  });

  test('a filtered listing is cached as that exact question', async () => {
    const query = { filter: "state1 -eq 'released'", pageSize: 5 };
    const live = await reader().listElements('processes', 'processList', query);
    const offline = await reader(true).listElements('processes', 'processList', query);
    assert.deepEqual(offline.value, live.value);
    await assert.rejects(
      reader(true).listElements('processes', 'processList', { ...query, filter: "state1 -eq 'show'" }),
      (error) => error instanceof LanesError && error.code === 'cache.notCached',
    );
  });

  test('a service answering 503 (after retries) counts as not serving: the cache answers; a 404 does not', async () => {
    const online = reader();
    const views = await online.listViews('processes');
    const rule = world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
    try {
      const fallback = await online.listViews('processes');
      assert.equal(fallback.source, 'cache');
      assert.deepEqual(fallback.value, views.value);
    } finally {
      world.emulator.faults.remove(rule.id);
    }
    await assert.rejects(
      reader().getElement('processes', 'processList', 'no-such-element'),
      (error) => error instanceof LanesError && error.code === 'api.notFound',
    );
  });

  test('after the grace, a service still not serving is asked once by a read the cache can answer', async () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const dispatcher = new Agent();
    // Retries as the app has them (the world's own clients try once), without the waits between them.
    const clients = createSyncClients(world.connection, {
      dispatcher,
      retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const online = new ServiceCachedReader({
      store: world.store,
      process: () => clients.process,
      bpmn: () => clients.bpmn,
      now: () => new Date(now),
    });
    const views = await online.listViews('processes');
    const requests = world.countRequests('*');
    const down = world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
    const notCached = (error: unknown): boolean =>
      error instanceof LanesError && error.code === 'cache.notCached';
    try {
      assert.deepEqual((await online.listViews('processes')).value, views.value);
      assert.equal(requests(), 4, 'the first failure is retried in full');
      assert.equal((await online.listViews('processes')).source, 'cache');
      assert.equal(requests(), 4, 'within the grace the cache answers without asking');
      now += 31_000;
      const after = await online.listViews('processes');
      assert.equal(after.source, 'cache');
      assert.deepEqual(after.value, views.value);
      assert.equal(requests(), 5, 'after the grace, asked once');
      now += 31_000;
      await assert.rejects(online.listViews('never-seen-facet'), notCached);
      assert.equal(requests(), 9, 'nothing cached to show: worth the retries');
    } finally {
      world.emulator.faults.remove(down.id);
    }
    now += 31_000;
    assert.equal((await online.listViews('processes')).source, 'live', 'served again');
    const downAgain = world.emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
    try {
      const before = requests();
      assert.equal((await online.listViews('processes')).source, 'cache');
      assert.equal(requests() - before, 4, 'once it served, a new failure is retried in full again');
    } finally {
      world.emulator.faults.remove(downAgain.id);
      await dispatcher.close();
    }
  });

  test('with the service gone, reads fall back to the cache by themselves', async () => {
    const online = reader();
    const facets = await online.listFacets();
    await world.emulator.close();
    const fallback = await online.listFacets();
    assert.equal(fallback.source, 'cache');
    assert.deepEqual(fallback.value, facets.value);
    await assert.rejects(
      online.listViews('nowhere'),
      (error) => error instanceof LanesError && error.code === 'cache.notCached',
    );
  });
});
