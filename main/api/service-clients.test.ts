import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent } from 'undici';
import { startEmulator } from '../../emulator/index.ts';
import { HttpClient } from './http/http-client.ts';
import { InterfaceNotConfigured, ServiceClients, interfaceRequirements } from './service-clients.ts';
import { LanesError } from '../../shared/ipc/errors.ts';

const http = (): HttpClient => new HttpClient({ dispatcher: new Agent(), retry: { maxAttempts: 1 } });

test('missing() names exactly the fields an interface lacks, and asking for its client says so', () => {
  const clients = new ServiceClients({ reportingBaseUrl: 'http://127.0.0.1:1', tenantId: 't' }, http());
  assert.deepEqual(clients.missing('reporting'), ['reportingApiKey']);
  assert.deepEqual(clients.missing('dataPush'), [...interfaceRequirements.dataPush]);
  assert.equal(clients.has('reporting'), false);
  assert.throws(
    () => clients.reporting(),
    (error: unknown) =>
      error instanceof InterfaceNotConfigured &&
      error instanceof LanesError &&
      error.code === 'connection.notConfigured' &&
      error.params.fields === 'reportingApiKey',
  );
  // Process and BPMN clients need the tenant's address; a missing token is the service's to refuse.
  assert.throws(() => clients.process(), InterfaceNotConfigured);
  const tokenless = new ServiceClients(
    { processBaseUrl: 'http://127.0.0.1:1', collectionId: 'c', storageId: 's' },
    http(),
  );
  assert.deepEqual(tokenless.missing('bpmn'), ['bpmnToken']);
  assert.ok(tokenless.bpmn());
});

test('one factory reaches all four interfaces of the emulator over one HTTP client', async (t) => {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  t.after(() => emulator.close());
  const clients = new ServiceClients(emulator.config, http());
  for (const serviceInterface of ['process', 'bpmn', 'reporting', 'dataPush'] as const) {
    assert.equal(clients.has(serviceInterface), true, serviceInterface);
  }
  const facets = await clients.process().listFacets();
  assert.ok(facets.length > 0);
  await assert.rejects(
    clients.bpmn().exportBpmn('00000000-0000-0000-0000-000000000000', 1033),
    (error: unknown) => error instanceof LanesError && error.code === 'api.notFound',
  );
  assert.ok((await clients.reporting().listFacets()).length > 0);
  assert.ok(Array.isArray(await clients.dataPush().listJobs()));
  assert.equal(clients.process(), clients.process(), 'clients are made once per connection');
});
