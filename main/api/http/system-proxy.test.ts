/**
 * The system proxy as the desktop app meets it: Chromium's answer for the
 * service's URL (PAC notation, from session.resolveProxy) decides the route,
 * and the requests of the real clients reach the emulator through a real HTTP
 * proxy on loopback (CONNECT tunnels), or directly for DIRECT; a proxy that
 * wants a sign-in is said as such. The CLI keeps the proxy variables.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { startLoopbackProxy, type LoopbackProxy } from '../../../e2e/harness/connect-proxy.ts';
import { createSyncClients } from '../sync-clients.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { createDispatcher } from './dispatcher.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../cache/database.ts';
import { LATEST_SCHEMA, migrations } from '../../app/cache-schema.ts';
import { addPin } from '../../cache/pins.ts';
import { pullInWorker } from '../../sync/sync-worker-client.ts';
import { createMemoryLogger } from '../../log/logger.ts';
import { routeFromPac, SystemProxyDispatcher, useSystemProxy, type ProxyResolver } from './system-proxy.ts';
import { connectionOf } from '../../cache/cache-world.test-support.ts';

let emulator: RunningEmulator;
let proxy: LoopbackProxy;
let guarded: LoopbackProxy;

before(async () => {
  emulator = await startEmulator({ seed: 'demo', quiet: true });
  proxy = await startLoopbackProxy();
  guarded = await startLoopbackProxy({ requireAuth: 'modeler:s3cret-pass' });
});
after(async () => {
  await emulator.close();
  await proxy.close();
  await guarded.close();
});

function clients(dispatcher: ReturnType<typeof createDispatcher>): ReturnType<typeof createSyncClients> {
  return createSyncClients(connectionOf(emulator), { dispatcher, retry: { maxAttempts: 1 } });
}

test('PAC answers become routes: the first HTTP(S) proxy, DIRECT, SOCKS skipped, nothing usable goes direct', () => {
  assert.deepEqual(routeFromPac('DIRECT'), { kind: 'direct' });
  assert.deepEqual(routeFromPac('PROXY proxy.corp:8080; DIRECT'), {
    kind: 'proxy',
    url: 'http://proxy.corp:8080',
  });
  assert.deepEqual(routeFromPac('HTTPS secure.corp:443'), { kind: 'proxy', url: 'https://secure.corp:443' });
  assert.deepEqual(routeFromPac('SOCKS5 socks.corp:1080; PROXY p:3128'), {
    kind: 'proxy',
    url: 'http://p:3128',
  });
  assert.deepEqual(routeFromPac('SOCKS5 socks.corp:1080'), { kind: 'direct' });
  assert.deepEqual(routeFromPac(''), { kind: 'direct' });
});

test('with the system proxy installed, the clients reach the service through the proxy the resolver names (tunnelled), once resolved per origin', async () => {
  const asked: string[] = [];
  const resolver: ProxyResolver = async (url) => {
    asked.push(url);
    return `PROXY ${proxy.hostPort}; DIRECT`;
  };
  useSystemProxy(resolver);
  const dispatcher = createDispatcher({});
  try {
    assert.ok(dispatcher instanceof SystemProxyDispatcher, 'the app’s dispatcher follows the system proxy');
    const before = proxy.seen.length;
    const { process } = clients(dispatcher);
    const facets = await process.listFacets();
    assert.ok(facets.length > 0);
    await process.listFacets();
    const origin = new URL(emulator.config.processBaseUrl);
    const seen = proxy.seen.slice(before);
    assert.ok(seen.length > 0, 'the requests went through the proxy');
    assert.ok(
      seen.every((entry) => entry === `CONNECT ${origin.host}`),
      `tunnels only, never a path or a token in the clear: ${seen.join(', ')}`,
    );
    assert.deepEqual(asked, [`${origin.origin}/`], 'resolved once for the origin');
  } finally {
    useSystemProxy(undefined);
    await dispatcher.close();
  }
});

test('DIRECT goes straight to the service, past no proxy', async () => {
  const dispatcher = createDispatcher({}, async () => 'DIRECT');
  try {
    const before = proxy.seen.length;
    assert.ok((await clients(dispatcher).process.listFacets()).length > 0);
    assert.equal(proxy.seen.length, before);
  } finally {
    await dispatcher.close();
  }
});

test('a proxy that asks for a sign-in (407) is said as such, not as offline or cancelled', async () => {
  const dispatcher = createDispatcher({}, async () => `PROXY ${guarded.hostPort}`);
  try {
    const error = await clients(dispatcher)
      .process.listFacets()
      .then(
        () => assert.fail('the request must not pass the proxy'),
        (thrown: unknown) => thrown,
      );
    assert.ok(error instanceof LanesError);
    assert.equal(error.code, 'api.proxyAuthRequired');
    assert.equal(error.params.origin, new URL(emulator.config.processBaseUrl).origin);
  } finally {
    await dispatcher.close();
  }
});

test('the CLI keeps HTTPS_PROXY/HTTP_PROXY (with a sign-in) and NO_PROXY; an explicit variable also wins in the app', async () => {
  const withCredentials = guarded.url.replace('http://', 'http://modeler:s3cret-pass@');
  useSystemProxy(async () => `PROXY ${proxy.hostPort}`);
  const dispatcher = createDispatcher({ HTTP_PROXY: withCredentials });
  try {
    const before = { open: proxy.seen.length, guarded: guarded.seen.length };
    assert.ok((await clients(dispatcher).process.listFacets()).length > 0);
    assert.equal(proxy.seen.length, before.open, 'the variable wins over the system’s proxy');
    assert.ok(guarded.seen.length > before.guarded, 'through the proxy the variable names, signed in');
  } finally {
    useSystemProxy(undefined);
    await dispatcher.close();
  }
  const bypass = createDispatcher({ HTTP_PROXY: guarded.url, NO_PROXY: '127.0.0.1' });
  try {
    const before = guarded.seen.length;
    assert.ok((await clients(bypass).process.listFacets()).length > 0);
    assert.equal(guarded.seen.length, before, 'NO_PROXY goes direct');
  } finally {
    await bypass.close();
  }
});

test('the sync worker thread, which cannot ask Electron, gets the system proxy’s answer with its task', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-proxy-worker-'));
  const asked: string[] = [];
  useSystemProxy(async (url) => {
    asked.push(url);
    return `PROXY ${proxy.hostPort}`;
  });
  try {
    const c = emulator.config;
    const dbFile = join(folder, 'cache.db');
    const { db } = await openDatabase(dbFile, migrations, createMemoryLogger());
    addPin(db, { facet: 'processes', view: 'processList', culture: 1033 });
    db.close();
    const before = proxy.seen.length;
    const result = await pullInWorker(
      {
        dbFile,
        schemaVersion: LATEST_SCHEMA,
        connection: connectionOf(emulator),
        env: {},
      },
      { culture: 1033 },
    );
    assert.equal(result.pins.length, 1);
    assert.deepEqual(asked, [`${new URL(c.processBaseUrl).origin}/`]);
    assert.ok(proxy.seen.length > before, 'the worker’s requests went through the proxy');
  } finally {
    useSystemProxy(undefined);
    rmSync(folder, { recursive: true, force: true });
  }
});
