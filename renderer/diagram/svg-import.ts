/**
 * The service's rendered SVG is hostile until proven otherwise: the real one
 * embeds a script. Main already rebuilt it from an allowlist; this is the
 * second wall, in the renderer, in case a future main (or cache row) lets
 * something through. The text is parsed into an inert XML document, where
 * nothing runs or loads, cleaned, and only then imported into the page.
 */

import { defuseMarkup } from '../element/defuse-markup.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements that run code, embed other documents, or carry CSS the page's CSP would refuse. */
const DROPPED = new Set([
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

export interface ImportedSvg {
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
  return /^\s*(javascript|data|vbscript):/i.test(value);
}

function clean(element: Element): number {
  let removed = 0;
  for (const attribute of Array.from(element.attributes)) {
    if (isUnsafeAttribute(attribute.name, attribute.value)) {
      element.removeAttributeNode(attribute);
      removed++;
    }
  }
  for (const child of Array.from(element.children)) {
    if (child.namespaceURI !== SVG_NS || DROPPED.has(child.localName.toLowerCase())) {
      child.remove();
      removed++;
    } else {
      removed += clean(child);
    }
  }
  return removed;
}

/** The SVG as a node of `doc`, or null when the text is not an SVG document. */
export function importSvg(text: string, doc: Document = document): ImportedSvg | null {
  const inert = new DOMParser().parseFromString(defuseMarkup(text), 'image/svg+xml');
  const root = inert.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  if (inert.getElementsByTagName('parsererror').length > 0) return null;
  const removed = clean(root);
  return { svg: doc.importNode(root, true) as unknown as SVGSVGElement, removed };
}
