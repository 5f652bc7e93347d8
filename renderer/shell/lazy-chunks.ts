/**
 * Which lazily imported chunks are loaded, loading or failed: each is
 * imported once, whoever asks; a failed one is imported again on the next
 * request (Try again). Listeners hear every change, to draw again.
 */
type LazyState = 'idle' | 'loading' | 'ready' | 'failed';

/** The load state of each chunk; one instance per page (lazy-views.ts), shared by everyone who asks. */
export class LazyViews<View extends string> {
  readonly #states = new Map<View, LazyState>();
  readonly #pending = new Map<View, Promise<boolean>>();
  readonly #listeners = new Set<() => void>();
  readonly #importers: Record<View, () => Promise<unknown>>;

  constructor(load: Record<View, () => Promise<unknown>>) {
    this.#importers = load;
  }

  state(view: View): LazyState {
    return this.#states.get(view) ?? 'idle';
  }

  /** Called whenever a chunk starts, finishes or fails loading. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Loads the view's chunk once (again after a failure); true when its elements are defined. */
  load(view: View): Promise<boolean> {
    if (this.state(view) === 'ready') return Promise.resolve(true);
    const pending = this.#pending.get(view);
    if (pending) return pending;
    const loading = this.#importers[view]().then(
      () => this.#settle(view, 'ready'),
      () => this.#settle(view, 'failed'),
    );
    this.#pending.set(view, loading);
    this.#set(view, 'loading');
    return loading;
  }

  #settle(view: View, state: 'ready' | 'failed'): boolean {
    this.#pending.delete(view);
    this.#set(view, state);
    return state === 'ready';
  }

  #set(view: View, state: LazyState): void {
    this.#states.set(view, state);
    for (const listener of this.#listeners) listener();
  }
}
