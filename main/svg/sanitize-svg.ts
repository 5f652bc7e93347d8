import { Parser } from 'saxen';

/**
 * Server SVG is hostile: it may embed scripts, event handlers, external
 * references or HTML. This rebuilds the document from an allowlist of SVG
 * drawing elements and attributes, so anything not known to be inert is
 * dropped by construction rather than by recognising what is bad.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'path',
  'text',
  'tspan',
  'marker',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'pattern',
  'symbol',
  'use',
]);
/** Presentation attributes: kept as attributes, and what a style declaration may turn into. */
const PRESENTATION_ATTRIBUTES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'stop-color',
  'stop-opacity',
  'visibility',
  'display',
  'clip-rule',
];
const ATTRIBUTES = new Set([
  'id',
  'class',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'd',
  'points',
  'transform',
  'viewbox',
  'preserveaspectratio',
  'dx',
  'dy',
  'markerwidth',
  'markerheight',
  'refx',
  'refy',
  'orient',
  'markerunits',
  'marker-start',
  'marker-mid',
  'marker-end',
  'offset',
  'gradientunits',
  'gradienttransform',
  'patternunits',
  'clip-path',
  'mask',
  'xmlns',
  'version',
  'href',
  'xlink:href',
  'xmlns:xlink',
  ...PRESENTATION_ATTRIBUTES,
]);
const DANGEROUS_VALUE = /javascript:|data:text\/html|expression\s*\(|@import|url\(\s*['"]?(?!#)/i;
/**
 * Inline `style` is refused by the app's CSP (`style-src 'self'`), so it is
 * never kept: the declarations that are also presentation attributes become
 * those attributes (replacing an explicit one, since style wins in CSS too),
 * everything else is dropped.
 */
const STYLE_PROPERTIES = new Set(PRESENTATION_ATTRIBUTES);
/** What a converted declaration may contain: plain values, no functions other than a local url(#id) or rgb(). */
const SAFE_STYLE_VALUE = /^(?:[#\w\s.,%'"-]|url\(#[\w-]+\)|rgba?\([\d\s.,%]+\))+$/i;

/** The presentation attributes a style attribute stands for, and how many declarations were dropped. */
function styleToAttributes(style: string): { attributes: Map<string, string>; dropped: number } {
  const attributes = new Map<string, string>();
  let dropped = 0;
  for (const declaration of style.split(';')) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important\s*$/i, '')
      .trim();
    const keep =
      colon > 0 &&
      STYLE_PROPERTIES.has(property) &&
      value !== '' &&
      SAFE_STYLE_VALUE.test(value) &&
      !DANGEROUS_VALUE.test(value);
    if (keep) attributes.set(property, value);
    else dropped++;
  }
  return { attributes, dropped };
}

export interface SanitizedSvg {
  svg: string;
  /** How many elements and attributes were dropped (a script block counts as one). */
  removed: number;
}

export function sanitizeSvg(input: string): SanitizedSvg {
  const parser = new Parser();
  const out: string[] = [];
  let skipDepth = 0;
  let removed = 0;
  let sawRoot = false;
  let failure: Error | undefined;

  parser.on('openTag', (name, getAttrs, _decode, selfClosing) => {
    const local = name.toLowerCase();
    if (skipDepth > 0 || !ELEMENTS.has(local)) {
      if (!selfClosing) skipDepth++;
      if (skipDepth <= 1) removed++;
      return;
    }
    if (local === 'svg') sawRoot = true;
    // Lower-cased name → how it is written and its value; a style declaration overrides its attribute, as in CSS.
    const attrs = new Map<string, [string, string]>();
    let styled = new Map<string, string>();
    for (const [attr, value] of Object.entries(getAttrs())) {
      const key = attr.toLowerCase();
      if (key === 'style') {
        const { attributes, dropped } = styleToAttributes(value);
        removed += dropped + (attributes.size === 0 && dropped === 0 ? 1 : 0);
        styled = attributes;
        continue;
      }
      const keep =
        (ATTRIBUTES.has(key) || /^data-[\w-]+$/.test(key) || key.startsWith('aria-')) &&
        !DANGEROUS_VALUE.test(value) &&
        (!key.endsWith('href') || value.startsWith('#'));
      if (keep) attrs.set(key, [attr, value]);
      else removed++;
    }
    for (const [property, value] of styled)
      attrs.set(property, [attrs.get(property)?.[0] ?? property, value]);
    const written = [...attrs.values()].map(([attr, value]) => ` ${attr}="${escapeXml(value)}"`);
    out.push(`<${name}${written.join('')}${selfClosing ? '/>' : '>'}`);
  });
  parser.on('closeTag', (name, _decode, selfClosing) => {
    if (selfClosing) return;
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    out.push(`</${name}>`);
  });
  parser.on('text', (text, decode) => {
    if (skipDepth === 0) out.push(escapeXml(decode(text)));
  });
  parser.on('error', (error) => {
    failure = error;
  });
  parser.parse(input);
  if (failure || !sawRoot)
    throw new Error(
      failure ? `The SVG is not well-formed: ${failure.message}` : 'The document is not an SVG.',
    );
  return { svg: out.join(''), removed };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
