import { isServiceUnavailable } from '../api/http/api-errors.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Element, FacetView } from '../../shared/domain/process.ts';
import { ServiceCachedReader } from '../cache/cached-reader.ts';
import type { CachedReader, Read } from '../cache/cached-reader-api.ts';
import type { Session } from './current-session.ts';

/** After the service was found unavailable, reads use the cache and actions queue for this long. */
const DEFAULT_UNAVAILABLE_GRACE_MS = 30_000;
/** How long the probe before a user's action waits for an answer. */
const PROBE_TIMEOUT_MS = 3000;
/** A hierarchical view's whole listing serves expanding its tree nodes for this long. */
const LISTING_REUSE_MS = 5 * 60_000;

/**
 * What the workspace keeps per session: a live reader (which refreshes the
 * cache), a cache-only reader for when the service is out of reach, and
 * small memories (view shapes, whole tree listings, where an element was
 * found) that make a navigator click one request instead of several.
 */
export class SessionReads {
  readonly session: Session;
  readonly #graceMs: number;
  #live: ServiceCachedReader;
  readonly #cached: ServiceCachedReader;
  #unavailableUntil = 0;
  readonly #viewShapes = new Map<string, FacetView>();
  readonly #listings = new Map<string, { read: Read<Element[]>; at: number }>();
  readonly #viewOf = new Map<string, string>();

  constructor(session: Session, graceMs = DEFAULT_UNAVAILABLE_GRACE_MS) {
    this.session = session;
    this.#graceMs = graceMs;
    this.#live = this.#reader(false);
    this.#cached = this.#reader(true);
    // Back online (any answer, e.g. a sync): try live again at once instead of waiting out the grace.
    session.monitor.onChange((state) => {
      if (state !== 'online') return;
      this.#unavailableUntil = 0;
      this.#live = this.#reader(false);
    });
  }

  #reader(offline: boolean): ServiceCachedReader {
    const { store, clients } = this.session;
    return new ServiceCachedReader({
      store,
      process: () => clients.process,
      bpmn: () => clients.bpmn,
      offline,
      // The grace after an outage is kept here (and ended early by the online monitor), not twice.
      unreachableGraceMs: 0,
    });
  }

  /** True while reads go to the cache only and release actions are queued. */
  get unavailable(): boolean {
    return this.session.monitor.state === 'offline' || Date.now() < this.#unavailableUntil;
  }

  markUnavailable(): void {
    this.#unavailableUntil = Date.now() + this.#graceMs;
  }

  /**
   * Before an action the user asked for (a release, a publish): if the
   * service was found out of reach, one cheap probe says whether it is back,
   * so the action goes through instead of being queued on an old belief.
   */
  async reachableNow(): Promise<boolean> {
    if (!this.unavailable) return true;
    if ((await this.session.monitor.check(PROBE_TIMEOUT_MS)) !== 'online') return false;
    this.#unavailableUntil = 0;
    return true;
  }

  get cached(): CachedReader {
    return this.#cached;
  }

  /**
   * Live when the service serves it, else `offline` (by default the same read
   * from the cache). A live reader that fell back to the cache by itself also
   * counts as unavailable, so the caller's own offline answer is used.
   */
  async read<T>(
    work: (reader: CachedReader) => Promise<Read<T>>,
    offline: () => Promise<Read<T>> = () => work(this.#cached),
  ): Promise<Read<T>> {
    if (Date.now() < this.#unavailableUntil) return offline();
    let result: Read<T>;
    try {
      result = await work(this.#live);
    } catch (error) {
      const fellBack =
        error instanceof LanesError && error.code === 'cache.notCached' && isServiceUnavailable(error.cause);
      if (!fellBack && !isServiceUnavailable(error)) throw error;
      this.markUnavailable();
      return offline();
    }
    if (result.source === 'live') return result;
    this.markUnavailable();
    return offline();
  }

  /** The view as the views list describes it (hierarchical or flat). */
  async viewShape(facet: string, view: string): Promise<FacetView> {
    const key = `${facet}\u0000${view}`;
    const known = this.#viewShapes.get(key);
    if (known) return known;
    const views = await this.read((r) => r.listViews(facet));
    for (const v of views.value) this.#viewShapes.set(`${facet}\u0000${v.name}`, v);
    const found = this.#viewShapes.get(key);
    if (!found) {
      throw new LanesError({
        code: 'api.notFound',
        message: `The facet ${facet} has no view ${view}.`,
        params: { operation: 'listElements', what: `view ${facet}/${view}` },
      });
    }
    return found;
  }

  /** A hierarchical view's whole tree; `fresh` lists it again (the roots are being shown anew). */
  async wholeListing(facet: string, view: string, fresh: boolean): Promise<Read<Element[]>> {
    const key = `${facet}\u0000${view}`;
    const kept = this.#listings.get(key);
    if (!fresh && kept && Date.now() - kept.at < LISTING_REUSE_MS) return kept.read;
    const read = await this.read((r) => r.listAllElements(facet, view));
    this.#listings.set(key, { read, at: Date.now() });
    return read;
  }

  /** After a change on the service, trees that may show the element are listed again. */
  forgetListings(facet: string): void {
    for (const key of this.#listings.keys()) if (key.startsWith(`${facet}\u0000`)) this.#listings.delete(key);
  }

  rememberView(facet: string, id: string, view: string): void {
    this.#viewOf.set(`${facet}\u0000${id}`, view);
  }

  rememberedView(facet: string, id: string): string | undefined {
    return this.#viewOf.get(`${facet}\u0000${id}`);
  }
}
