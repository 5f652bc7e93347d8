import { HttpClient, type HttpClientOptions } from '../api/http/http-client.ts';
import { ProcessRequester, type ProcessConnection } from '../api/process/process-requester.ts';
import { ProcessClient } from '../api/process/process-client.ts';
import { BpmnClient } from '../api/process/bpmn-client.ts';

/** The clients prefetch and refresh need, over one HTTP client whose received bytes they report. */
export interface SyncClients {
  http: HttpClient;
  process: ProcessClient;
  bpmn: BpmnClient;
}

/** Built from plain data, so that a worker thread can make its own from a message. */
export function createSyncClients(connection: ProcessConnection, http: HttpClientOptions): SyncClients {
  const client = new HttpClient(http);
  const requester = new ProcessRequester(client, connection);
  return { http: client, process: new ProcessClient(requester), bpmn: new BpmnClient(requester) };
}
