/**
 * The offline cache on a 10,000-element tenant (emulator in another process,
 * so that the event-loop numbers are this process's own work):
 *  1. pulling every element into the cache vs. fetching the same pages
 *     without caching (elements/s and the ratio);
 *  2. re-syncing the unchanged tenant against its floor (the same listing with
 *     bare undici) and as a share of the full pull (time and bytes);
 *  3. p99 event-loop lag of this (serving) thread while the pull runs in a
 *     worker vs. inline;
 *  4. the cache's insert rate vs. a bare better-sqlite3 batched insert.
 * Prints measured numbers; never passes or fails on timing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Agent, request } from 'undici';
import type { Element } from '../shared/domain/process.ts';
import { CacheStore } from '../main/cache/cache-store.ts';
import { openDatabase } from '../main/cache/database.ts';
import { flattenListing } from '../main/cache/element-tree.ts';
import { refreshView, type ViewRefresh } from '../main/sync/refresh.ts';
import { LATEST_SCHEMA, migrations } from '../main/app/cache-schema.ts';
import { createSyncClients, type SyncClients } from '../main/api/sync-clients.ts';
import { refreshInWorker } from '../main/sync/sync-worker-client.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { type SummaryRow } from './summary.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** Re-syncs and floors timed in turns; their medians are compared. */
const RESYNC_ROUNDS = 5;
/** Seed 10,000: processes with their diagram elements, documents, IT systems and the acting user. */
const VIEWS = [
  { facet: 'processes', view: 'diagram' },
  { facet: 'documents', view: 'documentList' },
  { facet: 'itSystems', view: 'itSystemList' },
  { facet: 'organization', view: 'users' },
];

async function freshStore(dir: string, name: string): Promise<{ store: CacheStore; file: string }> {
  const file = join(dir, `${name}.db`);
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  return { store: new CacheStore(db), file };
}

async function pullAll(clients: SyncClients, store: CacheStore): Promise<ViewRefresh[]> {
  const out: ViewRefresh[] = [];
  for (const { facet, view } of VIEWS) out.push(await refreshView(clients, store, facet, view));
  return out;
}

/**
 * The floor of a re-sync: the pages of the cheap listing (what refreshView
 * asks, see CHEAP_SELECT there) fetched with bare undici, bodies read but
 * not parsed. The service has no change feed, no conditional requests and no
 * "changed since" filter (service-api.md), so a re-sync must list every
 * element with at least the fields every element carries.
 *
 * Same request pattern as refreshView, so that the ratio is only what Lanes
 * adds: pages of 1000, one request in flight, the next page asked for as soon
 * as a full page has arrived (refresh.ts reads and compares a page while the
 * next is on its way; it asks for no page sooner and no two at once).
 */
