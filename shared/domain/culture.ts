import type { CultureMap } from './process.ts';

export const INVARIANT_CULTURE = '127';
/** Tried, in order, when a value is missing in the chosen culture. */
const FALLBACK_CULTURES = ['1033', '1031', '3082'] as const;

export interface CultureText {
  text: string;
  /** The culture the text came from. */
  culture: string | null;
  /** True when the chosen culture had no value and another one was used. */
  isFallback: boolean;
}

/**
 * A value in the chosen content culture: that culture, else the invariant
 * value (dates, states, versions), else the first of English, German,
 * Spanish, else any culture at all. Empty strings count as missing.
 */
export function pickCulture(map: CultureMap | undefined, culture: number | string): CultureText {
  const wanted = String(culture);
  const has = (key: string): boolean => Boolean(map && map[key]?.trim());
  if (has(wanted)) return { text: map![wanted]!, culture: wanted, isFallback: false };
  if (has(INVARIANT_CULTURE))
    return { text: map![INVARIANT_CULTURE]!, culture: INVARIANT_CULTURE, isFallback: false };
  for (const key of [...FALLBACK_CULTURES, ...Object.keys(map ?? {})]) {
    if (has(key)) return { text: map![key]!, culture: key, isFallback: true };
  }
  return { text: '', culture: null, isFallback: false };
}

/** The display name, falling back to the id so a row is never blank. */
export function displayName(map: CultureMap | undefined, culture: number | string, id: string): CultureText {
  const picked = pickCulture(map, culture);
  return picked.text ? picked : { text: id, culture: null, isFallback: true };
}
