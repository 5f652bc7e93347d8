import { SVG_LIMITS, type SvgLimitKind } from '../../shared/domain/svg-limits.ts';

/**
 * The renderer's own check of main's limits on a server SVG, before the text
 * is parsed and while it is cleaned: a cache row written by an older Lanes,
 * or a main that let something through, must not freeze the page.
 */
export const SVG_BUDGET = SVG_LIMITS;

type SvgBudgetKind = SvgLimitKind;

export interface SvgBudgetProblem {
  kind: SvgBudgetKind;
  limit: number;
}

/** What is over budget before parsing: the size, or more tags than the element budget allows. */
export function budgetProblemOf(text: string): SvgBudgetProblem | null {
  if (text.length > SVG_BUDGET.inputChars) return { kind: 'input', limit: SVG_BUDGET.inputChars };
  let tags = 0;
  for (const _ of text.matchAll(/<[a-zA-Z]/g))
    if (++tags > SVG_BUDGET.elements) return { kind: 'elements', limit: SVG_BUDGET.elements };
  return null;
}

const LOCAL_URL = /^url\(\s*(['"]?)#[\w.-]+\1\s*\)/i;

/**
 * Whether an attribute value may reach outside the document through CSS:
 * any url() other than `url(#id)`. Main writes values with CSS escapes and
 * comments decoded, so a backslash or comment left here is itself a sign of
 * smuggling and counts as foreign.
 */
export function hasForeignReference(value: string): boolean {
  if (value.includes('\\') || value.includes('/*')) return true;
  for (const match of value.matchAll(/url\s*\(/gi)) {
    if (!LOCAL_URL.test(value.slice(match.index))) return true;
  }
  return false;
}
