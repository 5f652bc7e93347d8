import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Agent } from 'undici';
import { refreshView } from './refresh.ts';
import { startCacheWorld, type CacheWorld } from '../cache/cache-world.test-support.ts';
import { createSyncClients } from '../api/sync-clients.ts';

/**
 * A relay in front of the emulator, in a thread of its own so that it sees a
 * request arrive while this thread is busy: it counts the listing requests
 * that reach it in shared memory.
 */
const RELAY = `
const { workerData, parentPort } = require('node:worker_threads');
const net = require('node:net');
const seen = new Int32Array(workerData.shared);
const server = net.createServer((client) => {
  const upstream = net.connect(workerData.port, '127.0.0.1');
  client.on('data', (chunk) => {
    const listings = (chunk.toString('latin1').match(/^GET [^ ]*\\/elements\\?/gm) || []).length;
    if (listings > 0) { Atomics.add(seen, 0, listings); Atomics.notify(seen, 0); }
    upstream.write(chunk);
  });
  upstream.pipe(client);
  client.on('end', () => upstream.end());
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => parentPort.close()));
`;

let world: CacheWorld;
let relay: Worker;
let dispatcher: Agent;
const seen = new Int32Array(new SharedArrayBuffer(4));
before(async () => {
  world = await startCacheWorld();
  relay = new Worker(RELAY, {
    eval: true,
    workerData: { shared: seen.buffer, port: Number(new URL(world.connection.baseUrl).port) },
  });
  [relayPort] = (await once(relay, 'message')) as [number];
  dispatcher = new Agent({ connections: 8 });
});
let relayPort = 0;
after(async () => {
  relay.postMessage('close');
  await once(relay, 'exit');
  await dispatcher.close();
  await world.close();
});

/** Blocks this thread until the relay has seen `count` listing requests (or 2 s passed); returns how many it saw. */
function seenBy(count: number): number {
  for (let now = Atomics.load(seen, 0); now < count; now = Atomics.load(seen, 0))
    if (Atomics.wait(seen, 0, now, 2000) === 'timed-out') break;
  return Atomics.load(seen, 0);
}

test('each page is asked for before Lanes reads the cache or compares the page before it', async () => {
  const base = new URL(world.connection.baseUrl);
  base.port = String(relayPort);
  const clients = createSyncClients(
    { ...world.connection, baseUrl: base.origin },
    { dispatcher, retry: { maxAttempts: 1 } },
  );
  const pageSize = 25;
  const first = await refreshView(clients, world.store, 'processes', 'diagram', { pageSize });
  const pages = Math.ceil(first.listed / pageSize);
  assert.ok(pages >= 3 && first.listed % pageSize !== 0, `${first.listed} elements`);

  // The re-sync's synchronous work waits (blocking this thread) for the relay to see the next
  // request: asked for but not yet written to the socket, it never arrives, and the wait runs out.
  const start = Atomics.load(seen, 0);
  const asked: number[] = [];
  const store = world.store;
  const read = store.viewSnapshot.bind(store);
  store.viewSnapshot = (facet, view) => {
    asked.push(seenBy(start + 1) - start);
    const snapshot = read(facet, view);
    const indexOf = snapshot.indexOf.bind(snapshot);
    snapshot.indexOf = (id, hint) => {
      // The first element of a page (the view is flat): the next page's request should be out.
      const page = hint / pageSize + 1;
      if (Number.isInteger(page) && page < pages) asked.push(seenBy(start + page + 1) - start);
      return indexOf(id, hint);
    };
    return snapshot;
  };
  try {
    const result = await refreshView(clients, store, 'processes', 'diagram', { pageSize });
    assert.equal(result.unchanged, result.listed);
  } finally {
    delete (store as { viewSnapshot?: unknown }).viewSnapshot;
  }
  // Requests the service had received when the cache was read, then when each page but the last was compared.
  assert.deepEqual(
    asked,
    Array.from({ length: pages }, (_, i) => i + 1),
  );
});
