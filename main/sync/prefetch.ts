import type { LayoutKey } from '../../shared/domain/process.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { CacheStore } from '../cache/cache-store.ts';
import { subtreeIds } from '../cache/element-tree.ts';
import { mapLimit } from '../cache/map-limit.ts';
import { enqueue, getPin, markFetched, queuedIds, setPinStatus, type Pin } from '../cache/pins.ts';
import { refreshView, type ViewRefresh } from './refresh.ts';
import type { SyncClients } from '../api/sync-clients.ts';

export interface PrefetchProgress {
  pinId: number;
  facet: string;
  view: string;
  phase: 'listing' | 'elements';
  done: number;
  total: number;
}

export interface PrefetchOptions {
  signal?: AbortSignal;
  /** Elements fetched at the same time (each is several requests). */
  concurrency?: number;
  onProgress?: (progress: PrefetchProgress) => void;
  /** BPMN and renders are fetched in the pin's culture, else this one. */
  culture: number;
  layouts?: readonly LayoutKey[];
}

/** The renders kept offline by default: the CLI's default and the element page's default. */
const PREFETCH_LAYOUTS: readonly LayoutKey[] = ['detailed', 'horizontal'];

export interface PinRun {
  pin: Pin;
  status: 'done' | 'cancelled';
  /** Elements fetched in this run. */
  fetched: number;
  refresh?: ViewRefresh;
}

/** Failures that stop a whole run (the rest of the queue stays for later); anything else skips one part. */
const FATAL = new Set([
  'api.unreachable',
  'api.timeout',
  'api.cancelled',
  'api.unauthorized',
  'api.forbidden',
]);

function isFatal(error: unknown): boolean {
  return !(error instanceof LanesError) || FATAL.has(error.code);
}

/** One optional part of an element (a rendering it may not have): its own failure only skips it. */
async function optional<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (isFatal(error)) throw error;
    return undefined;
  }
}

/** The ids a pin covers, from the view's cached membership. */
export function pinnedIds(store: CacheStore, pin: Pin): string[] {
  const members = store.members(pin.facet, pin.view);
  if (!pin.rootId) return members.map((m) => m.elementId);
  const listed = new Set(members.map((m) => m.elementId));
  return subtreeIds(members, pin.rootId).filter((id) => listed.has(id));
}

/**
 * Fetches everything Lanes shows about one element (info, attributes, related,
 * content, versions, transitions; BPMN and renders when it has a diagram) and
 * stores it in one transaction together with taking it off the pin's queue, so
 * a crash or cancel never leaves an element counted but not stored.
 */
async function prefetchElement(
  clients: SyncClients,
  store: CacheStore,
  pin: Pin,
  id: string,
  options: PrefetchOptions,
): Promise<void> {
  const p = clients.process;
  const o = options.signal ? { signal: options.signal } : {};
  const { facet, view } = pin;
  let info;
  try {
    info = await p.getInfo(facet, view, id, o);
  } catch (error) {
    if (error instanceof LanesError && error.code === 'api.notFound') {
      // Deleted on the service since it was listed: forget it rather than retry forever.
      store.transaction(() => {
        store.removeElement(id);
        markFetched(store.db, pin.id, id);
      });
      return;
    }
    throw error;
  }
  const culture = pin.culture ?? options.culture;
  const layouts = options.layouts ?? PREFETCH_LAYOUTS;
  const [attributes, related, content, versions, transitions, bpmn, ...renders] = await Promise.all([
    optional(p.getAttributes(facet, view, id, undefined, o)),
    optional(p.getRelated(facet, view, id, undefined, o)),
    optional(p.getContent(facet, view, id, o)),
    optional(p.listVersions(facet, view, id, o)),
    optional(p.listTransitions(id, o)),
    info.hasDiagram ? optional(clients.bpmn.exportBpmn(id, culture, o)) : undefined,
    ...(info.hasDiagram ? layouts.map((layout) => optional(p.renderDiagram(id, culture, layout, o))) : []),
  ]);
  store.transaction(() => {
    store.putDetail(id, 'info', info);
    const details = { attributes, related, content, versions, transitions };
    for (const [kind, value] of Object.entries(details))
      if (value !== undefined) store.putDetail(id, kind, value);
    if (typeof bpmn === 'string') store.putBpmn(id, culture, bpmn);
    renders.forEach((svg, i) => {
      if (typeof svg === 'string') store.putRender(id, culture, layouts[i]!, svg);
    });
    markFetched(store.db, pin.id, id);
  });
}

