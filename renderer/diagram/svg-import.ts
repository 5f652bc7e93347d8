/**
 * The service's rendered SVG is hostile until proven otherwise: the real one
 * embeds a script. Main already rebuilt it from an allowlist; this is the
 * second wall, in the renderer, in case a future main (or cache row) lets
 * something through. The text is parsed into an inert XML document, where
 * nothing runs or loads, cleaned, and only then imported into the page.
 */

import { defuseMarkup } from '../base/defuse-markup.ts';
import { budgetProblemOf, hasForeignReference, SVG_BUDGET, type SvgBudgetProblem } from './svg-budget.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Elements that run code, embed other documents, or carry CSS the page's CSP
 * would refuse; and `use`, which main has already inlined within its budget:
 * one left here could only be an amplification nobody counted.
 */
const DROPPED = new Set([
  'use',
  'script',
  'foreignobject',
  'style',
  'iframe',
  'object',
  'embed',
  'image',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'handler',
  'listener',
]);

interface ImportedSvg {
  svg: SVGSVGElement;
  /** Elements and attributes taken out here (0 when main's sanitizer did its job). */
  removed: number;
}

function isUnsafeAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return true;
  // An inline style attribute is a CSP violation in this page; presentation attributes carry the looks.
  if (lower === 'style') return true;
  if (lower === 'href' || lower.endsWith(':href')) return !value.trim().startsWith('#');
  return /^\s*(javascript|data|vbscript):/i.test(value) || hasForeignReference(value);
}

class OverBudget extends Error {
  readonly problem: SvgBudgetProblem;
  constructor(problem: SvgBudgetProblem) {
    super(`over the ${problem.kind} budget`);
    this.problem = problem;
  }
}

/** Cleans in place; counts what it keeps against the budget and stops at once when over. */
function clean(element: Element, depth = 0, kept = { elements: 0 }): number {
  if (depth > SVG_BUDGET.depth) throw new OverBudget({ kind: 'depth', limit: SVG_BUDGET.depth });
  if (++kept.elements > SVG_BUDGET.elements)
    throw new OverBudget({ kind: 'elements', limit: SVG_BUDGET.elements });
  let removed = 0;
  // Walked in place, without copying the lists (a 4,000-shape rendering has ~20,000 nodes to visit):
  // attributes backwards, so a removal shifts only those already checked; children by sibling links,
  // the next one taken before the current one may be removed.
  const attributes = element.attributes;
  for (let index = attributes.length - 1; index >= 0; index--) {
    const attribute = attributes[index]!;
    if (isUnsafeAttribute(attribute.name, attribute.value)) {
      element.removeAttributeNode(attribute);
      removed++;
    }
  }
  for (let child = element.firstElementChild; child;) {
    const next = child.nextElementSibling;
    if (child.namespaceURI !== SVG_NS || DROPPED.has(child.localName.toLowerCase())) {
      child.remove();
      removed++;
    } else {
      removed += clean(child, depth + 1, kept);
    }
    child = next;
  }
  return removed;
}

export type SvgImport =
  | ({ ok: true } & ImportedSvg)
  | { ok: false; reason: 'notSvg' }
  | { ok: false; reason: 'tooLarge'; problem: SvgBudgetProblem };

/** The SVG as a node of `doc`, or why it is not shown: not an SVG document, or too costly to draw. */
export function importServerSvg(text: string, doc: Document = document): SvgImport {
  const problem = budgetProblemOf(text);
  if (problem) return { ok: false, reason: 'tooLarge', problem };
  const inert = new DOMParser().parseFromString(defuseMarkup(text), 'image/svg+xml');
  const root = inert.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return { ok: false, reason: 'notSvg' };
  if (inert.getElementsByTagName('parsererror').length > 0) return { ok: false, reason: 'notSvg' };
  let removed: number;
  try {
    removed = clean(root);
  } catch (error) {
    if (error instanceof OverBudget) return { ok: false, reason: 'tooLarge', problem: error.problem };
    throw error;
  }
  return { ok: true, svg: doc.importNode(root, true) as unknown as SVGSVGElement, removed };
}

/** The SVG as a node of `doc`, or null when it is not an SVG document or too costly to draw. */
export function importSvg(text: string, doc: Document = document): ImportedSvg | null {
  const imported = importServerSvg(text, doc);
  return imported.ok ? { svg: imported.svg, removed: imported.removed } : null;
}
