import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { HttpClient } from './http-client.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';
import { ProcessRequester } from '../process/process-requester.ts';
import { ProcessClient } from '../process/process-client.ts';
import { BpmnClient } from '../process/bpmn-client.ts';

/** A real loopback server that answers every request with `size` bytes, announced or streamed. */
let size = 0;
let announce = true;
let requests = 0;
const server = createServer((request, response) => {
  requests++;
  request.resume();
  send(response, size, announce);
});
function send(response: ServerResponse, bytes: number, withLength: boolean): void {
  response.writeHead(200, {
    'content-type': 'application/json',
    ...(withLength ? { 'content-length': String(bytes) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  const pump = (): void => {
    while (sent < bytes) {
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += part.length;
      if (!response.write(part)) return void response.once('drain', pump);
    }
    response.end();
  };
  response.on('error', () => {});
  pump();
}
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

const http = (): HttpClient => new HttpClient({ dispatcher, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
const tooLarge = (error: unknown): boolean =>
  error instanceof LanesError && error.code === 'api.responseTooLarge';

test('an answer over the limit is its own error, read no further and never retried, announced or not', async () => {
  for (const withLength of [true, false]) {
    announce = withLength;
    size = 3 * 1024 * 1024;
    requests = 0;
    const client = http();
    await assert.rejects(
      client.send({
        operation: 'list elements',
        method: 'GET',
        url: new URL(`${base}/x`),
        maxBodyBytes: 1024 * 1024,
      }),
      // The limit in bytes: the message formats it in the reader's language ("1 MB" / "1,0 MB").
      (error) => tooLarge(error) && (error as LanesError).params.limit === String(1024 * 1024),
    );
    assert.equal(requests, 1, 'not retried');
    assert.ok(client.bytesReceived <= 1024 * 1024 + 64 * 1024, `stopped reading at ${client.bytesReceived}`);
  }
});

test('each operation has its limit: JSON by default, renders and BPMN larger', async () => {
  announce = false;
  const requester = new ProcessRequester(http(), {
    baseUrl: base,
    collectionId: 'c',
    storageId: 's',
    authToken: 'token-1234567',
    bpmnToken: 'bpmn-1234567',
  });
  size = BODY_LIMITS.json + 1;
  await assert.rejects(new ProcessClient(requester).listFacets(), tooLarge);
  size = BODY_LIMITS.render + 1;
  await assert.rejects(new ProcessClient(requester).renderDiagram('d', 1033, 'detailed'), tooLarge);
  size = BODY_LIMITS.render + 1;
  const bpmn = await new BpmnClient(requester).exportBpmn('p', 1033);
  assert.equal(bpmn.length, size, 'a BPMN export may be larger than a render');
  size = BODY_LIMITS.bpmn + 1;
  await assert.rejects(new BpmnClient(requester).exportBpmn('p', 1033), tooLarge);
});
