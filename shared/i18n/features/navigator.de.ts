import type { navigatorEn } from './navigator.en.ts';

/** German UI text of the navigator feature; must cover every key of navigatorEn. */
export const navigatorDe: Record<keyof typeof navigatorEn, string> = {};
