import { HttpClient, type HttpClientOptions } from './http/http-client.ts';
import type { ProcessConnection } from './process/process-requester.ts';
import type { ProcessClient } from './process/process-client.ts';
import type { BpmnClient } from './process/bpmn-client.ts';
import { ServiceClients, fieldsOfProcessConnection } from './service-clients.ts';

/** The clients prefetch and refresh need, over one HTTP client whose received bytes they report. */
export interface SyncClients {
  http: HttpClient;
  process: ProcessClient;
  bpmn: BpmnClient;
}

/**
 * Built from plain data, so that a worker thread can make its own from a
 * message; through the one factory (`api/service-clients.ts`).
 */
export function createSyncClients(connection: ProcessConnection, http: HttpClientOptions): SyncClients {
  const clients = new ServiceClients(fieldsOfProcessConnection(connection), new HttpClient(http));
  return {
    http: clients.http,
    process: clients.process(),
    bpmn: clients.bpmn(),
  };
}
