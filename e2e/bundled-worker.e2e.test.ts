import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/index.ts';
import { openDatabase } from '../main/cache/database.ts';
import { migrations } from '../main/cache/schema.ts';
import { addPin } from '../main/cache/pins.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { pullInWorker, setSyncWorkerLocation } from '../main/cache/sync-worker-client.ts';

/** The Electron build runs the sync worker from dist/main/sync-worker.mjs; this runs that very file. */
test('the bundled sync worker pulls a pinned view into the cache', async () => {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  try {
    const c = emulator.config;
    const dbFile = join(mkdtempSync(join(tmpdir(), 'lanes-worker-')), 'cache.db');
    const { db } = await openDatabase(dbFile, migrations, createMemoryLogger());
    addPin(db, { facet: 'processes', view: 'processList', culture: 1033 });
    setSyncWorkerLocation(fileURLToPath(new URL('../dist/main/sync-worker.mjs', import.meta.url)));
    const result = await pullInWorker(
      {
        dbFile,
        connection: {
          baseUrl: c.processBaseUrl,
          collectionId: c.collectionId,
          storageId: c.storageId,
          authToken: c.authToken,
          bpmnToken: c.bpmnToken,
        },
        env: {},
      },
      { culture: 1033 },
    );
    assert.equal(result.pins.length, 1);
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM elements').get() as { n: number };
    assert.ok(n > 20, `${n} elements cached`);
    db.close();
  } finally {
    await emulator.close();
  }
});
