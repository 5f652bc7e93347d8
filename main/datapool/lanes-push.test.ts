/**
 * Pushing what Lanes knows: the inventory and the model-quality metrics from a
 * real cache file (filled by pinning the demo tenant's process list), checked
 * against that file and the emulator's tables; offline, the push waits in the
 * profile's cache and the next sync sends it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { createMainServices, type MainServices } from '../app/main-services.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { ProfileService } from '../profiles/profile-service.ts';
import { cacheFileFor } from '../cache/cache-location.ts';
import { profileFromValues } from '../../shared/domain/profiles.ts';
import type { LanesTablePreview, PushProgress } from '../../shared/domain/datapool.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { callOrFail, poolInspector } from './datapool.test-support.ts';
import { inventoryTable, metricsTable } from './lanes-tables.ts';

let emulator: RunningEmulator;
let services: MainServices;
let pool: DataPushClient;
let dataDir: string;
const finals = new Map<string, PushProgress>();
const waiters = new Map<string, (p: PushProgress) => void>();

before(async () => {
  emulator = await startEmulator({ seed: 'demo', quiet: true, jobStepMs: 50 });
  dataDir = mkdtempSync(join(tmpdir(), 'lanes-lanes-push-'));
  const secrets = new MemorySecretStore();
  const profiles = new ProfileService(dataDir, secrets, () => {});
  profiles.save(profileFromValues('Demo', emulator.config));
  profiles.use('Demo');
  services = createMainServices({
    identity: { name: 'Lanes', version: 'test', transport: 'harness' },
    dataDir,
    locale: 'en-US',
    logger: createMemoryLogger(),
    env: {},
    secrets,
    events: (name, payload) => {
      if (name !== 'datapool.progress') return;
      const p = payload as PushProgress;
      if (['done', 'failed', 'canceled'].includes(p.phase)) {
        finals.set(p.pushId, p);
        waiters.get(p.pushId)?.(p);
      }
    },
  });
  pool = poolInspector(emulator.config);
  // Fill the cache as a user would: make the process list available offline, then sync.
  await call('workspace.pin', { facet: 'processes', view: 'processList' });
  await syncWhenFree({ send: false, pull: true });
});

/** Pinning starts a pull in the background; a sync asked for meanwhile waits until it is free. */
async function syncWhenFree(what: { send: boolean; pull: boolean }): Promise<void> {
  for (;;) {
    const result = await services.dispatch('sync.run', what);
    if (result.ok) return;
    if (result.error.code !== 'sync.busy') throw new Error(result.error.message);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
after(async () => {
  services.dispose();
  await emulator.close();
});

function call<T>(channel: string, payload: unknown): Promise<T> {
  return callOrFail<T>(services, channel, payload);
}

function outcome(pushId: string): Promise<PushProgress> {
  const known = finals.get(pushId);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => waiters.set(pushId, resolve));
}

function cache(): Database.Database {
  return new Database(cacheFileFor(dataDir, 'Demo'), { readonly: true });
}

const asText = (rows: Record<string, unknown>[], columns: string[]): string[][] =>
  rows
    .map((row) => columns.map((c) => (row[c] === null || row[c] === undefined ? '' : String(row[c]))))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));

test('the inventory holds every cached element, and the pushed table equals it', async () => {
  const db = cache();
  const cachedIds = (db.prepare('SELECT id FROM elements ORDER BY id').all() as { id: string }[]).map(
    (r) => r.id,
  );
  const expected = inventoryTable(db as never, 1033);
  db.close();
  assert.ok(cachedIds.length > 10, 'the pin cached the landscape');
  const preview = await call<LanesTablePreview>('datapool.previewLanes', { kind: 'inventory' });
  assert.equal(preview.total, cachedIds.length);
  assert.equal(preview.key, 'element_id');
  const { pushId, waiting } = await call<{ pushId: string; waiting: boolean }>('datapool.pushLanes', {
    kind: 'inventory',
    table: 'inventory',
  });
  assert.equal(waiting, false);
  const final = await outcome(pushId);
  assert.equal(final.phase, 'done', JSON.stringify(final));
  const table = await pool.inspectTable('inventory');
  const columns = expected.columns.map((c) => c.columnName);
  assert.deepEqual(table.map((r) => String(r.element_id)).sort(), [...cachedIds].sort());
  // Every value as Lanes has it in the cache (dates in the service's DATETIME form).
  assert.deepEqual(
    asText(table, columns),
    [...expected.rows].sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );
  const owners = table.filter((r) => r.owner);
  assert.ok(owners.length > 0, 'owners are named');
  // Their own names (the `name` attribute), not their type's (`displayNames`: "Process" for every process).
  const processNames = new Set(table.filter((r) => r.type === 'process').map((r) => String(r.name)));
  assert.ok(processNames.size > 1, `processes carry their own names: ${[...processNames].join(', ')}`);
  assert.ok(!processNames.has('Process'));
  // Repeated as DELTA by element id: still one row per element.
  const again = await call<{ pushId: string }>('datapool.pushLanes', {
    kind: 'inventory',
    table: 'inventory',
  });
  assert.equal((await outcome(again.pushId)).phase, 'done');
  assert.equal((await pool.inspectTable('inventory')).length, cachedIds.length);
});