async function bareCheapListing(
  connection: { baseUrl: string; collectionId: string; storageId: string; authToken: string },
  dispatcher: Agent,
  hierarchical: Map<string, boolean>,
): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  let bytes = 0;
  for (const { facet, view } of VIEWS) {
    const resources = hierarchical.get(`${facet}/${view}`) ? 'attributes,children' : 'attributes';
    for (let page = 1; ; page++) {
      const url =
        `${connection.baseUrl}/${connection.collectionId}/${connection.storageId}/_api/rest/facets/${facet}/views/${view}/elements` +
        `?$select=changedOn&$resources=${resources}&$page=${page}&$pageSize=1000`;
      const answer = await request(url, {
        dispatcher,
        headers: { 'symbio-auth-token': connection.authToken, 'api-version': '4.0' },
      });
      const text = await answer.body.text();
      bytes += Buffer.byteLength(text);
      // The page's own count (the envelope's first field): no JSON parse, that is the client's work.
      if (Number(/"count"\s*:\s*(\d+)/.exec(text)?.[1] ?? 0) < 1000) break;
    }
  }
  return { ms: performance.now() - start, bytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function withLag<T>(work: () => Promise<T>): Promise<{ value: T; p99: number; max: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const value = await work();
  histogram.disable();
  return { value, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
}

export async function run(): Promise<SummaryRow[]> {
  const summary: SummaryRow[] = [];
  const emulator = spawn(
    process.execPath,
    [join(here, '../emulator/cli.ts'), '--port', '0', '--seed', '10000'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'lanes-bench-cache-'));
  const dispatcher = new Agent({ connections: 8 });
  try {
    const [ready] = (await once(createInterface({ input: emulator.stdout! }), 'line')) as [string];
    const c = JSON.parse(ready) as Record<string, string>;
    const connection = {
      baseUrl: c.processBaseUrl!,
      collectionId: c.collectionId!,
      storageId: c.storageId!,
      authToken: c.authToken!,
      bpmnToken: c.bpmnToken!,
    };
    const clients = createSyncClients(connection, { dispatcher });

    // Warm-up: the emulator's statement caches and the connection pool.
    await pullAll(clients, (await freshStore(dir, 'warmup')).store);

    // 1. Full pull into the cache vs. the same pages without caching.
    const bare = await timed(async () => {
      let n = 0;
      for (const { facet, view } of VIEWS)
        n += (await clients.process.listAllElements(facet, view, { pageSize: 1000 })).length;
      return n;
    });
    const { store } = await freshStore(dir, 'full');
    const bytesBefore = clients.http.bytesReceived;
    const full = await timed(() => pullAll(clients, store));
    const fullBytes = clients.http.bytesReceived - bytesBefore;
    const pulled = full.value.reduce((n, v) => n + v.added, 0);
    console.log(`elements pulled into the cache: ${pulled} (pages of 1000)`);
    console.log(
      `full pull:            ${full.ms.toFixed(0)} ms, ${((pulled / full.ms) * 1000).toFixed(0)} elements/s, ${(fullBytes / 1e6).toFixed(1)} MB`,
    );
    console.log(
      `same pages, no cache: ${bare.ms.toFixed(0)} ms, ${((bare.value / bare.ms) * 1000).toFixed(0)} elements/s`,
    );
    console.log(`ratio cache/no cache: ${(full.ms / bare.ms).toFixed(2)}x`);

    // 2. Re-sync of the unchanged tenant, against its floor: the same cheap listing with bare undici,
    // unparsed. Timed in turns, RESYNC_ROUNDS times each, medians (one run on a busy machine swings 2x).
    const hierarchical = new Map<string, boolean>();
    for (const { facet, view } of VIEWS)
      for (const v of await clients.process.listViews(facet))
        if (v.name === view) hierarchical.set(`${facet}/${view}`, v.isHierarchical);
    const resyncs: number[] = [];
    const floors: number[] = [];
    let resyncBytes = 0;
    let floorBytes = 0;
    let unchanged = 0;
    let refetched = 0;
    for (let round = 0; round < RESYNC_ROUNDS; round++) {
      const bytesBefore = clients.http.bytesReceived;
      const resync = await timed(() => pullAll(clients, store));
      resyncBytes = clients.http.bytesReceived - bytesBefore;
      unchanged = resync.value.reduce((n, v) => n + v.unchanged, 0);
      refetched = resync.value.reduce((n, v) => n + v.updated + v.added, 0);
      resyncs.push(resync.ms);
      const floor = await bareCheapListing(connection, dispatcher, hierarchical);
      floors.push(floor.ms);
      floorBytes = floor.bytes;
    }
    const resyncMs = median(resyncs);
    const floorMs = median(floors);
    console.log(
      `re-sync unchanged:    median ${resyncMs.toFixed(0)} ms of ${resyncs.map((t) => t.toFixed(0)).join(', ')} ` +
        `(${((resyncMs / full.ms) * 100).toFixed(1)}% of the full pull), ` +
        `${(resyncBytes / 1e3).toFixed(0)} kB (${((resyncBytes / fullBytes) * 100).toFixed(1)}% of the bytes); ` +
        `${unchanged} unchanged, ${refetched} fetched again`,
    );
    console.log(
      `re-sync floor (the same cheap listing with bare undici, unparsed): median ${floorMs.toFixed(0)} ms of ` +
        `${floors.map((t) => t.toFixed(0)).join(', ')} (${((floorMs / full.ms) * 100).toFixed(1)}% of the full pull), ` +
        `${(floorBytes / 1e3).toFixed(0)} kB (${((floorBytes / fullBytes) * 100).toFixed(1)}% of the bytes); ` +
        `per element ${(floorBytes / pulled).toFixed(0)} bytes vs ${(fullBytes / pulled).toFixed(0)} in the full pull`,
    );
    console.log(`re-sync / floor: ${(resyncMs / floorMs).toFixed(2)}x`);

    summary.push(
      {
        measure: 're-sync an unchanged 10,000-element tenant: time',
        value: `${Math.round(resyncMs)} ms`,
        baseline: `floor ${Math.round(floorMs)} ms`,
        ratio: `${(resyncMs / floorMs).toFixed(2)}×`,
        target: '≤ 1.5× the floor',
      },
      {
        measure: 're-sync an unchanged 10,000-element tenant: bytes',
        value: `${(resyncBytes / 1e6).toFixed(2)} MB`,
        baseline: `full pull ${(fullBytes / 1e6).toFixed(1)} MB`,
        ratio: `${((resyncBytes / fullBytes) * 100).toFixed(1)} %`,
        target: '≤ 5 %',
      },
      {
        measure: 're-sync floor: the same listing, bare undici',
        value: `${Math.round(floorMs)} ms, ${(floorBytes / 1e6).toFixed(2)} MB`,
        baseline: `full pull ${Math.round(full.ms)} ms`,
        ratio: `${((floorMs / full.ms) * 100).toFixed(1)} % / ${((floorBytes / fullBytes) * 100).toFixed(1)} %`,
        target: '',
      },
    );

    // 3. Event-loop lag of this thread: the pull inline vs. in a worker thread.
    const inline = await withLag(async () => pullAll(clients, (await freshStore(dir, 'inline')).store));
    const workerFile = (await freshStore(dir, 'worker')).file;
    const worker = await withLag(() =>
      refreshInWorker({ dbFile: workerFile, schemaVersion: LATEST_SCHEMA, connection, env: {} }, VIEWS),
    );
    console.log(
      `event-loop lag, pull inline:    p99 ${inline.p99.toFixed(1)} ms, max ${inline.max.toFixed(1)} ms`,
    );
    console.log(
      `event-loop lag, pull in worker: p99 ${worker.p99.toFixed(1)} ms, max ${worker.max.toFixed(1)} ms`,
    );

    // 4. Insert rate: the cache's batched upsert + membership vs. a bare batched insert.
    const elements: Element[] = [];
    for (const { facet, view } of VIEWS)
      elements.push(...(await clients.process.listAllElements(facet, view, { pageSize: 1000 })));
    const { rows, members } = flattenListing(elements);
    const target = (await freshStore(dir, 'insert')).store;
    const cacheInsert = await timed(async () =>
      target.transaction(() => {
        target.putElements(rows);
        target.replaceMembership('bench', 'all', members);
      }),
    );
    const bareDb = new Database(join(dir, 'bare.db'));
    bareDb.pragma('journal_mode = WAL');
    bareDb.pragma('synchronous = NORMAL');
    bareDb.exec('CREATE TABLE t (id TEXT PRIMARY KEY, data TEXT NOT NULL)');
    const insert = bareDb.prepare('INSERT INTO t (id, data) VALUES (?, ?)');
    const bareInsert = await timed(async () =>
      bareDb.transaction(() => {
        for (const row of rows) insert.run(row.id, JSON.stringify(row));
      })(),
    );
    bareDb.close();
    const rate = (ms: number): string => ((rows.length / ms) * 1000).toFixed(0);
    console.log(
      `insert ${rows.length} elements: cache ${cacheInsert.ms.toFixed(0)} ms (${rate(cacheInsert.ms)}/s, with membership), ` +
        `bare better-sqlite3 ${bareInsert.ms.toFixed(0)} ms (${rate(bareInsert.ms)}/s), ratio ${(cacheInsert.ms / bareInsert.ms).toFixed(2)}x`,
    );
    return summary;
  } finally {
    await dispatcher.close();
    emulator.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
