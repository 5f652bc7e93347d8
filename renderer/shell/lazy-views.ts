/**
 * The views that need bpmn-js (the editor workspace, compare, conflict) are
 * separate chunks (scripts/build.ts splits the renderer), so the landscape
 * starts without parsing them. Each is imported the first time it is needed;
 * until then the shell shows a small loading state, and if the chunk cannot be
 * loaded, a translated error with a way to try again.
 */
import { html, type TemplateResult } from 'lit';
import { t } from '../i18n/locale-controller.ts';
import './lazy-views.css';

export type LazyView = 'editor' | 'compare' | 'conflict';

/** The imports esbuild turns into chunks; the modules define their custom elements when evaluated. */
const importers: Record<LazyView, () => Promise<unknown>> = {
  editor: () => import('../modeler/editor-workspace.ts'),
  compare: () => import('../compare/compare-view.ts'),
  conflict: () => import('../compare/conflict-view.ts'),
};

export type LazyState = 'idle' | 'loading' | 'ready' | 'failed';

/** Which chunks are loaded; one per page, shared by everyone who asks. */
export class LazyViews {
  readonly #states = new Map<LazyView, LazyState>();
  readonly #pending = new Map<LazyView, Promise<boolean>>();
  readonly #listeners = new Set<() => void>();
  readonly #importers: Record<LazyView, () => Promise<unknown>>;

  constructor(load: Record<LazyView, () => Promise<unknown>> = importers) {
    this.#importers = load;
  }

  state(view: LazyView): LazyState {
    return this.#states.get(view) ?? 'idle';
  }

  /** Called whenever a chunk starts, finishes or fails loading. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Loads the view's chunk once (again after a failure); true when its elements are defined. */
  load(view: LazyView): Promise<boolean> {
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

  #settle(view: LazyView, state: 'ready' | 'failed'): boolean {
    this.#pending.delete(view);
    this.#set(view, state);
    return state === 'ready';
  }

  #set(view: LazyView, state: LazyState): void {
    this.#states.set(view, state);
    for (const listener of this.#listeners) listener();
  }
}

export const lazyViews = new LazyViews();

/**
 * The view when its chunk is loaded; otherwise starts loading it and shows
 * the loading state (visible only if loading takes a moment: see the CSS) or
 * the error with a Try again button.
 */
export function renderLazy(view: LazyView, draw: () => TemplateResult, views = lazyViews): unknown {
  const state = views.state(view);
  if (state === 'ready') return draw();
  if (state === 'idle') void views.load(view);
  if (state === 'failed')
    return html`<div class="lazy-view-failed" role="alert" data-testid="lazy-view-failed" data-view=${view}>
      <p>${t('lazyViews.failed')}</p>
      <button type="button" data-testid="lazy-view-retry" @click=${() => void views.load(view)}>
        ${t('lazyViews.retry')}
      </button>
    </div>`;
  return html`<p
    class="lazy-view-loading muted"
    role="status"
    data-testid="lazy-view-loading"
    data-view=${view}
  >
    ${t('lazyViews.loading')}
  </p>`;
}
