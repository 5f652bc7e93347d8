import { isServiceUnavailable } from '../api/http/api-errors.ts';

export type OnlineState = 'online' | 'offline' | 'unknown';

/**
 * Online or offline, as real requests find it: every answer from the service
 * says online (except a 502/503/504: the service is not serving), every connection that could not be made says offline, and a
 * cheap probe settles it when nothing else is being sent. (The browser's
 * navigator.onLine says only whether a network cable is plugged in.)
 */
export class OnlineMonitor {
  #state: OnlineState = 'unknown';
  #checkedAt: string | null = null;
  readonly #listeners = new Set<(state: OnlineState) => void>();
  readonly #probe: (signal: AbortSignal) => Promise<unknown>;

  constructor(probe: (signal: AbortSignal) => Promise<unknown>) {
    this.#probe = probe;
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
}
