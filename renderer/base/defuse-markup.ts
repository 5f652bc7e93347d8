/**
 * Untrusted markup with its event-handler and inline-style attributes
 * renamed, before any parser sees it. Chromium checks the page's CSP while
 * parsing such attributes, even into inert documents (a <template>, a
 * DOMParser document), and logs a violation for each one: hostile or merely
 * rich text would fill the console. This is not the safety wall (the
 * allowlists that rebuild the markup are); the renamed attributes are inert
 * `data-` attributes those allowlists drop or ignore. Matches after a space,
 * slash or quote, as the HTML tokenizer separates attributes.
 */
const INLINE_ATTRIBUTE = /([\s/"'])(on[a-z-]*|style)(\s*=)/gi;

export function defuseMarkup(source: string): string {
  return source.replace(INLINE_ATTRIBUTE, '$1data-defused-$2$3');
}
