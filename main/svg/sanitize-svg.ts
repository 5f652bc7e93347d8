import { Parser } from 'saxen';
import { ATTRIBUTES, ELEMENTS, PRESENTATION_ATTRIBUTES } from './svg-allowlist.ts';
import { decodeCss, safeValue } from './css-values.ts';
import { SVG_LIMITS, SvgTooLargeError } from './svg-limits.ts';

export { SVG_LIMITS, SvgTooLargeError };

/**
 * Server SVG is hostile: it may embed scripts, event handlers, external
 * references or HTML, or be built to cost far more to draw than to send.
 * This rebuilds the document from an allowlist of SVG drawing elements and
 * attributes, so anything not known to be inert is dropped by construction
 * rather than by recognising what is bad; `<use>` is replaced by a copy of
 * what it references, within a total node budget; a document over the
 * limits (svg-limits.ts) is refused with SvgTooLargeError.
 */

/**
 * Inline `style` is refused by the app's CSP (`style-src 'self'`), so it is
 * never kept: the declarations that are also presentation attributes become
 * those attributes (replacing an explicit one, since style wins in CSS too),
 * everything else is dropped.
 */
const STYLE_PROPERTIES = new Set(PRESENTATION_ATTRIBUTES);
/** What a converted declaration may contain: plain values, no functions other than a local url(#id) or rgb(). */
const SAFE_STYLE_VALUE = /^(?:[#\w\s.,%'"-]|url\(#[\w-]+\)|rgba?\([\d\s.,%]+\))+$/i;
/** Only gradients inherit from another element by href; a pattern chain could amplify like `<use>`. */
const HREF_ELEMENTS = new Set(['lineargradient', 'radialgradient']);

interface SvgElement {
  name: string;
  local: string;
  /** Lower-cased name → [as written, value]. */
  attrs: Map<string, [string, string]>;
  children: (SvgElement | string)[];
}

/** The presentation attributes a style attribute stands for, and how many declarations were dropped. */
function styleToAttributes(style: string): { attributes: Map<string, string>; dropped: number } {
  const attributes = new Map<string, string>();
  let dropped = 0;
  for (const declaration of decodeCss(style).split(';')) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const raw = declaration
      .slice(colon + 1)
      .replace(/!important\s*$/i, '')
      .trim();
    const value = SAFE_STYLE_VALUE.test(raw) ? safeValue(raw) : undefined;
    if (colon > 0 && STYLE_PROPERTIES.has(property) && raw !== '' && value !== undefined)
      attributes.set(property, value);
    else dropped++;
  }
  return { attributes, dropped };
}

/** The allowed attributes of one element, and how many were dropped. */
function keptAttributes(
  local: string,
  given: Record<string, string>,
): { attrs: SvgElement['attrs']; removed: number } {
  const attrs: SvgElement['attrs'] = new Map();
  let removed = 0;
  let styled = new Map<string, string>();
  for (const [attr, raw] of Object.entries(given)) {
    const key = attr.toLowerCase();
    if (key === 'style') {
      const { attributes, dropped } = styleToAttributes(raw);
      removed += dropped + (attributes.size === 0 && dropped === 0 ? 1 : 0);
      styled = attributes;
      continue;
    }
    const value = safeValue(raw);
    const isHref = key.endsWith('href');
    const keep =
      value !== undefined &&
      (ATTRIBUTES.has(key) || /^data-[\w-]+$/.test(key) || key.startsWith('aria-')) &&
      (!isHref || ((local === 'use' || HREF_ELEMENTS.has(local)) && /^#[\w.-]+$/.test(value)));
    if (keep) attrs.set(key, [attr, value]);
    else removed++;
  }
  for (const [property, value] of styled) attrs.set(property, [attrs.get(property)?.[0] ?? property, value]);
  return { attrs, removed };
}

interface SanitizedSvg {
  svg: string;
  /** How many elements and attributes were dropped (a script block counts as one). */
  removed: number;
}

export function sanitizeSvg(input: string): SanitizedSvg {
  if (input.length > SVG_LIMITS.inputChars) throw new SvgTooLargeError('input', SVG_LIMITS.inputChars);
  const { root, removed } = parse(input);
  return { svg: new Writer(root).write(), removed };
}

function parse(input: string): { root: SvgElement; removed: number } {
  const parser = new Parser();
  const stack: SvgElement[] = [];
  let root: SvgElement | undefined;
  let skipDepth = 0;
  let removed = 0;
  let elements = 0;
  let failure: Error | undefined;
  let tooLarge: SvgTooLargeError | undefined;

  parser.on('openTag', (name, getAttrs, _decode, selfClosing) => {
    const local = name.toLowerCase();
    if (skipDepth > 0 || (!ELEMENTS.has(local) && local !== 'use') || (!root && local !== 'svg')) {
      if (!selfClosing) skipDepth++;
      if (skipDepth <= 1) removed++;
      return;
    }
    if (++elements > SVG_LIMITS.elements) tooLarge ??= new SvgTooLargeError('elements', SVG_LIMITS.elements);
    if (stack.length >= SVG_LIMITS.depth) tooLarge ??= new SvgTooLargeError('depth', SVG_LIMITS.depth);
    // saxen can stop mid-document (its types do not say so): nothing after the limit is read.
    if (tooLarge) return (parser as Parser & { stop(): void }).stop();
    const { attrs, removed: dropped } = keptAttributes(local, getAttrs());
    removed += dropped;
    const element: SvgElement = { name, local, attrs, children: [] };
    if (stack.length > 0) stack.at(-1)!.children.push(element);
    else root ??= element;
    if (!selfClosing) stack.push(element);
  });
  parser.on('closeTag', (_name, _decode, selfClosing) => {
    if (selfClosing) return;
    if (skipDepth > 0) skipDepth--;
    else stack.pop();
  });
  parser.on('text', (text, decode) => {
    if (skipDepth === 0 && stack.length > 0) stack.at(-1)!.children.push(decode(text));
  });
  parser.on('error', (error) => {
    failure = error;
  });
  parser.parse(input);
  if (tooLarge) throw tooLarge;
  if (failure || !root || stack.length > 0)
    throw new Error(
      failure || stack.length > 0
        ? `The SVG is not well-formed: ${failure?.message ?? 'unclosed elements'}`
        : 'The document is not an SVG.',
    );
  return { root, removed };
}

/**
 * Writes the tree out with every `<use>` replaced by a group holding a copy
 * of what it references: nothing is left for the page to expand, and what
 * the copies cost is counted here, against the same budget as the rest.
 */
class Writer {
  readonly #ids = new Map<string, SvgElement>();
  readonly #root: SvgElement;
  readonly #out: string[] = [];
  /** The elements being inlined, so that a reference to an ancestor (a cycle) is dropped. */
  readonly #expanding = new Set<SvgElement>();
  #written = 0;

  constructor(root: SvgElement) {
    this.#root = root;
    this.#index(root);
  }

  #index(element: SvgElement): void {
    const id = element.attrs.get('id')?.[1];
    if (id !== undefined && !this.#ids.has(id)) this.#ids.set(id, element);
    for (const child of element.children) if (typeof child !== 'string') this.#index(child);
  }

  write(): string {
    this.#element(this.#root, 0, false);
    return this.#out.join('');
  }

  #count(depth: number, inlined: boolean): void {
    if (++this.#written > SVG_LIMITS.elements)
      throw new SvgTooLargeError(inlined ? 'references' : 'elements', SVG_LIMITS.elements);
    if (depth > SVG_LIMITS.depth)
      throw new SvgTooLargeError(inlined ? 'references' : 'depth', SVG_LIMITS.depth);
  }

  #element(element: SvgElement, depth: number, inlined: boolean): void {
    if (element.local === 'use') return this.#use(element, depth);
    this.#count(depth, inlined);
    // A copy keeps no id: ids stay unique, and url(#id) keeps pointing at the original.
    const attrs = [...element.attrs].filter(([key]) => !(inlined && key === 'id')).map(([, pair]) => pair);
    this.#open(element.name, attrs, element.children.length === 0);
    if (element.children.length === 0) return;
    for (const child of element.children) {
      if (typeof child === 'string') this.#out.push(escapeXml(child));
      else this.#element(child, depth + 1, inlined);
    }
    this.#out.push(`</${element.name}>`);
  }

  #use(use: SvgElement, depth: number): void {
    const href = (use.attrs.get('href') ?? use.attrs.get('xlink:href'))?.[1];
    const target = href ? this.#ids.get(href.slice(1)) : undefined;
    if (!target || this.#expanding.has(target) || target === this.#root) return;
    this.#count(depth, true);
    const x = Number.parseFloat(use.attrs.get('x')?.[1] ?? '0') || 0;
    const y = Number.parseFloat(use.attrs.get('y')?.[1] ?? '0') || 0;
    const transform = [use.attrs.get('transform')?.[1], x || y ? `translate(${x},${y})` : undefined]
      .filter(Boolean)
      .join(' ');
    const inherited = [...use.attrs]
      .filter(
        ([key]) => !['href', 'xlink:href', 'x', 'y', 'width', 'height', 'transform', 'id'].includes(key),
      )
      .map(([, pair]) => pair);
    this.#open('g', transform ? [...inherited, ['transform', transform]] : inherited, false);
    this.#expanding.add(target);
    // A symbol is drawn by its content; anything else is drawn as itself.
    if (target.local === 'symbol') {
      for (const child of target.children)
        if (typeof child === 'string') this.#out.push(escapeXml(child));
        else this.#element(child, depth + 1, true);
    } else {
      this.#element(target, depth + 1, true);
    }
    this.#expanding.delete(target);
    this.#out.push('</g>');
  }

  #open(name: string, attrs: [string, string][], selfClosing: boolean): void {
    const written = attrs.map(([attr, value]) => ` ${attr}="${escapeXml(value)}"`).join('');
    this.#out.push(`<${name}${written}${selfClosing ? '/>' : '>'}`);
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