test('the metrics have one row per cached diagram, with lint findings by rule', async () => {
  const db = cache();
  const diagrams = (
    db.prepare('SELECT COUNT(DISTINCT element_id) AS n FROM bpmn_exports').get() as { n: number }
  ).n;
  const expected = await metricsTable(db as never, 1033);
  db.close();
  assert.ok(diagrams > 0, 'the pin cached diagrams');
  assert.equal(expected.rows.length, diagrams);
  const { pushId } = await call<{ pushId: string }>('datapool.pushLanes', {
    kind: 'metrics',
    table: 'quality',
  });
  assert.equal((await outcome(pushId)).phase, 'done');
  const table = await pool.inspectTable('quality');
  assert.equal(table.length, diagrams);
  const columns = expected.columns.map((c) => c.columnName);
  assert.deepEqual(
    asText(table, columns),
    [...expected.rows].sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );
  assert.ok(columns.includes('lint_label_required'), 'a column per lint rule');
  assert.ok(
    table.some((r) => Number(r.elements) > 0),
    'flow nodes are counted',
  );
  for (const row of table) {
    const byRule = columns.filter(
      (c) => c.startsWith('lint_') && c !== 'lint_errors' && c !== 'lint_warnings',
    );
    const sum = byRule.reduce((total, c) => total + Number(row[c] ?? 0), 0);
    assert.equal(
      sum,
      Number(row.lint_errors) + Number(row.lint_warnings),
      `findings of ${String(row.process_id)}`,
    );
  }
});

test('offline, an inventory push waits in the cache with its rows snapshotted; the next sync sends it', async () => {
  const rule = emulator.faults.add({ route: '/api/v1/data-push/*', failRate: 1, status: 503 });
  let pushId: string;
  try {
    const started = await call<{ pushId: string; waiting: boolean }>('datapool.pushLanes', {
      kind: 'inventory',
      table: 'offline_inventory',
    });
    assert.equal(started.waiting, true);
    pushId = started.pushId;
    const status = await call<{ queued: number }>('sync.status', {});
    assert.equal(status.queued, 1);
    const history = await call<PushProgress[]>('datapool.pushes', {});
    assert.equal(history.find((p) => p.pushId === pushId)?.phase, 'waiting');
  } finally {
    emulator.faults.remove(rule.id);
  }
  const snapshot = join(dataDir, 'datapool-waiting', 'Demo', `${pushId}.csv`);
  assert.ok(existsSync(snapshot), 'the rows wait in the data folder');
  await syncWhenFree({ send: true, pull: false });
  assert.equal((await outcome(pushId)).phase, 'done');
  const db = cache();
  const cached = (db.prepare('SELECT COUNT(*) AS n FROM elements').get() as { n: number }).n;
  db.close();
  assert.equal((await pool.inspectTable('offline_inventory')).length, cached);
  assert.equal((await call<{ queued: number }>('sync.status', {})).queued, 0);
  assert.equal(existsSync(snapshot), false, 'the snapshot is gone once sent');
  const history = await call<PushProgress[]>('datapool.pushes', {});
  assert.equal(history.find((p) => p.pushId === pushId)?.status, 'DONE');
});

test('a waiting push can be dropped: it stays in the history as cancelled and its snapshot is gone', async () => {
  const rule = emulator.faults.add({ route: '/api/v1/data-push/*', failRate: 1, status: 503 });
  try {
    const { pushId, waiting } = await call<{ pushId: string; waiting: boolean }>('datapool.pushLanes', {
      kind: 'metrics',
      table: 'dropped',
    });
    assert.equal(waiting, true);
    const snapshot = join(dataDir, 'datapool-waiting', 'Demo', `${pushId}.csv`);
    assert.ok(existsSync(snapshot));
    await call('datapool.cancel', { pushId });
    assert.equal(existsSync(snapshot), false);
    assert.equal((await call<{ queued: number }>('sync.status', {})).queued, 0);
    const history = await call<PushProgress[]>('datapool.pushes', {});
    assert.equal(history.find((p) => p.pushId === pushId)?.phase, 'canceled');
  } finally {
    emulator.faults.remove(rule.id);
  }
});
