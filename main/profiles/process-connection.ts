import type { ProcessConnection } from '../api/process/process-requester.ts';
import type { Connection } from './connection-fields.ts';

/**
 * The process-management part of a connection, or undefined when it lacks
 * what every process call needs (base URL, collection, storage, auth token).
 * The BPMN token may be absent: only the BPMN endpoints use it.
 */
export function processConnectionOf(c: Connection): ProcessConnection | undefined {
  if (!c.processBaseUrl || !c.collectionId || !c.storageId || !c.authToken) return undefined;
  return {
    baseUrl: c.processBaseUrl,
    collectionId: c.collectionId,
    storageId: c.storageId,
    authToken: c.authToken,
    bpmnToken: c.bpmnToken ?? '',
  };
}
