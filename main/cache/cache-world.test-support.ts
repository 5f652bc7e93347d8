import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';
import { ReportingClient } from '../api/reporting/reporting-client.ts';
import { HttpClient } from '../api/http/http-client.ts';
import type { ProcessConnection } from '../api/process/process-requester.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { openDatabase, type Db } from './database.ts';
import { migrations } from '../app/cache-schema.ts';
import { CacheStore } from './cache-store.ts';
import { createSyncClients, type SyncClients } from '../api/sync-clients.ts';

export interface CacheWorld {
  emulator: RunningEmulator;
  dir: string;
  file: string;
  db: Db;
  store: CacheStore;
  clients: SyncClients;
  connection: ProcessConnection;
  reporting: ReportingClient;
  /** Requests the emulator saw on paths matching `route` since the call (a counting fault rule). */
  countRequests(route: string): () => number;
  close(): Promise<void>;
}

export function connectionOf(emulator: RunningEmulator): ProcessConnection {
  const c = emulator.config;
  return {
    baseUrl: c.processBaseUrl,
    collectionId: c.collectionId,
    storageId: c.storageId,
    authToken: c.authToken,
    bpmnToken: c.bpmnToken,
  };
}

/** A real emulator on loopback and a real cache file in a temp folder; unreachable fails fast (one attempt). */
export async function startCacheWorld(options: EmulatorOptions = {}): Promise<CacheWorld> {
  const emulator = await startEmulator({ seed: 'demo', quiet: true, ...options });
  const dir = mkdtempSync(join(tmpdir(), 'lanes-cache-'));
  const file = join(dir, 'cache.db');
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  const dispatcher = new Agent({ connections: 8 });
  const connection = connectionOf(emulator);
  const clients = createSyncClients(connection, { dispatcher, retry: { maxAttempts: 1 } });
  const c = emulator.config;
  const reporting = new ReportingClient(new HttpClient({ dispatcher, retry: { maxAttempts: 1 } }), {
    baseUrl: c.reportingBaseUrl,
    tenantId: c.tenantId,
    apiKey: c.reportingApiKey,
  });
  let closed = false;
  return {
    emulator,
    dir,
    file,
    db,
    store: new CacheStore(db),
    clients,
    connection,
    reporting,
    countRequests(route) {
      const rule = emulator.faults.add({ route, latencyMs: 0 });
      return () =>
        (emulator.faults.list().rules.find((r) => r.id === rule.id) as { hits?: number } | undefined)?.hits ??
        0;
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
      await dispatcher.close();
      await emulator.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
