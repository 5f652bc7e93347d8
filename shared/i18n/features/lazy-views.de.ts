import type { lazyViewsEn } from './lazy-views.en.ts';

/** German text of the loading state and error of views loaded on first use; must cover every key of lazyViewsEn. */
export const lazyViewsDe: Record<keyof typeof lazyViewsEn, string> = {
  'lazyViews.loading': 'Wird geladen …',
  'lazyViews.failed':
    'Diese Ansicht konnte nicht geladen werden. Versuchen Sie es erneut; wenn es weiterhin fehlschlägt, starten Sie Lanes neu oder installieren Sie es erneut.',
  'lazyViews.retry': 'Erneut versuchen',
};