/** Works through what is left in a pin's queue, `concurrency` elements at a time. */
export async function drainPin(
  clients: SyncClients,
  store: CacheStore,
  pinId: number,
  options: PrefetchOptions,
): Promise<PinRun> {
  const pin = getPin(store.db, pinId)!;
  const ids = queuedIds(store.db, pinId);
  const total = pin.total ?? ids.length;
  let done = pin.done;
  let fetched = 0;
  const report = (): void =>
    options.onProgress?.({ pinId, facet: pin.facet, view: pin.view, phase: 'elements', done, total });
  report();
  try {
    await mapLimit(ids, options.concurrency ?? 4, async (id) => {
      if (options.signal?.aborted) throw cancelled();
      await prefetchElement(clients, store, pin, id, options);
      done++;
      fetched++;
      report();
    });
  } catch (error) {
    if (options.signal?.aborted) {
      setPinStatus(store.db, pinId, 'cancelled');
      return { pin: getPin(store.db, pinId)!, status: 'cancelled', fetched };
    }
    setPinStatus(store.db, pinId, 'failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
  setPinStatus(store.db, pinId, 'done');
  return { pin: getPin(store.db, pinId)!, status: 'done', fetched };
}

function cancelled(): LanesError {
  return new LanesError({
    code: 'api.cancelled',
    message: 'Prefetch was cancelled.',
    params: { operation: 'prefetch' },
  });
}

/**
 * Makes a pin available offline: the first run lists the view (and the facet
 * and view lists, and the element types), queues every element of the pin and
 * fetches them; a later run, also after a restart, continues with what is
 * still queued. Cancelling keeps the queue.
 */
export async function runPin(
  clients: SyncClients,
  store: CacheStore,
  pinId: number,
  options: PrefetchOptions,
): Promise<PinRun> {
  const pin = getPin(store.db, pinId);
  if (!pin) throw new Error(`No pin ${pinId}`);
  let refresh: ViewRefresh | undefined;
  if (pin.total === null) {
    options.onProgress?.({ pinId, facet: pin.facet, view: pin.view, phase: 'listing', done: 0, total: 0 });
    try {
      refresh = await enumerate(clients, store, pin, options);
    } catch (error) {
      // Nothing is queued yet, so the next run lists again from the start.
      if (options.signal?.aborted) {
        setPinStatus(store.db, pinId, 'cancelled');
        return { pin: getPin(store.db, pinId)!, status: 'cancelled', fetched: 0 };
      }
      setPinStatus(store.db, pinId, 'failed', error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const run = await drainPin(clients, store, pinId, options);
  return refresh ? { ...run, refresh } : run;
}

async function enumerate(
  clients: SyncClients,
  store: CacheStore,
  pin: Pin,
  options: PrefetchOptions,
): Promise<ViewRefresh> {
  const o = options.signal ? { signal: options.signal } : {};
  // The navigation down to the view, so that browsing to it works offline too.
  const [facets, views] = await Promise.all([
    clients.process.listFacets(o),
    clients.process.listViews(pin.facet, o),
  ]);
  store.putFacets(facets, '4.0');
  store.putViews(pin.facet, views);
  const refresh = await refreshView(clients, store, pin.facet, pin.view, o);
  const ids = pinnedIds(store, pin);
  const types = new Set(ids.map((id) => store.element(id)?.value.type).filter((t) => t !== undefined));
  for (const type of types) {
    const config = await optional(clients.process.getConfig(pin.facet, pin.view, type, o));
    if (config) store.putElementType(pin.facet, pin.view, type, config);
  }
  enqueue(store.db, pin.id, ids);
  return refresh;
}
