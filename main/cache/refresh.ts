import type { Element } from '../../shared/domain/process.ts';
import type { CacheStore } from './cache-store.ts';
import { flattenListing, sameStamp, type Member } from './element-tree.ts';
import { readStampPage, type StampRow } from './stamp-listing.ts';
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

interface RefreshOptions {
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
  const result = (counts: Omit<ViewRefresh, 'bytes' | 'facet' | 'view'>): ViewRefresh => ({
    facet,
    view,
    ...counts,
    bytes: clients.http.bytesReceived - startBytes,
  });

  if (!store.hasListing(facet, view)) {
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
  const listing = listStamps(
    clients,
    facet,
    view,
    {
      select: CHEAP_SELECT,
      resources: hierarchical === false ? 'attributes' : 'attributes,children',
      pageSize,
    },
    signal,
  );
  listing.catch(() => {}); // awaited below
  // Read from SQLite while the service prepares the first page.
  const snapshot = store.viewSnapshot(facet, view);
  const cached = snapshot.stamps;
  const { rows, members } = await listing;
  const listedIds = new Set(rows.map((r) => r.id));
  const changed = rows.filter((row) => {
    const before = cached.get(row.id);
    return !before || !sameStamp(before, row);
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
    if (!store.confirmMembership(facet, view, members, snapshot.members))
      store.replaceMembership(facet, view, members);
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

/**
 * The cheap listing of a view, page by page through the lean reader
 * (stamp-listing.ts): only stamps and places, no element objects. The next
 * page is asked for as soon as a full page has arrived, so reading one page
 * overlaps fetching the next.
 */
async function listStamps(
  clients: SyncClients,
  facet: string,
  view: string,
  query: { select: string; resources: string; pageSize: number },
  signal: { signal?: AbortSignal },
): Promise<{ rows: StampRow[]; members: Member[] }> {
  const rows: StampRow[] = [];
  const members: Member[] = [];
  const what = `view ${facet}/${view}`;
  const fetchPage = (page: number): Promise<string> =>
    clients.process.listElementsText(facet, view, { ...query, page }, signal);
  let next: Promise<string> | null = fetchPage(1);
  for (let page = 1; next; page++) {
    const text: string = await next;
    // The envelope's count comes first in the service's answers: a full page means another may follow.
    const full = pageCountOf(text) === query.pageSize;
    next = full ? fetchPage(page + 1) : null;
    next?.catch(() => {}); // awaited on the next turn, or the error of this page comes first
    const read = readStampPage(text, members.length, what);
    rows.push(...read.rows);
    members.push(...read.members);
    // The last page (a page asked for ahead on a full-looking count is then not needed).
    if (read.listed < query.pageSize) break;
    if (!full) next = fetchPage(page + 1);
  }
  return { rows, members };
}

/** The `count` at the start of a page's envelope, read without parsing the page; null when not there. */
function pageCountOf(text: string): number | null {
  const match = /^\s*\{\s*"count"\s*:\s*(\d+)/.exec(text.slice(0, 64));
  return match ? Number(match[1]) : null;
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
