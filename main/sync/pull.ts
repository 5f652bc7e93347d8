import type { CacheStore } from '../cache/cache-store.ts';
import { enqueue, getPin, listPins } from '../cache/pins.ts';
import { drainPin, pinnedIds, runPin, type PinRun, type PrefetchOptions } from './prefetch.ts';
import { refreshView, type RefreshCounts, type ViewRefresh } from './refresh.ts';
import type { SyncClients } from '../api/sync-clients.ts';

export interface PullResult extends RefreshCounts {
  views: ViewRefresh[];
  pins: PinRun[];
  /** Elements whose details, BPMN and renders were fetched again. */
  refetched: number;
  ms: number;
}

/**
 * The incremental refresh of everything pinned (`lanes sync --pull`): each
 * pinned view is refreshed once (cheap listing, changed elements only), then
 * each pin re-fetches the details of its changed elements. A pin never listed
 * before runs its first prefetch instead; a pin interrupted earlier continues.
 */
export async function pullPins(
  clients: SyncClients,
  store: CacheStore,
  options: PrefetchOptions,
): Promise<PullResult> {
  const started = performance.now();
  const startBytes = clients.http.bytesReceived;
  const refreshed = new Map<string, ViewRefresh>();
  const runs: PinRun[] = [];
  for (const listed of listPins(store.db)) {
    if (options.signal?.aborted) break;
    if (listed.total === null) {
      const run = await runPin(clients, store, listed.id, options);
      runs.push(run);
      if (run.refresh) refreshed.set(`${listed.facet}\u0000${listed.view}`, run.refresh);
      continue;
    }
    const key = `${listed.facet}\u0000${listed.view}`;
    let refresh = refreshed.get(key);
    if (!refresh) {
      refresh = await refreshView(clients, store, listed.facet, listed.view, options);
      refreshed.set(key, refresh);
    }
    const pin = getPin(store.db, listed.id)!;
    const covered = new Set(pinnedIds(store, pin));
    enqueue(
      store.db,
      pin.id,
      refresh.changedIds.filter((id) => covered.has(id)),
    );
    runs.push(await drainPin(clients, store, pin.id, options));
  }
  const views = [...refreshed.values()];
  const sum = (pick: (v: ViewRefresh) => number): number => views.reduce((n, v) => n + pick(v), 0);
  return {
    views,
    pins: runs,
    listed: sum((v) => v.listed),
    unchanged: sum((v) => v.unchanged),
    updated: sum((v) => v.updated),
    added: sum((v) => v.added),
    removed: sum((v) => v.removed),
    refetched: runs.reduce((n, r) => n + r.fetched, 0),
    bytes: clients.http.bytesReceived - startBytes,
    ms: performance.now() - started,
  };
}
