import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrations } from '../app/cache-schema.ts';
import { openDatabase, type Db } from '../cache/database.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import type { HttpClientOptions } from '../api/http/http-client.ts';
import { createSyncClients, type SyncClients } from '../api/sync-clients.ts';
import { processConnectionOf } from '../profiles/process-connection.ts';
import type { Connection } from '../profiles/connection-fields.ts';

/** Process and BPMN clients for an emulator's ready-line config (or any connection), for tests. */
export function clientsFor(config: Connection, http: Partial<HttpClientOptions> = {}): SyncClients {
  const connection = processConnectionOf(config);
  if (!connection) throw new Error('The config lacks a process-management connection.');
  return createSyncClients(connection, { dispatcher: createDispatcher({}), ...http });
}

/** A cache file with the app's schema in a fresh folder, as a test's own (its name starts with `prefix`). */
export async function freshCacheDb(prefix: string): Promise<Db> {
  const file = join(mkdtempSync(join(tmpdir(), prefix)), 'cache.db');
  return (await openDatabase(file, migrations, createMemoryLogger())).db;
}
