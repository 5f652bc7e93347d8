import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { HttpClient } from '../http/http-client.ts';
import { ProcessRequester } from './process-requester.ts';
import { ProcessClient } from './process-client.ts';
import { BpmnClient } from './bpmn-client.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';

/** Canned bodies in the service's quirkier forms; this file tests that the client absorbs them. */
const bodies = new Map<string, { status?: number; body: unknown }>();
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((request, response) => {
  seen.push({ url: request.url ?? '', headers: request.headers });
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const canned = bodies.get(`${request.method} ${path}`);
  response.writeHead(canned?.status ?? (canned ? 200 : 404), { 'content-type': 'application/json' });
  response.end(typeof canned?.body === 'string' ? canned.body : JSON.stringify(canned?.body ?? {}));
});
const dispatcher = new Agent();
let client: ProcessClient;
let bpmn: BpmnClient;
const P = '/c1/s1/_api/rest';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const http = new HttpClient({ dispatcher, retry: { maxAttempts: 1 } });
  const requester = new ProcessRequester(http, {
    baseUrl,
    collectionId: 'c1',
    storageId: 's1',
    authToken: 'tok-123456',
    bpmnToken: 'bpmn-654321',
  });
  client = new ProcessClient(requester);
  bpmn = new BpmnClient(requester);
});
after(async () => {
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
});

test('1.0 display names and repeated 1.0 view names are normalized', async () => {
  bodies.set(`GET ${P}/facets/processes/views`, {
    body: {
      count: 3,
      values: [
        { name: 'tree', displayName: 'Tree', isHierarchical: true },
        { name: 'tree', displayName: 'Tree again', isHierarchical: true },
        { name: 'flat', displayNames: { '1033': 'Flat', '1031': 'Flach' } },
      ],
    },
  });
  const views = await client.listViews('processes', { apiVersion: '1.0' });
  assert.deepEqual(views, [
    { name: 'tree', displayNames: { '127': 'Tree' }, isHierarchical: true },
    { name: 'flat', displayNames: { '1033': 'Flat', '1031': 'Flach' }, isHierarchical: false },
  ]);
  assert.equal(seen.at(-1)!.headers['api-version'], '1.0');
  assert.equal(seen.at(-1)!.headers['symbio-auth-token'], 'tok-123456');
  assert.doesNotMatch(seen.at(-1)!.url, /tok-123456/, 'the token never travels in the URL');
});

test('lists arrive under values, elements or transitions alike', async () => {
  bodies.set(`GET ${P}/facets/f/views/v/elements/e1`, {
    body: { count: 1, elements: [{ id: 'e1', type: 'process', attributes: { name: { '1033': 'Order' } } }] },
  });
  const element = await client.getElement('f', 'v', 'e1');
  assert.equal(element.attributes.name?.['1033'], 'Order');
  assert.equal(element.creationId, 'e1');
  bodies.set('GET /c1/s1/_api/release/e1/transitions', {
    body: {
      count: 1,
      transitions: [
        { transitionId: 'InProcessToReleased', sourceState: 'inProcess', targetState: 'released' },
      ],
    },
  });
  assert.deepEqual(await client.listTransitions('e1'), [
    { id: 'InProcessToReleased', sourceState: 'inProcess', targetState: 'released' },
  ]);
});

test('a 200 whose body says type "Error" is an error, whatever its capitalisation', async () => {
  bodies.set('POST /c1/s1/_api/release/e1/transitions/InProcessToReleased', {
    body: {
      type: 'Warning',
      message: 'No description',
      output: 'Dialog',
      data: [{ error: 'description is empty' }],
    },
  });
  await assert.rejects(
    client.changeState('e1', 'InProcessToReleased'),
    (error: unknown) =>
      error instanceof LanesError &&
      error.code === 'api.validationWarning' &&
      /description is empty/.test(error.params.serviceMessage ?? ''),
  );
  assert.match(seen.at(-1)!.url, /ignoreWarnings=false/);
  bodies.set(`POST ${P}/release/e2/createversion`, { body: { type: 'ERROR', message: 'Element is locked' } });
  await assert.rejects(
    client.createVersion('e2'),
    (error: unknown) =>
      error instanceof LanesError && error.code === 'api.serviceError' && /locked/.test(error.message),
  );
});

test('a 401 is unauthorized naming the credential; garbage names the field', async () => {
  bodies.set(`GET ${P}/facets`, { status: 401, body: { type: 'Unauthorized', message: 'Invalid token' } });
  await assert.rejects(
    client.listFacets(),
    (error: unknown) =>
      error instanceof LanesError &&
      error.code === 'api.unauthorized' &&
      error.params.credential === 'authToken',
  );
  bodies.set(`GET ${P}/facets`, { body: { count: 1, values: [{ displayName: 'no name' }] } });
  await assert.rejects(
    client.listFacets(),
    (error: unknown) =>
      error instanceof LanesError &&
      error.code === 'api.invalidResponse' &&
      /0\.name/.test(error.params.field ?? ''),
  );
  bodies.set(`GET ${P}/facets`, { body: '<html>gateway</html>' });
  await assert.rejects(
    client.listFacets(),
    (error: unknown) => error instanceof LanesError && error.code === 'api.invalidResponse',
  );
});

test('BPMN calls carry the BPMN token as svc-auth-token and never the header token', async () => {
  bodies.set('GET /c1/s1/_api/v1/bpmn/p1', { body: '<definitions/>' });
  await bpmn.exportBpmn('p1', 1031);
  const last = seen.at(-1)!;
  assert.match(last.url, /lcid=1031/);
  assert.match(last.url, /svc-auth-token=bpmn-654321/);
  assert.equal(last.headers['symbio-auth-token'], undefined);
});
