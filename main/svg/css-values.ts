/**
 * Presentation attributes (fill, stroke, clip-path, mask, marker-*, filter)
 * are parsed as CSS, where `\75 rl(` is `url(` and comments vanish. A check
 * on the raw text is fooled by that, so values are decoded the way CSS
 * decodes them first, checked, and written out decoded: what was checked is
 * what the browser reads.
 */
export function decodeCss(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|\r\n|[\n\r\f]|([\s\S]))/gi, (_match, hex, other) => {
      if (hex !== undefined) {
        const code = parseInt(hex, 16);
        // CSS turns NUL, surrogates and out-of-range code points into U+FFFD.
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
          ? '\uFFFD'
          : String.fromCodePoint(code);
      }
      return other ?? '';
    });
}

/** Script or markup smuggled into a value, in any attribute. */
const DANGEROUS = /javascript:|vbscript:|data:text\/html|expression\s*\(|@import/i;
/** A function call; of these only url() can reach outside the document. */
const FUNCTION = /([a-z-]+)\s*\(/gi;
const LOCAL_URL = /^url\(\s*(['"]?)#[\w.-]+\1\s*\)$/i;

/**
 * The value to keep (decoded), or undefined when it must go: it hides script,
 * or references anything but an element of this same document.
 */
export function safeValue(value: string): string | undefined {
  const decoded = decodeCss(value);
  if (DANGEROUS.test(decoded)) return undefined;
  for (const match of decoded.matchAll(FUNCTION)) {
    if (!/^url$/i.test(match[1]!)) continue;
    // Every url( must be a whole local reference: url(#id), url('#id') or url("#id").
    const close = decoded.indexOf(')', match.index);
    if (close < 0 || !LOCAL_URL.test(decoded.slice(match.index, close + 1))) return undefined;
  }
  // "url" written without "(" directly after it ("url (") is no CSS function, but refuse it anyway.
  if (/url\s+\(/i.test(decoded)) return undefined;
  return decoded;
}
