/**
 * The Reports screen's reads, over the current session's reporting client and
 * its cache: every read is stored per profile (the cache file of the profile)
 * and served from there, with the time it was fetched, while the service is
 * out of reach. The renderer asks again after a sync, which refreshes it.
 */
import type { SessionOutboxes } from '../sync/session-outboxes.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type {
  FacetOverview,
  ReportElementsPage,
  ReportFacets,
  ReportHierarchy,
  ServiceNames,
} from '../../shared/domain/reports.ts';
import type { CultureMap } from '../../shared/domain/process.ts';
import { typeOf, UNKNOWN } from '../../shared/domain/reporting.ts';
import { ServiceCachedReader } from '../cache/cached-reader.ts';
import type { CachedReader, Read } from '../cache/cached-reader-api.ts';
import type { CurrentSession, Session } from '../session/current-session.ts';
import type { TranslationCoverage } from '../../shared/domain/translation.ts';
import { translationCoverage } from './translation-coverage.ts';
import { overviewOf } from './landscape-overview.ts';

interface ReportsServiceOptions {
  session: Pick<CurrentSession, 'open'>;
  /** The session's outbox: its translation ledger says what the service has of Lanes' translations. */
  outboxes: SessionOutboxes;
  /** How long reads go to the cache after the service did not answer (tests shorten it). */
  unavailableGraceMs?: number;
}

interface Readers {
  live: CachedReader;
  cached: CachedReader;
}

export class ReportsService {
  readonly #options: ReportsServiceOptions;
  readonly #readers = new WeakMap<Session, Readers>();

  constructor(options: ReportsServiceOptions) {
    this.#options = options;
  }

  async #reader(): Promise<CachedReader> {
    const session = await this.#options.session.open();
    if (!session) {
      throw new LanesError({ code: 'workspace.notConnected', message: 'No tenant is connected.' });
    }
    let readers = this.#readers.get(session);
    if (!readers) {
      const make = (offline: boolean): CachedReader =>
        new ServiceCachedReader({
          store: session.store,
          reporting: () => session.services.reporting(),
          offline,
          ...(this.#options.unavailableGraceMs !== undefined
            ? { unreachableGraceMs: this.#options.unavailableGraceMs }
            : {}),
        });
      const made: Readers = (readers = { live: make(false), cached: make(true) });
      this.#readers.set(session, made);
      // Back online (a sync answered): read live at once instead of waiting out the reader's grace.
      session.monitor.onChange((state) => {
        if (state === 'online') made.live = make(false);
      });
    }
    // The session's reads decide, so the reports agree with the landscape on whether the service is out of reach.
    const offline = session.reads.unavailable;
    return offline ? readers.cached : readers.live;
  }

  /** The facet names with their element counts (the first page of each, which the table reuses). */
  async facets(): Promise<ReportFacets> {
    const reader = await this.#reader();
    const names = await reader.reportFacets();
    const all = await reader.reportElements({ skip: 0, take: 100 });
    const items = [];
    let oldest: Read<unknown> = names.fetchedAt < all.fetchedAt ? names : all;
    let source = names.source === 'cache' || all.source === 'cache' ? 'cache' : 'live';
    const typesByFacet = new Map<string, Set<string>>();
    for (const name of names.value) {
      const page = await reader.reportElements({ facetName: name, skip: 0, take: 100 });
      items.push({ name, totalCount: page.value.totalCount });
      typesByFacet.set(name, new Set(page.value.elements.map(typeOf).filter((type) => type !== UNKNOWN)));
      if (page.fetchedAt < oldest.fetchedAt) oldest = page;
      if (page.source === 'cache') source = 'cache';
    }
    return {
      items,
      totalCount: all.value.totalCount,
      names: await this.#serviceNames(typesByFacet),
      source: source as 'live' | 'cache',
      fetchedAt: oldest.fetchedAt,
    };
  }

  /**
   * The display names the process-management interface gives the facets and
   * the types seen in them (a type's `config`, read through the facet's first
   * view), from the cache when offline. Best effort: a name that cannot be
   * read is left out, and the screen names that key from its catalogue.
   */
  async #serviceNames(typesByFacet: ReadonlyMap<string, ReadonlySet<string>>): Promise<ServiceNames> {
    const reads = (await this.#options.session.open())?.reads;
    const names: ServiceNames = { facets: {}, types: {} };
    if (!reads) return names;
    const attempt = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await work();
      } catch {
        return undefined;
      }
    };
    const facets = await attempt(() => reads.read((r) => r.listFacets()));
    for (const facet of facets?.value ?? []) names.facets[facet.name] = facet.displayNames;
    await Promise.all(
      [...typesByFacet].map(async ([facet, types]) => {
        if (types.size === 0 || !names.facets[facet]) return;
        const view = (await attempt(() => reads.read((r) => r.listViews(facet))))?.value[0];
        if (!view) return;
        for (const type of types) {
          if (names.types[type]) continue;
          const config = await attempt(() => reads.read((r) => r.getConfig(facet, view.name, type)));
          const found: CultureMap | undefined = config?.value.find((t) => t.key === type)?.displayNames;
          if (found) names.types[type] = found;
        }
      }),
    );
    return names;
  }

  async elements(request: {
    facet?: string | undefined;
    skip: number;
    take: number;
  }): Promise<ReportElementsPage> {
    const reader = await this.#reader();
    const read = await reader.reportElements({
      skip: request.skip,
      take: request.take,
      ...(request.facet ? { facetName: request.facet } : {}),
    });
    return {
      totalCount: read.value.totalCount,
      items: read.value.elements,
      source: read.source,
      fetchedAt: read.fetchedAt,
    };
  }

  async hierarchy(facet: string): Promise<ReportHierarchy> {
    const read = await (await this.#reader()).reportHierarchy(facet);
    return { items: read.value, source: read.source, fetchedAt: read.fetchedAt };
  }

  /** How far the processes of every facet are translated from `source` into the other cultures. */
  async translationCoverage(request: {
    source: 1031 | 1033 | 3082;
    fresh?: boolean | undefined;
  }): Promise<TranslationCoverage> {
    const reader = await this.#reader();
    const session = (await this.#options.session.open())!;
    return translationCoverage(
      reader,
      session.reads,
      this.#options.outboxes.for(session).translations,
      request.source,
      request.fresh === true,
    );
  }

  /** One facet's counts, from all its elements (read 100 at a time and cached as one list). */
  async overview(facet: string): Promise<FacetOverview> {
    const read = await (await this.#reader()).reportAllElements({ facetName: facet });
    return { facet, ...overviewOf(read.value), source: read.source, fetchedAt: read.fetchedAt };
  }
}
