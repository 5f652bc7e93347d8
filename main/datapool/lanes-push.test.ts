/**
 * Pushing what Lanes knows: the inventory and the model-quality metrics of
 * the whole landscape, right after connecting (nothing browsed, nothing
 * cached), checked against the emulator's own listing and tables; offline,
 * "N of M elements known", the push waits in the profile's cache and the
 * next sync sends the whole landscape.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { MainServices } from '../app/main-services.ts';
import { connectedMainSide } from '../app/main-side.test-support.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { ReportingClient } from '../api/reporting/reporting-client.ts';
import type { ReportingElement } from '../../shared/domain/reporting.ts';
import type { GatherProgress, LanesTablePreview, PushProgress } from '../../shared/domain/datapool.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { callOrFail, poolInspector } from './datapool.test-support.ts';

let emulator: RunningEmulator;
let pool: DataPushClient;
let landscape: ReportingElement[];
const finals = new Map<string, PushProgress>();
const waiters = new Map<string, (p: PushProgress) => void>();
const gathering: GatherProgress[] = [];

interface MainSide {
  services: MainServices;
  dataDir: string;
}
const sides: MainSide[] = [];

/** A fresh app connected to the demo tenant: an empty cache, nothing browsed. */
function connectedApp(): MainSide {
  const side = connectedMainSide(emulator.config, {
    events: (name, payload) => {
      if (name === 'datapool.gatherProgress') gathering.push(payload as GatherProgress);
      if (name !== 'datapool.progress') return;
      const p = payload as PushProgress;
      if (['done', 'failed', 'canceled'].includes(p.phase)) {
        finals.set(p.pushId, p);
        waiters.get(p.pushId)?.(p);
      }
    },
  });
  sides.push(side);
  return side;
}

before(async () => {
  emulator = await startEmulator({ seed: 'demo', quiet: true, jobStepMs: 50 });
  pool = poolInspector(emulator.config);
  const c = emulator.config;
  const reporting = new ReportingClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
    baseUrl: c.reportingBaseUrl,
    tenantId: c.tenantId,
    apiKey: c.reportingApiKey,
  });
  landscape = await reporting.listAllElements();
});
after(async () => {
  for (const side of sides) side.services.dispose();
  await emulator.close();
});

const call = <T>(side: MainSide, channel: string, payload: unknown): Promise<T> =>
  callOrFail<T>(side.services, channel, payload);

function outcome(pushId: string): Promise<PushProgress> {
  const known = finals.get(pushId);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => waiters.set(pushId, resolve));
}

