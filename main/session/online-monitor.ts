import { isServiceUnavailable } from '../api/http/api-errors.ts';

export type OnlineState = 'online' | 'offline' | 'unknown';

/**
 * How long after going offline the monitor probes again by itself, then
 * between probes while the service stays out of reach: the app notices a
 * service that came back within a minute even when nobody does anything (the
 * status bar says "Online" again; reads and actions go live).
 */
const RECHECK_DELAYS_MS: readonly number[] = [5_000, 10_000, 20_000, 30_000, 60_000];

/**
 * Online or offline, as real requests find it: every answer from the service
 * says online (except a 502/503/504: the service is not serving), every
 * connection that could not be made says offline, and a cheap probe settles
 * it when nothing else is being sent. (The browser's navigator.onLine says
 * only whether a network cable is plugged in.) While offline it probes again
 * by itself, with growing pauses.
 */
export class OnlineMonitor {
  #state: OnlineState = 'unknown';
  #checkedAt: string | null = null;
  readonly #listeners = new Set<(state: OnlineState) => void>();
  readonly #probe: (signal: AbortSignal) => Promise<unknown>;
  readonly #recheckDelays: readonly number[];
  #recheck: ReturnType<typeof setTimeout> | undefined;
  #rechecks = 0;
  #stopped = false;

  constructor(
    probe: (signal: AbortSignal) => Promise<unknown>,
    recheckDelaysMs: readonly number[] = RECHECK_DELAYS_MS,
  ) {
    this.#probe = probe;
    this.#recheckDelays = recheckDelaysMs;
  }

  get state(): OnlineState {
    return this.#state;
  }

  get checkedAt(): string | null {
    return this.#checkedAt;
  }

  /** Fed by the HTTP client after every attempt. */
  observe(reachable: boolean): void {
    this.#checkedAt = new Date().toISOString();
    const next: OnlineState = reachable ? 'online' : 'offline';
    if (next === 'offline') this.#recheckLater();
    else this.#stopRecheck();
    if (next === this.#state) return;
    this.#state = next;
    for (const listener of this.#listeners) listener(next);
  }

  /** One cheap request; its outcome reaches `observe` through the HTTP client, or here if it throws early. */
  async check(timeoutMs = 5000): Promise<OnlineState> {
    try {
      await this.#probe(AbortSignal.timeout(timeoutMs));
      this.observe(true);
    } catch (error) {
      // A refusal (401, 404, …) is an answer: the service is reachable. A 502/503/504 is not serving.
      const cancelled = (error as { code?: string }).code === 'api.cancelled';
      this.observe(!(cancelled || isServiceUnavailable(error)));
    }
    return this.#state;
  }

  onChange(listener: (state: OnlineState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The session closed: no more probes. */
  stop(): void {
    this.#stopped = true;
    this.#stopRecheck();
  }

  #recheckLater(): void {
    if (this.#recheck || this.#stopped || this.#recheckDelays.length === 0) return;
    const delay = this.#recheckDelays[Math.min(this.#rechecks, this.#recheckDelays.length - 1)]!;
    this.#rechecks++;
    this.#recheck = setTimeout(() => {
      this.#recheck = undefined;
      void this.check();
    }, delay);
    // A pending probe never keeps the process (a CLI run, a test) alive.
    this.#recheck.unref?.();
  }

  #stopRecheck(): void {
    if (this.#recheck) clearTimeout(this.#recheck);
    this.#recheck = undefined;
    this.#rechecks = 0;
  }
}
