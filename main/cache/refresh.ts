import type { Element } from '../../shared/domain/process.ts';
import type { CacheStore } from './cache-store.ts';
import { flattenListing, sameStamp, stampOf } from './element-tree.ts';
import { mapLimit } from './map-limit.ts';
import type { SyncClients } from './sync-clients.ts';

export interface RefreshCounts {
  listed: number;
  unchanged: number;
  updated: number;
  added: number;
  removed: number;
  /** Response body bytes this refresh received. */
  bytes: number;
}

export interface ViewRefresh extends RefreshCounts {
  facet: string;
  view: string;
  /** Elements whose data was fetched anew (added or changed): their details are stale too. */
  changedIds: string[];
  /** Elements that left the view. */
  removedIds: string[];
}

export interface RefreshOptions {
  signal?: AbortSignal;
  concurrency?: number;
  /** When more than this share of a view changed, listing it whole is cheaper than one request per element. */
  relistShare?: number;
  pageSize?: number;
}

/**
 * Just enough to tell what changed: of the attributes only changedOn (the
 * stamp is versionId, which every element carries, and changedOn), and
 * children for trees. `version` changes only with a new versionId.
 */
const CHEAP_SELECT = 'changedOn';

/**
 * Brings one view's cached listing up to date. The service has no change
 * feed, so a view already cached is listed cheaply (`$select` of changedOn and
 * version) and only elements whose versionId/changedOn differ are fetched again;
 * elements gone from the listing leave the view (and the cache, when no other
 * view lists them). A view never cached is listed whole.
 */
export async function refreshView(
  clients: SyncClients,
  store: CacheStore,
  facet: string,
  view: string,
  options: RefreshOptions = {},
): Promise<ViewRefresh> {
  const startBytes = clients.http.bytesReceived;
  const pageSize = options.pageSize ?? 1000;
  const signal = options.signal ? { signal: options.signal } : {};
  const cached = store.viewStamps(facet, view);
  const result = (counts: Omit<ViewRefresh, 'bytes' | 'facet' | 'view'>): ViewRefresh => ({
    facet,
    view,
    ...counts,
    bytes: clients.http.bytesReceived - startBytes,
  });

  if (cached.size === 0) {
    const all = await listWhole(clients, store, facet, view, pageSize, signal);
    return result({
      listed: all.length,
      unchanged: 0,
      updated: 0,
      added: all.length,
      removed: 0,
      changedIds: all,
      removedIds: [],
    });
  }

  // Flat views need no children in the cheap listing; whether a view is a tree is in its facet's view list.
  let views = store.views(facet)?.value;
  if (!views?.some((v) => v.name === view)) {
    views = await clients.process.listViews(facet, signal);
    store.putViews(facet, views);
  }
  const hierarchical = views.find((v) => v.name === view)?.isHierarchical;
  const cheap = await clients.process.listAllElements(
    facet,
    view,
    {
      select: CHEAP_SELECT,
      resources: hierarchical === false ? 'attributes' : 'attributes,children',
      pageSize,
    },
    signal,
  );
  const { rows, members } = flattenListing(cheap);
  const listedIds = new Set(rows.map((r) => r.id));
  const changed = rows.filter((row) => {
    const before = cached.get(row.id);
    return !before || !sameStamp(before, stampOf(row));
  });
  const removedIds = [...cached.keys()].filter((id) => !listedIds.has(id));
  const added = changed.filter((row) => !cached.has(row.id)).length;

  if (changed.length > rows.length * (options.relistShare ?? 0.25)) {
    await listWhole(clients, store, facet, view, pageSize, signal);
  } else {
    const fresh = await mapLimit(changed, options.concurrency ?? 4, (row) =>
      clients.process.getElement(facet, view, row.id, {}, signal),
    );
    store.transaction(() => store.putElements(fresh.flatMap((e) => flattenListing([e]).rows)));
  }
  store.transaction(() => {
    store.removeFromView(facet, view, removedIds);
    // An unchanged view (the usual re-sync) keeps its rows: only their fetch time is renewed.
    if (!store.confirmMembership(facet, view, members)) store.replaceMembership(facet, view, members);
  });
  return result({
    listed: rows.length,
    unchanged: rows.length - changed.length,
    updated: changed.length - added,
    added,
    removed: removedIds.length,
    changedIds: changed.map((r) => r.id),
    removedIds,
  });
}

/** A full listing stored in one transaction; returns the ids in view order. */
async function listWhole(
  clients: SyncClients,
  store: CacheStore,
  facet: string,
  view: string,
  pageSize: number,
  signal: { signal?: AbortSignal },
): Promise<string[]> {
  const elements: Element[] = await clients.process.listAllElements(facet, view, { pageSize }, signal);
  const { rows, members } = flattenListing(elements);
  store.transaction(() => {
    const listed = new Set(rows.map((r) => r.id));
    const gone = store.members(facet, view).filter((m) => !listed.has(m.elementId));
    store.removeFromView(
      facet,
      view,
      gone.map((m) => m.elementId),
    );
    store.putElements(rows);
    store.replaceMembership(facet, view, members);
  });
  return rows.map((r) => r.id);
}
