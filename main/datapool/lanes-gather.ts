/**
 * Lanes' own tables from the whole landscape, not from what happens to be
 * cached: the reporting interface's complete listing (paged, with
 * `totalCount`), joined with the cache where it knows more (owner, dates of
 * creation, release and validity). Model quality reads every process's
 * diagram (from the cache, else exported now, and kept in the cache).
 * Offline, both come from the cache and say how much of the landscape that
 * is: "N of M elements known offline".
 */
import type { MetricsStores } from './lanes-tables.ts';
import type { CachedReader, Read } from '../cache/cached-reader-api.ts';
import { mapLimit } from '../cache/map-limit.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { ReportingElement } from '../../shared/domain/reporting.ts';
import type { LanesTableKind } from '../../shared/domain/datapool.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import {
  elementRow,
  inventoryColumns,
  listingRow,
  metricsColumns,
  metricsRows,
  type LanesTable,
} from './lanes-tables.ts';

export interface GatherProgress {
  kind: LanesTableKind;
  step: 'listing' | 'diagrams' | 'lint';
  done: number;
  total: number;
}

export interface GatheredTable extends LanesTable {
  /** Live: from the service now; cache: offline, from what the cache knows. */
  source: 'live' | 'cache';
  /** Elements (or processes) of the whole landscape, when known. */
  landscapeTotal: number | undefined;
  /** When the landscape's listing was read from the service. */
  fetchedAt: string | undefined;
}

interface GatherOptions {
  /** The session's cache and outbox stores, for what Lanes knows offline. */
  stores: MetricsStores;
  reader: CachedReader;
  culture: number;
  signal?: AbortSignal;
  onProgress?: (progress: GatherProgress) => void;
  /** Diagrams exported at once (the service's clients stay polite). */
  concurrency?: number;
}

interface Landscape {
  listing: ReportingElement[];
  /** Cached elements by id (the process interface's full elements). */
  cached: Map<string, Element>;
  source: 'live' | 'cache';
  total: number | undefined;
  fetchedAt: string | undefined;
}

/** The landscape's listing (live, else the cached one, else only the cache's elements). */
async function landscape(kind: LanesTableKind, options: GatherOptions): Promise<Landscape> {
  const cached = new Map(options.stores.cache.allElements().map((element) => [element.id, element]));
  let read: Read<ReportingElement[]> | undefined;
  try {
    read = await options.reader.reportAllElements(
      {},
      {
        ...(options.signal ? { signal: options.signal } : {}),
        onPage: (done, total) => options.onProgress?.({ kind, step: 'listing', done, total }),
      },
    );
  } catch (error) {
    // Not cached and not reachable, or no reporting key: what the cache holds is all there is.
    if (
      !(error instanceof LanesError) ||
      !['cache.notCached', 'connection.notConfigured'].includes(error.code)
    )
      throw error;
  }
  if (read) {
    return {
      listing: read.value,
      cached,
      source: read.source,
      total: read.value.length,
      fetchedAt: read.fetchedAt,
    };
  }
  // The landscape's size may still be known from a first page the Reports screen read.
  const firstPage = await options.reader.reportElements({ skip: 0, take: 100 }).catch(() => undefined);
  return {
    listing: [],
    cached,
    source: 'cache',
    total: firstPage?.value.totalCount,
    fetchedAt: firstPage?.fetchedAt,
  };
}

/** Every element of the landscape, one row each; elements only the cache knows (newer than the listing) too. */
export async function gatherInventory(options: GatherOptions): Promise<GatheredTable> {
  const land = await landscape('inventory', options);
  const names = new Map([...land.cached.values()].map((e) => [e.id, e]));
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const item of land.listing) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const element = land.cached.get(item.id);
    rows.push(element ? elementRow(element, names, options.culture) : listingRow(item, options.culture));
  }
  for (const element of land.cached.values())
    if (!seen.has(element.id)) {
      seen.add(element.id);
      rows.push(elementRow(element, names, options.culture));
    }
  return {
    kind: 'inventory',
    columns: inventoryColumns,
    key: 'element_id',
    rows,
    source: land.source,
    landscapeTotal: land.total === undefined ? undefined : Math.max(land.total, rows.length),
    fetchedAt: land.fetchedAt,
  };
}

const isProcessType = (type: unknown): boolean =>
  typeof type === 'string' && type.toLowerCase() === 'process';

/** Every process of the landscape with its diagram's measures; a diagram not cached is exported (online). */
export async function gatherMetrics(options: GatherOptions): Promise<GatheredTable> {
  const land = await landscape('metrics', options);
  const processes = new Map<string, Element | ReportingElement>();
  for (const item of land.listing)
    if (isProcessType(item.type ?? item.typeName)) processes.set(item.id, item);
  for (const element of land.cached.values())
    if (isProcessType(element.type)) processes.set(element.id, element);
  const cachedDiagrams = new Set(options.stores.cache.diagramIds());
  for (const id of cachedDiagrams) if (!processes.has(id)) processes.set(id, land.cached.get(id) ?? { id });
  const ids = [...processes.keys()].sort();
  const diagrams = new Map<string, string>();
  const missing = ids.filter((id) => !cachedDiagrams.has(id));
  if (land.source === 'live' && missing.length > 0) {
    let done = 0;
    options.onProgress?.({ kind: 'metrics', step: 'diagrams', done, total: missing.length });
    await mapLimit(missing, options.concurrency ?? 4, async (id) => {
      options.signal?.throwIfAborted();
      try {
        const read = await options.reader.exportBpmn(
          id,
          options.culture,
          options.signal ? { signal: options.signal } : {},
        );
        diagrams.set(id, read.value);
      } catch (error) {
        // A process without a diagram (or one the service will not export) gets a row without measures.
        if (options.signal?.aborted) throw error;
      }
      options.onProgress?.({ kind: 'metrics', step: 'diagrams', done: ++done, total: missing.length });
    });
  }
  const rows = await metricsRows(options.stores, ids, processes, diagrams, options.culture, (done, total) =>
    options.onProgress?.({ kind: 'metrics', step: 'lint', done, total }),
  );
  const known = land.source === 'live' ? ids.length : ids.filter((id) => cachedDiagrams.has(id)).length;
  return {
    kind: 'metrics',
    columns: metricsColumns,
    key: 'process_id',
    rows: land.source === 'live' ? rows : rows.filter((row) => cachedDiagrams.has(row[0]!)),
    source: land.source,
    landscapeTotal: land.source === 'live' ? ids.length : Math.max(ids.length, known),
    fetchedAt: land.fetchedAt,
  };
}
