import type { profilesEn } from './profiles.en.ts';

/** German UI text of the profiles feature; must cover every key of profilesEn. */
export const profilesDe: Record<keyof typeof profilesEn, string> = {};
