/**
 * What rendering a server SVG may cost, checked by both walls (main's
 * sanitizer and the renderer's second one) with the same numbers. A 1.7 KB
 * SVG that nests `<use>` ten levels deep with ten references each stands for
 * ten billion shapes and froze the page for minutes; 20 MB of text took
 * seconds. Real renders of large processes stay far below these limits.
 */
export const SVG_LIMITS = {
  /** Characters of SVG text (UTF-16 code units, about bytes for SVG). */
  inputChars: 8 * 1024 * 1024,
  /** Elements in the result, references inlined: the total node budget. */
  elements: 50_000,
  /** Nesting of elements, references inlined. */
  depth: 64,
} as const;

export type SvgLimitKind = 'input' | 'elements' | 'depth' | 'references';
