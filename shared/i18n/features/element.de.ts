import type { elementEn } from './element.en.ts';

/** German UI text of the element feature; must cover every key of elementEn. */
export const elementDe: Record<keyof typeof elementEn, string> = {};
