import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { HttpClient, type WaitNotice } from './http-client.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';

type Route = (request: IncomingMessage, response: ServerResponse, hit: number) => void;
const routes = new Map<string, Route>();
const hits = new Map<string, number>();
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const count = (hits.get(path) ?? 0) + 1;
  hits.set(path, count);
  request.resume();
  request.on('end', () =>
    (routes.get(path) ?? ((_q, r) => r.writeHead(404).end()))(request, response, count),
  );
});
let base = '';
const dispatcher = new Agent({ keepAliveTimeout: 1000 });

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await dispatcher.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(notices: WaitNotice[] = []): HttpClient {
  return new HttpClient({
    dispatcher,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    onWait: (notice) => notices.push(notice),
  });
}

test('a read is retried through 503s and succeeds', async () => {
  routes.set('/flaky', (_q, r, hit) => (hit < 3 ? r.writeHead(503).end() : r.writeHead(200).end('ok')));
  const notices: WaitNotice[] = [];
  const response = await client(notices).send({
    operation: 'flaky',
    method: 'GET',
    url: new URL('/flaky', base),
  });
  assert.equal(response.status, 200);
  assert.equal(response.text, 'ok');
  assert.equal(hits.get('/flaky'), 3);
  assert.deepEqual(
    notices.map((n) => n.reason),
    ['unavailable', 'unavailable'],
  );
});

test('Retry-After is honoured in full and announced', async () => {
  routes.set('/limited', (_q, r, hit) =>
    hit === 1 ? r.writeHead(429, { 'retry-after': '1' }).end() : r.writeHead(200).end('done'),
  );
  const notices: WaitNotice[] = [];
  const started = Date.now();
  const response = await client(notices).send({
    operation: 'limited',
    method: 'GET',
    url: new URL('/limited', base),
  });
  assert.equal(response.status, 200);
  assert.ok(Date.now() - started >= 1000, 'waited at least the second the service asked for');
  assert.deepEqual(notices, [{ operation: 'limited', attempt: 1, waitMs: 1000, reason: 'rateLimited' }]);
});

test('a write is not repeated after the connection breaks: its outcome is reported as unknown', async () => {
  routes.set('/reset', (q) => q.socket.destroy());
  await assert.rejects(
    client().send({ operation: 'import', method: 'POST', url: new URL('/reset', base), body: '<x/>' }),
    (error: unknown) => error instanceof LanesError && error.code === 'api.outcomeUnknown',
  );
  assert.equal(hits.get('/reset'), 1);
});

test('a write is not repeated after a 503 either; the caller gets the response', async () => {
  routes.set('/busy', (_q, r) => r.writeHead(503).end());
  const response = await client().send({ operation: 'busy', method: 'POST', url: new URL('/busy', base) });
  assert.equal(response.status, 503);
  assert.equal(hits.get('/busy'), 1);
});

test('an unreachable host gives api.unreachable after the retries', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const notices: WaitNotice[] = [];
  await assert.rejects(
    client(notices).send({ operation: 'probe', method: 'GET', url: new URL(`http://127.0.0.1:${port}/`) }),
    (error: unknown) =>
      error instanceof LanesError && error.code === 'api.unreachable' && error.params.reason === 'refused',
  );
  assert.equal(notices.length, 4);
});

test('redirects are followed within the origin and refused across origins', async () => {
  routes.set('/moved', (_q, r) => r.writeHead(302, { location: '/target' }).end());
  routes.set('/target', (q, r) => r.writeHead(200).end(String(q.headers['symbio-auth-token'])));
  const same = await client().send({
    operation: 'moved',
    method: 'GET',
    url: new URL('/moved', base),
    headers: { 'symbio-auth-token': 't0ken' },
  });
  assert.equal(same.text, 't0ken');
  routes.set('/away', (_q, r) => r.writeHead(302, { location: 'http://evil.invalid/steal' }).end());
  await assert.rejects(
    client().send({ operation: 'away', method: 'GET', url: new URL('/away?svc-auth-token=abc', base) }),
    (error: unknown) => error instanceof LanesError && error.code === 'api.redirected',
  );
});

test('an aborted wait is reported as cancelled', async () => {
  routes.set('/slow-limit', (_q, r) => r.writeHead(429, { 'retry-after': '30' }).end());
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  await assert.rejects(
    client().send({
      operation: 'slow',
      method: 'GET',
      url: new URL('/slow-limit', base),
      signal: controller.signal,
    }),
    (error: unknown) => error instanceof LanesError && error.code === 'api.cancelled',
  );
});
