import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { allCurrent, countCurrent } from '../../emulator/store/elements.ts';
import type { ReportNode } from '../../shared/domain/reports.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { CurrentSession } from '../session/current-session.ts';
import { migrations } from '../app/cache-schema.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';
import { ReportsService } from './reports-service.ts';
import { SessionOutboxes } from '../sync/session-outboxes.ts';

const GRACE_MS = 200;

/** The tree as parent → sorted child ids, so two trees compare regardless of sibling order. */
function shape(
  nodes: readonly ReportNode[],
  parent = '',
  out = new Map<string, string[]>(),
): Map<string, string[]> {
  out.set(parent, nodes.map((n) => n.id).sort());
  for (const node of nodes) shape(node.children ?? [], node.id, out);
  return out;
}

/** The emulator's own tree of a facet, built from its database (parentId), not from its HTTP answer. */
function emulatorTree(emulator: RunningEmulator, facet: string): Map<string, string[]> {
  const rows = allCurrent(emulator.db, facet);
  const ids = new Set(rows.map((r) => r.id));
  const out = new Map<string, string[]>([['', []]]);
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : '';
    if (!out.has(parent)) out.set(parent, []);
    out.get(parent)!.push(row.id);
    if (!out.has(row.id)) out.set(row.id, []);
  }
  for (const list of out.values()) list.sort();
  return out;
}

describe('reports over the demo emulator and a real cache file', () => {
  let emulator: RunningEmulator;
  let dataDir: string;
  let current: CurrentSession;
  let reports: ReportsService;
  before(async () => {
    emulator = await startEmulator({ seed: 'demo', quiet: true });
    dataDir = mkdtempSync(join(tmpdir(), 'lanes-reports-'));
    const secrets = new MemorySecretStore();
    connectProfile(dataDir, secrets, emulator.config);
    current = new CurrentSession({ dataDir, migrations, env: {}, logger: createMemoryLogger(), secrets });
    reports = new ReportsService({
      session: current,
      outboxes: new SessionOutboxes(),
      unavailableGraceMs: GRACE_MS,
    });
  });
  after(async () => {
    await current.dispose();
    await emulator.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the facets and their counts are the emulator’s', async () => {
    const facets = await reports.facets();
    assert.equal(facets.source, 'live');
    assert.ok(facets.items.length >= 5);
    for (const facet of facets.items) {
      assert.equal(facet.totalCount, countCurrent(emulator.db, facet.name), facet.name);
    }
    assert.equal(facets.totalCount, countCurrent(emulator.db, undefined));
  });

  test('pages of at most 100 cover every element of a facet exactly once', async () => {
    const facet = 'processes';
    const seen: string[] = [];
    let total = Infinity;
    while (seen.length < total) {
      const page = await reports.elements({ facet, skip: seen.length, take: 100 });
      assert.ok(page.items.length <= 100 && page.items.length > 0);
      total = page.totalCount;
      seen.push(...page.items.map((e) => e.id));
    }
    assert.deepEqual(
      seen.sort(),
      allCurrent(emulator.db, facet)
        .map((r) => r.id)
        .sort(),
    );
  });

  test('a facet’s hierarchy is the emulator’s tree', async () => {
    for (const facet of ['processes', 'organization']) {
      const tree = await reports.hierarchy(facet);
      assert.deepEqual(shape(tree.items), emulatorTree(emulator, facet), facet);
    }
  });

  test('the overview counts states and types of all elements of a facet', async () => {
    const rows = allCurrent(emulator.db, 'processes');
    const overview = await reports.overview('processes');
    assert.equal(overview.total, rows.length);
    const byState: Record<string, number> = {};
    for (const row of rows) byState[row.state] = (byState[row.state] ?? 0) + 1;
    assert.deepEqual(overview.byState, byState);
    assert.equal(
      Object.values(overview.byType).reduce((a, b) => a + b, 0),
      rows.length,
    );
    assert.ok(overview.recent.length > 0);
    const times = overview.recent.map((r) => Date.parse(r.changedOn));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );
  });

  test('offline, everything loaded before comes from the cache file with when it was fetched', async () => {
    const before = await reports.facets();
    const tree = await reports.hierarchy('processes');
    const overview = await reports.overview('processes');
    // A new session on the same data folder reads the same cache file, as after a restart.
    await current.dispose();
    emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
    try {
      const secrets = new MemorySecretStore();
      connectProfile(dataDir, secrets, emulator.config);
      current = new CurrentSession({ dataDir, migrations, env: {}, logger: createMemoryLogger(), secrets });
      reports = new ReportsService({
        session: current,
        outboxes: new SessionOutboxes(),
        unavailableGraceMs: GRACE_MS,
      });
      const offline = await reports.facets();
      assert.equal(offline.source, 'cache');
      assert.deepEqual(offline.items, before.items);
      assert.ok(!Number.isNaN(Date.parse(offline.fetchedAt)));
      const cachedTree = await reports.hierarchy('processes');
      assert.equal(cachedTree.source, 'cache');
      assert.equal(cachedTree.fetchedAt, tree.fetchedAt);
      assert.deepEqual(cachedTree.items, tree.items);
      const cachedOverview = await reports.overview('processes');
      assert.equal(cachedOverview.source, 'cache');
      assert.deepEqual(cachedOverview.byState, overview.byState);
      await assert.rejects(() => reports.hierarchy('risks'), { code: 'cache.notCached' });
    } finally {
      emulator.faults.clear();
    }
  });
});
