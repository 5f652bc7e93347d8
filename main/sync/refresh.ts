import type { Element } from '../../shared/domain/process.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import type { ViewSnapshot } from '../cache/view-snapshot.ts';
import { flattenListing, sameStamp, type Member } from '../cache/element-tree.ts';
import { readStampPage, type StampRow } from './stamp-listing.ts';
import { mapLimit } from '../cache/map-limit.ts';
import type { SyncClients } from '../api/sync-clients.ts';

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
  const listing = await compareListing(
    clients,
    store,
    facet,
    view,
    {
      select: CHEAP_SELECT,
      resources: hierarchical === false ? 'attributes' : 'attributes,children',
      pageSize,
    },
    signal,
  );
  const { changed, added, removedIds, members } = listing;

  if (changed.length > listing.listed * (options.relistShare ?? 0.25)) {
    await listWhole(clients, store, facet, view, pageSize, signal);
  } else if (changed.length > 0) {
    const fresh = await mapLimit(changed, options.concurrency ?? 4, (row) =>
      clients.process.getElement(facet, view, row.id, {}, signal),
    );
    store.transaction(() => store.putElements(fresh.flatMap((e) => flattenListing([e]).rows)));
  }
  store.transaction(() => {
    store.removeFromView(facet, view, removedIds);
    // An unchanged view (the usual re-sync) keeps its member rows: only the view's fetch time is renewed.
    if (listing.stored.sameMembers(members)) store.confirmListing(facet, view);
    else store.replaceMembership(facet, view, members);
  });
  return result({
    listed: listing.listed,
    unchanged: listing.listed - changed.length,
    updated: changed.length - added,
    added,
    removed: removedIds.length,
    changedIds: changed.map((r) => r.id),
    removedIds,
  });
}

/** A cheap listing compared with the cache. */
interface ComparedListing {
  /** Elements listed (tree members included). */
  listed: number;
  /** Listed elements that the view's cached members lack or hold with another stamp, in view order. */
  changed: StampRow[];
  /** How many of `changed` were not held as members of the view. */
  added: number;
  /** Members of the view held in the cache that the listing no longer has. */
  removedIds: string[];
  /** The membership as listed, and the view as cached before. */
  members: Member[];
  stored: ViewSnapshot;
}

/**
 * The cheap listing of a view, page by page through the lean reader
 * (stamp-listing.ts: only stamps and places, no element objects), compared
 * with the cache as it arrives. The next page is asked for as soon as a full
 * page has arrived, so reading and comparing a page happen while the service
 * prepares the next one, and the cache is read (one query) while it prepares
 * the first: a re-sync then adds to the transfer little more than the work
 * on its last page.
 */
async function compareListing(
  clients: SyncClients,
  store: CacheStore,
  facet: string,
  view: string,
  query: { select: string; resources: string; pageSize: number },
  signal: { signal?: AbortSignal },
): Promise<ComparedListing> {
  const what = `view ${facet}/${view}`;
  const fetchPage = (page: number): Promise<string> =>
    clients.process.listElementsText(facet, view, { ...query, page }, signal);
  let next: Promise<string> | null = fetchPage(1);
  next.catch(() => {}); // awaited below
  await onTheWire();
  const stored = store.viewSnapshot(facet, view);
  // Which cached members the listing has: by their index in the snapshot.
  const listedAgain = new Uint8Array(stored.size);
  const members: Member[] = [];
  const changed: StampRow[] = [];
  let added = 0;
  for (let page = 1; next; page++) {
    const text: string = await next;
    // The envelope's count comes first in the service's answers: a full page means another may follow.
    const full = pageCountOf(text) === query.pageSize;
    next = full ? fetchPage(page + 1) : null;
    next?.catch(() => {}); // awaited on the next turn, or the error of this page comes first
    if (next) await onTheWire();
    const read = readStampPage(text, members.length, what);
    for (let i = 0; i < read.rows.length; i++) {
      const row = read.rows[i]!;
      const index = stored.indexOf(row.id, members.length + i);
      if (index !== undefined) listedAgain[index] = 1;
      // Only a member of this view counts as held: an element cached from elsewhere that enters
      // the view is added (its details are then fetched for the pins that now cover it).
      const before = index === undefined ? undefined : stored.stamp(index);
      if (before && sameStamp(before, row)) continue;
      changed.push(row);
      if (!before) added++;
    }
    members.push(...read.members);
    // The last page (a page asked for ahead on a full-looking count is then not needed).
    if (read.listed < query.pageSize) break;
    if (!full) next = fetchPage(page + 1);
  }
  const removedIds: string[] = [];
  for (let i = 0; i < stored.size; i++)
    if (!listedAgain[i] && stored.stamp(i)) removedIds.push(stored.elementId(i));
  return { listed: members.length, changed, added, removedIds, members, stored };
}

/**
 * Lets a request just asked for leave before synchronous work: undici writes
 * a request on a connection that has just answered one only on the event
 * loop's next turn (it waits a turn before reusing a socket), so without this
 * the next page would be asked for only after the page at hand was read and
 * compared, and nothing would overlap.
 */
function onTheWire(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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
