import type { shellEn } from './shell.en.ts';

/** German UI text of the shell feature; must cover every key of shellEn. */
export const shellDe: Record<keyof typeof shellEn, string> = {};
