/** The loading state and the error of a view loaded on first use (the editor, compare, conflict). */
export const lazyViewsEn = {
  'lazyViews.loading': 'Loading…',
  'lazyViews.failed':
    'This view could not be loaded. Try again; if it keeps failing, restart Lanes or reinstall it.',
  'lazyViews.retry': 'Try again',
} as const;
