import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/index.ts';
import { openDatabase } from '../main/cache/database.ts';
import { LATEST_SCHEMA, migrations } from '../main/app/cache-schema.ts';
import { addPin } from '../main/cache/pins.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { pullInWorker, setSyncWorkerLocation } from '../main/sync/sync-worker-client.ts';
import { inspectInWorker, pushInWorker, setPushWorkerLocation } from '../main/datapool/push-worker-client.ts';
import { poolInspector } from '../main/datapool/datapool.test-support.ts';
import { germanExcelCsv } from '../main/datapool/real-files.test-support.ts';
import { writeXlsx } from '../main/datapool/xlsx/ooxml.test-support.ts';
import type { PushProgress } from '../shared/domain/datapool.ts';
import { connectionOf } from '../main/cache/cache-world.test-support.ts';

/** The Electron build runs the sync worker from dist/main/sync-worker.mjs; this runs that very file. */
test('the bundled sync worker pulls a pinned view into the cache', async () => {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  try {
    const dbFile = join(mkdtempSync(join(tmpdir(), 'lanes-worker-')), 'cache.db');
    const { db } = await openDatabase(dbFile, migrations, createMemoryLogger());
    addPin(db, { facet: 'processes', view: 'processList', culture: 1033 });
    setSyncWorkerLocation(fileURLToPath(new URL('../dist/main/sync-worker.mjs', import.meta.url)));
    const result = await pullInWorker(
      {
        dbFile,
        schemaVersion: LATEST_SCHEMA,
        connection: connectionOf(emulator),
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

/** The Electron build reads files and pushes from dist/main/push-worker.mjs; this runs that very file. */
test('the bundled push worker reads a workbook and a German Excel CSV, and pushes the CSV as it is', async () => {
  const emulator = await startEmulator({ seed: 'empty', quiet: true, jobStepMs: 10 });
  try {
    setPushWorkerLocation(fileURLToPath(new URL('../dist/main/push-worker.mjs', import.meta.url)));
    const dir = mkdtempSync(join(tmpdir(), 'lanes-push-worker-'));
    const book = join(dir, 'book.xlsx');
    writeXlsx(book, [
      {
        name: 'Daten',
        rows: [
          ['id', 'Tag'],
          [1, { date: '2026-03-01' }],
        ],
      },
    ]);
    const sheet = await inspectInWorker({ kind: 'inspect', path: book, name: 'book.xlsx' }, { env: {} });
    assert.deepEqual(sheet.format, { kind: 'xlsx', sheet: 'Daten', headerRow: 1 });
    assert.deepEqual(sheet.rows, [['1', '2026-03-01']]);
    const file = germanExcelCsv();
    const path = join(dir, file.name);
    writeFileSync(path, file.bytes);
    const csv = await inspectInWorker({ kind: 'inspect', path, name: file.name }, { env: {} });
    assert.deepEqual(csv.format, { kind: 'csv', charSet: 'windows-1252', separator: ';' });
    const c = emulator.config;
    let last: Partial<PushProgress> = {};
    await pushInWorker(
      {
        kind: 'push',
        connection: { baseUrl: c.dataPushBaseUrl, poolId: c.poolId, key: c.dataPushKey },
        tempDir: dir,
        spec: {
          file: { path, name: file.name, bytes: csv.bytes },
          format: csv.format,
          table: 'bundled',
          mode: 'REPLACE',
          keys: [],
          columns: csv.columns,
          rowsPerChunk: 2,
        },
      },
      { env: {}, onUpdate: (patch) => (last = { ...last, ...patch }) },
    );
    assert.equal(last.phase, 'done', JSON.stringify(last));
    const rows = await poolInspector(c).inspectTable('bundled');
    assert.deepEqual(
      rows.sort((a, b) => Number(a.id) - Number(b.id)),
      file.expected,
    );
  } finally {
    await emulator.close();
  }
});
