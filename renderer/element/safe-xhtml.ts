/**
 * Multi-line text attributes hold XHTML written by anyone with edit rights on
 * the service, so it is untrusted markup. It is parsed where nothing runs or
 * loads and rebuilt in the live document from an allowlist: what is not
 * known to be harmless becomes plain text or nothing.
 *
 * The parser is a <template>: its content document has no browsing context,
 * so nothing in it loads or runs. Not DOMParser('text/html'): Chromium
 * fetches the <img> sources of such a document (a tracking pixel would call
 * home). Not DOMParser XML: a parse error yields an error document whose
 * inline styles the CSP reports.
 */
import { defuseMarkup } from '../base/defuse-markup.ts';

const KEPT_ELEMENTS = new Set([
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'span',
  'div',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
]);

/** Elements whose content is code or metadata, never readable text. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
]);

const SAFE_LINK = /^(https?:|mailto:)/i;

/** A link's target if it is one the user may want to see (http, https, mail); anything else is dropped. */
function safeLinkTarget(href: string | null): string | null {
  const value = href?.trim() ?? '';
  return SAFE_LINK.test(value) ? value : null;
}

function inertParse(source: string, doc: Document): Node {
  const template = doc.createElement('template');
  template.innerHTML = defuseMarkup(source);
  return template.content;
}

function rebuild(source: Node, into: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE || child.nodeType === Node.CDATA_SECTION_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const name = element.localName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(name)) continue;
    if (name === 'a') {
      into.appendChild(linkAsText(element, doc));
      continue;
    }
    if (!KEPT_ELEMENTS.has(name)) {
      // Unknown wrappers (font, center, img, form…) vanish; their text stays readable.
      rebuild(element, into, doc);
      continue;
    }
    const copy = doc.createElement(name);
    for (const span of ['colspan', 'rowspan']) {
      const value = element.getAttribute(span);
      if ((name === 'td' || name === 'th') && value && /^\d{1,3}$/.test(value))
        copy.setAttribute(span, value);
    }
    rebuild(element, copy, doc);
    into.appendChild(copy);
  }
}

/**
 * The app window refuses to navigate or open windows, so a link would be a
 * dead control: its text is shown, marked, with a safe target as a tooltip.
 */
function linkAsText(element: Element, doc: Document): Node {
  const span = doc.createElement('span');
  span.className = 'xhtml-link';
  const target = safeLinkTarget(element.getAttribute('href'));
  if (target) span.title = target;
  rebuild(element, span, doc);
  return span;
}

/** Untrusted XHTML (or plain text) as a fragment of harmless nodes owned by `doc`. */
export function safeXhtml(source: string, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  if (!/[<&]/.test(source)) {
    // Plain text: keep the author's line breaks.
    source.split(/\r?\n/).forEach((line, index) => {
      if (index > 0) fragment.appendChild(doc.createElement('br'));
      fragment.appendChild(doc.createTextNode(line));
    });
    return fragment;
  }
  rebuild(inertParse(source, doc), fragment, doc);
  return fragment;
}
