import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent } from 'undici';
import { createMemoryLogger } from '../log/logger.ts';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { CacheStore } from '../cache/cache-store.ts';
import { ServiceCachedReader } from '../cache/cached-reader.ts';
import { addPin, getPin, listPins, queuedIds, removePin } from '../cache/pins.ts';
import { pinnedIds, runPin } from './prefetch.ts';
import { createSyncClients } from '../api/sync-clients.ts';
import { startCacheWorld, type CacheWorld } from '../cache/cache-world.test-support.ts';

describe('make available offline: pin, prefetch, cancel and resume', () => {
  let world: CacheWorld;
  before(async () => {
    world = await startCacheWorld();
  });
  after(() => world.close());

  test('a cancelled prefetch resumes in a new process from its queue, fetching nothing twice beyond the in-flight', async () => {
    const infoHits = world.countRequests('/\\/info$/');
    const pin = addPin(world.db, { facet: 'processes', view: 'mainProcesses' });
    const controller = new AbortController();
    const first = await runPin(world.clients, world.store, pin.id, {
      culture: 1033,
      concurrency: 4,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'elements' && p.done >= 10) controller.abort();
      },
    });
    assert.equal(first.status, 'cancelled');
    const afterCancel = getPin(world.db, pin.id)!;
    assert.equal(afterCancel.status, 'cancelled');
    const total = afterCancel.total!;
    assert.ok(total > 20, `the view has many elements (${total})`);
    assert.equal(afterCancel.queued, total - afterCancel.done, 'the queue holds exactly what is left');
    const firstHits = infoHits();
    assert.ok(
      firstHits <= afterCancel.done + 4,
      'no more than the in-flight elements beyond the stored ones',
    );

    // "Restart": a new connection and new clients on the same file, as a new process would have.
    const { db } = await openDatabase(world.file, migrations, createMemoryLogger());
    const dispatcher = new Agent();
    try {
      const store = new CacheStore(db);
      const clients = createSyncClients(world.connection, { dispatcher, retry: { maxAttempts: 1 } });
      const left = queuedIds(db, pin.id).length;
      const second = await runPin(clients, store, pin.id, { culture: 1033 });
      assert.equal(second.status, 'done');
      assert.equal(second.fetched, left);
      assert.equal(infoHits() - firstHits, left, 'the resumed run fetched exactly what was left');
      assert.ok(infoHits() <= total + 4);
      const done = getPin(db, pin.id)!;
      assert.equal(done.status, 'done');
      assert.equal(done.queued, 0);
    } finally {
      db.close();
      await dispatcher.close();
    }
  });

  test('everything of a pinned view reads back offline: details, BPMN and the detailed render', async () => {
    const pin = listPins(world.db).find((p) => p.view === 'mainProcesses')!;
    const offline = new ServiceCachedReader({ store: world.store, offline: true });
    const ids = pinnedIds(world.store, pin);
    for (const id of ids) {
      const info = await offline.getInfo('processes', 'mainProcesses', id);
      assert.equal(info.source, 'cache');
      await offline.getAttributes('processes', 'mainProcesses', id);
      await offline.getContent('processes', 'mainProcesses', id);
      await offline.listVersions('processes', 'mainProcesses', id);
      await offline.listTransitions(id);
      if (info.value.hasDiagram) {
        assert.match((await offline.exportBpmn(id, 1033)).value, /definitions/);
        assert.match((await offline.renderDiagram(id, 1033, 'detailed')).value, /<svg/);
      }
    }
    assert.equal((await offline.listFacets()).source, 'cache');
    assert.ok((await offline.listViews('processes')).value.some((v) => v.name === 'mainProcesses'));
    assert.equal((await offline.getConfig('processes', 'mainProcesses', 'process')).source, 'cache');
  });

  test('a subtree pin covers its root and what is below it, nothing else', async () => {
    const roots = world.store.members('processes', 'mainProcesses').filter((m) => m.parentId === null);
    const root = roots[0]!.elementId;
    const pin = addPin(world.db, { facet: 'processes', view: 'mainProcesses', rootId: root, culture: 1031 });
    const run = await runPin(world.clients, world.store, pin.id, { culture: 1033 });
    assert.equal(run.status, 'done');
    const ids = pinnedIds(world.store, getPin(world.db, pin.id)!);
    assert.ok(ids.includes(root));
    assert.ok(ids.length > 1 && ids.length < world.store.members('processes', 'mainProcesses').length);
    assert.ok(world.store.bpmn(root, 1031), 'BPMN in the culture of the pin');
    assert.ok(removePin(world.db, { facet: 'processes', view: 'mainProcesses', rootId: root }));
    assert.ok(world.store.element(root), 'unpinning keeps what was cached');
    assert.equal(listPins(world.db).length, 1);
  });
});