/** Pinning starts a pull in the background; a sync asked for meanwhile waits until it is free. */
async function syncWhenFree(side: MainSide, what: { send: boolean; pull: boolean }): Promise<void> {
  for (;;) {
    const result = await side.services.dispatch('sync.run', what);
    if (result.ok) return;
    if (result.error.code !== 'sync.busy') throw new Error(result.error.message);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('right after connecting, the inventory is the whole landscape: one row per element, in the pool too', async () => {
  assert.ok(landscape.length > 100, 'the demo landscape is more than one page of the listing');
  const app = connectedApp();
  gathering.length = 0;
  const preview = await call<LanesTablePreview>(app, 'datapool.previewLanes', { kind: 'inventory' });
  assert.equal(preview.source, 'live');
  assert.equal(preview.total, landscape.length);
  assert.equal(preview.landscapeTotal, landscape.length);
  const listing = gathering.filter((g) => g.kind === 'inventory' && g.step === 'listing');
  assert.ok(listing.length >= 2, 'progress page by page while the listing is read');
  assert.equal(listing.at(-1)!.done, landscape.length);
  const { pushId, waiting } = await call<{ pushId: string; waiting: boolean }>(app, 'datapool.pushLanes', {
    kind: 'inventory',
    table: 'inventory',
  });
  assert.equal(waiting, false);
  assert.equal((await outcome(pushId)).phase, 'done');
  const table = await pool.inspectTable('inventory');
  assert.deepEqual(table.map((r) => String(r.element_id)).sort(), landscape.map((e) => e.id).sort());
  const byId = new Map(table.map((r) => [String(r.element_id), r]));
  for (const item of landscape) {
    const row = byId.get(item.id)!;
    assert.equal(row.facet, item.facetName, `facet of ${item.id}`);
    assert.equal(row.type, item.type, `type of ${item.id}`);
    assert.equal(row.state ?? null, item.state ?? null, `state of ${item.id}`);
    assert.equal(row.name, (item.names as Record<string, string>)['1033'], `name of ${item.id}`);
  }
  // Repeated as DELTA by element id: still one row per element.
  const again = await call<{ pushId: string }>(app, 'datapool.pushLanes', {
    kind: 'inventory',
    table: 'inventory',
  });
  assert.equal((await outcome(again.pushId)).phase, 'done');
  assert.equal((await pool.inspectTable('inventory')).length, landscape.length);
});

test('the metrics have one row per process of the landscape, diagrams exported as needed, findings by rule', async () => {
  const app = connectedApp();
  const processes = landscape.filter((e) => e.type === 'process').map((e) => e.id);
  gathering.length = 0;
  const { pushId } = await call<{ pushId: string }>(app, 'datapool.pushLanes', {
    kind: 'metrics',
    table: 'quality',
  });
  assert.equal((await outcome(pushId)).phase, 'done');
  assert.ok(gathering.some((g) => g.kind === 'metrics' && g.step === 'diagrams' && g.done === g.total));
  const table = await pool.inspectTable('quality');
  assert.deepEqual(table.map((r) => String(r.process_id)).sort(), processes.sort());
  const columns = Object.keys(table[0]!);
  assert.ok(columns.includes('lint_label_required'), 'a column per lint rule');
  assert.ok(
    table.filter((r) => Number(r.elements) > 0).length > processes.length / 2,
    'flow nodes are counted',
  );
  for (const row of table) {
    if (row.elements === null) continue;
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

test('Push right after Preview sends the table the preview showed, without gathering the landscape again', async () => {
  const app = connectedApp();
  const preview = await call<LanesTablePreview>(app, 'datapool.previewLanes', { kind: 'inventory' });
  gathering.length = 0;
  const { pushId } = await call<{ pushId: string }>(app, 'datapool.pushLanes', {
    kind: 'inventory',
    table: 'inventory_as_previewed',
  });
  assert.equal((await outcome(pushId)).phase, 'done');
  assert.deepEqual(gathering, [], 'the landscape is not read again');
  assert.equal((await pool.inspectTable('inventory_as_previewed')).length, preview.total);
});

test('Stop while the landscape is read: the preview ends as cancelled, and the next one reads it all', async () => {
  const app = connectedApp();
  gathering.length = 0;
  // Each answer of the service takes a while: the listing's pages are still coming when Stop is pressed.
  emulator.faults.add({ route: '*', latencyMs: 400 });
  try {
    const previewing = app.services.dispatch('datapool.previewLanes', { kind: 'inventory' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok((await app.services.dispatch('datapool.cancelLanes', { kind: 'inventory' })).ok);
    const stopped = await previewing;
    assert.equal(stopped.ok, false);
    assert.equal(stopped.ok ? null : stopped.error.code, 'api.cancelled');
  } finally {
    emulator.faults.clear();
  }
  const again = await call<LanesTablePreview>(app, 'datapool.previewLanes', { kind: 'inventory' });
  assert.equal(again.total, landscape.length);
});

test('offline, the inventory says "N of M known"; its push waits, and the next sync sends the whole landscape', async () => {
  const app = connectedApp();
  // As a user would have: the process list made available offline, the Reports screen opened once.
  await call(app, 'workspace.pin', { facet: 'processes', view: 'processList' });
  await syncWhenFree(app, { send: false, pull: true });
  await call(app, 'reports.elements', { skip: 0, take: 100 });
  const rule = emulator.faults.add({ route: '*', failRate: 1, status: 503 });
  let pushId: string;
  try {
    const preview = await call<LanesTablePreview>(app, 'datapool.previewLanes', { kind: 'inventory' });
    assert.equal(preview.source, 'cache');
    assert.equal(preview.landscapeTotal, landscape.length, 'M: the landscape as last listed');
    assert.ok(preview.total > 0 && preview.total < landscape.length, `N: ${preview.total} known offline`);
    const started = await call<{ pushId: string; waiting: boolean }>(app, 'datapool.pushLanes', {
      kind: 'inventory',
      table: 'offline_inventory',
    });
    assert.equal(started.waiting, true);
    pushId = started.pushId;
    assert.equal((await call<{ queued: number }>(app, 'sync.status', {})).queued, 1);
  } finally {
    emulator.faults.remove(rule.id);
  }
  const snapshot = join(app.dataDir, 'datapool-waiting', 'Demo', `${pushId}.csv`);
  assert.ok(existsSync(snapshot), 'the rows wait in the data folder');
  await syncWhenFree(app, { send: true, pull: false });
  assert.equal((await outcome(pushId)).phase, 'done');
  assert.equal(
    (await pool.inspectTable('offline_inventory')).length,
    landscape.length,
    'sent whole, once online',
  );
  assert.equal((await call<{ queued: number }>(app, 'sync.status', {})).queued, 0);
  assert.equal(existsSync(snapshot), false, 'the snapshot is gone once sent');
});

test('a waiting push can be dropped: it stays in the history as cancelled and its snapshot is gone', async () => {
  const app = connectedApp();
  await call(app, 'workspace.pin', { facet: 'processes', view: 'processList' });
  await syncWhenFree(app, { send: false, pull: true });
  const rule = emulator.faults.add({ route: '*', failRate: 1, status: 503 });
  try {
    const { pushId, waiting } = await call<{ pushId: string; waiting: boolean }>(app, 'datapool.pushLanes', {
      kind: 'metrics',
      table: 'dropped',
    });
    assert.equal(waiting, true);
    const snapshot = join(app.dataDir, 'datapool-waiting', 'Demo', `${pushId}.csv`);
    assert.ok(existsSync(snapshot));
    await call(app, 'datapool.cancel', { pushId });
    assert.equal(existsSync(snapshot), false);
    assert.equal((await call<{ queued: number }>(app, 'sync.status', {})).queued, 0);
    const history = await call<PushProgress[]>(app, 'datapool.pushes', {});
    assert.equal(history.find((p) => p.pushId === pushId)?.phase, 'canceled');
  } finally {
    emulator.faults.remove(rule.id);
  }
});

test('with nothing known offline, nothing is pushed: the answer says why, and no push starts', async () => {
  const app = connectedApp();
  const rule = emulator.faults.add({ route: '*', failRate: 1, status: 503 });
  try {
    const result = await app.services.dispatch('datapool.pushLanes', { kind: 'inventory', table: 'never' });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.params.problem, 'nothingKnown');
    assert.deepEqual(await call<PushProgress[]>(app, 'datapool.pushes', {}), []);
  } finally {
    emulator.faults.remove(rule.id);
  }
  await assert.rejects(pool.inspectTable('never'));
});
