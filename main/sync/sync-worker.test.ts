import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addPin, getPin } from '../cache/pins.ts';
import { prefetchInWorker, pullInWorker, type WorkerBase } from './sync-worker-client.ts';
import { LATEST_SCHEMA } from '../app/cache-schema.ts';
import { startCacheWorld, type CacheWorld } from '../cache/cache-world.test-support.ts';
import { ServiceCachedReader } from '../cache/cached-reader.ts';

describe('pull and prefetch in a worker thread', () => {
  let world: CacheWorld;
  before(async () => {
    world = await startCacheWorld();
  });
  after(() => world.close());

  const base = (): WorkerBase => ({
    dbFile: world.file,
    schemaVersion: LATEST_SCHEMA,
    connection: world.connection,
    env: {},
  });

  test('a pin prefetched by the worker is readable from the serving thread', async () => {
    const pin = addPin(world.db, { facet: 'processes', view: 'processList' });
    const progress: number[] = [];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const run = await prefetchInWorker(
      base(),
      { pinId: pin.id, culture: 1033 },
      {
        onProgress: (p) => progress.push(p.done),
      },
    );
    lag.disable();
    assert.equal(run.status, 'done');
    assert.ok(progress.length > 2, 'progress events crossed the thread');
    assert.equal(getPin(world.db, pin.id)!.status, 'done');
    const offline = new ServiceCachedReader({ store: world.store, offline: true });
    const first = (await offline.listAllElements('processes', 'processList')).value[0]!;
    assert.equal((await offline.getInfo('processes', 'processList', first.id)).source, 'cache');
    // Measured, not asserted: the emulator shares this thread in tests (see bench/cache-pull.ts).
    assert.ok(lag.percentile(99) > 0);
  });

  test('a pull in the worker reports counts; cancelling stops it and errors cross as LanesError', async () => {
    const result = await pullInWorker(base(), { culture: 1033 });
    assert.equal(result.updated, 0);
    assert.ok(result.unchanged > 0);
    assert.ok(result.bytes > 0);

    const pin = addPin(world.db, { facet: 'processes', view: 'functions' });
    const controller = new AbortController();
    const cancelled = await prefetchInWorker(
      base(),
      { pinId: pin.id, culture: 1033 },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'elements' && p.done >= 5) controller.abort();
        },
      },
    );
    assert.equal(cancelled.status, 'cancelled');
    assert.ok(getPin(world.db, pin.id)!.queued > 0);

    await assert.rejects(
      pullInWorker({ ...base(), connection: { ...world.connection, authToken: 'wrong' } }, { culture: 1033 }),
      (error: Error & { code?: string }) => error.code === 'api.unauthorized',
    );
  });
});
