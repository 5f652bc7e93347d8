import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { HttpClient } from '../api/http/http-client.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { OnlineMonitor } from './online-monitor.ts';

test('online state follows real requests: answers, refusals and unreachable hosts', async () => {
  const statusOf: Record<string, number> = { '/denied': 401, '/unavailable': 503 };
  const server = createServer((q, r) => r.writeHead(statusOf[q.url ?? ''] ?? 200).end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let path = '/ok';
  const dispatcher = new Agent();
  const monitor: OnlineMonitor = new OnlineMonitor((signal) =>
    http.send({ operation: 'probe', method: 'GET', url: new URL(path, origin), signal }),
  );
  const http = new HttpClient({
    dispatcher,
    retry: { maxAttempts: 1 },
    onReachability: (r) => monitor.observe(r),
  });
  const seen: string[] = [];
  monitor.onChange((state) => seen.push(state));
  try {
    assert.equal(monitor.state, 'unknown');
    assert.equal(await monitor.check(), 'online');
    path = '/denied';
    assert.equal(await monitor.check(), 'online', 'a 401 is still an answer');
    await http.send({ operation: 'read', method: 'GET', url: new URL('/unavailable', origin) });
    assert.equal(monitor.state, 'offline', 'a 503 after retries: the service is not serving');
    path = '/ok';
    assert.equal(await monitor.check(), 'online');
    server.close();
    server.closeAllConnections();
    await dispatcher.close();
    const fresh = new Agent();
    const offline = new OnlineMonitor((signal) =>
      new HttpClient({
        dispatcher: fresh,
        retry: { maxAttempts: 1 },
        onReachability: (r) => offline.observe(r),
      }).send({
        operation: 'probe',
        method: 'GET',
        url: new URL('/ok', origin),
        signal,
      }),
    );
    assert.equal(await offline.check(), 'offline');
    await fresh.close();
    assert.deepEqual(seen, ['online', 'offline', 'online']);
  } finally {
    server.close();
  }
});

test('while offline the monitor probes again by itself, with growing pauses, until the service answers', async () => {
  let answering = false;
  let probes = 0;
  const monitor = new OnlineMonitor(async () => {
    probes++;
    if (!answering) throw new LanesError({ code: 'api.unreachable', message: 'down' });
  }, [20, 40]);
  const seen: string[] = [];
  monitor.onChange((state) => seen.push(state));
  try {
    monitor.observe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.ok(probes >= 2, `probed again while offline (${probes})`);
    assert.equal(monitor.state, 'offline');
    answering = true;
    const deadline = Date.now() + 2000;
    const now = (): string => monitor.state;
    while (now() !== 'online' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(monitor.state, 'online', 'noticed the service is back without anybody asking');
    const after = probes;
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.equal(probes, after, 'online: no more probes');
    assert.deepEqual(seen, ['offline', 'online']);
  } finally {
    monitor.stop();
  }
});
