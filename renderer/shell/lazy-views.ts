/**
 * The views that need bpmn-js (the editor workspace, compare, conflict) are
 * separate chunks (scripts/build.ts splits the renderer), so the landscape
 * starts without parsing them. Each is imported the first time it is needed;
 * until then the shell shows a small loading state, and if the chunk cannot be
 * loaded, a translated error with a way to try again.
 */
import { html, type TemplateResult } from 'lit';
import { t } from '../i18n/locale-controller.ts';
import { LazyViews } from './lazy-chunks.ts';
import './lazy-views.css';

type LazyView = 'editor' | 'compare' | 'conflict' | 'translate';

/** The imports esbuild turns into chunks; the modules define their custom elements when evaluated. */
const importers: Record<LazyView, () => Promise<unknown>> = {
  editor: () => import('../modeler/workspace/editor-workspace.ts'),
  compare: () => import('../compare/compare-view.ts'),
  conflict: () => import('../compare/conflict-view.ts'),
  translate: () => import('../translate/translate-page.ts'),
};

export const lazyViews = new LazyViews<LazyView>(importers);

/**
 * The view when its chunk is loaded; otherwise starts loading it and shows
 * the loading state (visible only if loading takes a moment: see the CSS) or
 * the error with a Try again button.
 */
export function renderLazy(
  view: LazyView,
  draw: () => TemplateResult,
  views: LazyViews<LazyView> = lazyViews,
): unknown {
  const state = views.state(view);
  if (state === 'ready') return draw();
  if (state === 'idle') void views.load(view);
  if (state === 'failed')
    return html`<div class="lazy-view-failed" role="alert" data-testid="lazy-view-failed" data-view=${view}>
      <p>${t('lazyViews.failed')}</p>
      <button
        type="button"
        class="primary"
        data-testid="lazy-view-retry"
        @click=${() => void views.load(view)}
      >
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
