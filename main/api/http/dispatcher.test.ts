import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCACertificates } from 'node:tls';
import { createDispatcher, trustedCertificates } from './dispatcher.ts';
import { HttpClient } from './http-client.ts';

const proxied: string[] = [];
/** A minimal forward proxy: absolute-URI requests are passed on and counted. */
const proxy = createServer((incoming, outgoing) => {
  proxied.push(incoming.url ?? '');
  const upstream = httpRequest(
    incoming.url!,
    { method: incoming.method, headers: incoming.headers },
    (response) => {
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    },
  );
  incoming.pipe(upstream);
});
const target = createServer((_q, r) => r.end('hello'));
const address = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

before(async () => {
  await Promise.all(
    [proxy, target].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))),
  );
});
after(() => {
  proxy.close();
  target.close();
});

test('requests go through HTTP_PROXY, except for NO_PROXY hosts', async () => {
  const viaProxy = createDispatcher({ HTTP_PROXY: address(proxy) });
  const response = await new HttpClient({ dispatcher: viaProxy }).send({
    operation: 'probe',
    method: 'GET',
    url: new URL('/x', address(target)),
  });
  assert.equal(response.text, 'hello');
  assert.deepEqual(proxied, [`${address(target)}/x`]);
  await viaProxy.close();

  const bypass = createDispatcher({ HTTP_PROXY: address(proxy), NO_PROXY: '127.0.0.1' });
  await new HttpClient({ dispatcher: bypass }).send({
    operation: 'probe',
    method: 'GET',
    url: new URL('/y', address(target)),
  });
  assert.equal(proxied.length, 1, 'NO_PROXY host was reached directly');
  await bypass.close();
});

test("the trusted certificates include Node's bundled set (and the system's where readable)", () => {
  const trusted = new Set(trustedCertificates());
  for (const cert of getCACertificates('bundled')) assert.ok(trusted.has(cert));
});
