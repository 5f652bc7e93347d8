/**
 * The UI languages and content cultures as plain lists, without zod, so the
 * renderer can offer them without bundling the validation library
 * (settings.ts builds its schema from them and re-exports them).
 */
export const uiLanguages = ['en', 'de'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/**
 * Content cultures of the service (LCIDs). 127 is the invariant culture the
 * service uses for dates, states and versions; it is never a user's choice.
 */
export const contentCultures = [1033, 1031, 3082] as const;
export type ContentCulture = (typeof contentCultures)[number];
export const INVARIANT_CULTURE = 127;
