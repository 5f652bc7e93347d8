import type { ProcessRequester } from './process-requester.ts';
import { BODY_LIMITS } from '../http/body-limits.ts';

type Signal = { signal?: AbortSignal };

/**
 * The BPMN endpoints (service-api.md §4.4). They authenticate with their own
 * token in the `svc-auth-token` query parameter, which is why they are a
 * client of their own.
 */
export class BpmnClient {
  readonly #r: ProcessRequester;

  constructor(requester: ProcessRequester) {
    this.#r = requester;
  }

  /** BPMN 2.0 XML with names in culture `lcid` (0 = the tenant's default). */
  exportBpmn(id: string, lcid: number, options: Signal = {}): Promise<string> {
    return this.#r.text({
      operation: 'exportBpmn',
      method: 'GET',
      maxBodyBytes: BODY_LIMITS.bpmn,
      url: this.#r.bpmnUrl(id, lcid),
      auth: 'bpmnQuery',
      what: `process ${id}`,
      ...options,
    });
  }

  importBpmn(id: string, lcid: number, xml: string, options: Signal = {}): Promise<string> {
    return this.#r.text({
      operation: 'importBpmn',
      method: 'POST',
      url: this.#r.bpmnUrl(id, lcid),
      auth: 'bpmnQuery',
      body: xml,
      contentType: 'application/xml',
      what: `process ${id}`,
      ...options,
    });
  }
}
