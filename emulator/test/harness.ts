/** Test helpers: a real emulator on port 0 and small fetch wrappers per interface. */
import type { EmulatorOptions, RunningEmulator } from '../index.ts';
import { startEmulator } from '../index.ts';

export interface Harness {
  emu: RunningEmulator;
  /** Process-management path below `{base}/{collectionId}/{storageId}/_api/`. */
  api(path: string, init?: RequestInit & { version?: string; token?: string | null }): Promise<Response>;
  json<T = Record<string, unknown>>(
    path: string,
    init?: RequestInit & { version?: string; token?: string | null },
  ): Promise<T>;
  bpmnUrl(elementId: string, query?: string, token?: string): string;
  reporting(path: string, headers?: Record<string, string>): Promise<Response>;
  push(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
  close(): Promise<void>;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator({ seed: 'demo', ...options });
  const c = emu.config;
  const api: Harness['api'] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token !== null) headers.set('symbio-auth-token', init.token ?? c.authToken);
    if (init.version) headers.set('api-version', init.version);
    return fetch(`${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/${path}`, { ...init, headers });
  };
  return {
    emu,
    api,
    json: async <T>(path: string, init?: RequestInit & { version?: string; token?: string | null }) => {
      const res = await api(path, init);
      if (!res.ok) throw new Error(`${res.status} for ${path}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    bpmnUrl: (id, query = '', token = c.bpmnToken) =>
      `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/v1/bpmn/${id}?svc-auth-token=${encodeURIComponent(token)}${query}`,
    reporting: (path, headers) =>
      fetch(`${c.reportingBaseUrl}${path}`, {
        headers: headers ?? {
          'x-tenant-id': c.tenantId,
          'x-api-key': c.reportingApiKey,
          accept: 'application/json',
        },
      }),
    push: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', init.key ?? `AppKey ${c.dataPushKey}`);
      return fetch(`${c.dataPushBaseUrl}/api/v1/data-push/${c.poolId}${path}`, { ...init, headers });
    },
    close: () => emu.close(),
  };
}

export interface ElementJson {
  id: string;
  versionId: string;
  facetName: string;
  type: string;
  state: string;
  attributes: Record<string, Record<string, string>>;
  related: Record<string, Array<Record<string, unknown>>>;
  children?: unknown[];
  rootPath?: string[];
  displayNames?: Record<string, string>;
  content?: unknown[];
}

export const PROCESS_LIST = 'rest/facets/processes/views/processList/elements';

/** All processes of the demo seed that have a diagram, with their state. */
export async function processes(h: Harness): Promise<ElementJson[]> {
  const body = await h.json<{ values: ElementJson[] }>(
    `${PROCESS_LIST}?$pageSize=1000&$resources=attributes,related,content`,
  );
  return body.values;
}
