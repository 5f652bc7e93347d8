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
  'stop-color',
  'stop-opacity',
  'gradientunits',
  'gradienttransform',
  'patternunits',
  'clip-path',
  'clip-rule',
  'mask',
  'visibility',
  'display',
  'xmlns',
  'version',
  'style',
  'href',
  'xlink:href',
  'xmlns:xlink',
]);
const DANGEROUS_VALUE = /javascript:|data:text\/html|expression\s*\(|@import|url\(\s*['"]?(?!#)/i;

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
    const attrs: string[] = [];
    for (const [attr, value] of Object.entries(getAttrs())) {
      const key = attr.toLowerCase();
      const keep =
        (ATTRIBUTES.has(key) || /^data-[\w-]+$/.test(key) || key.startsWith('aria-')) &&
        !DANGEROUS_VALUE.test(value) &&
        (!key.endsWith('href') || value.startsWith('#'));
      if (keep) attrs.push(` ${attr}="${escapeXml(value)}"`);
      else removed++;
    }
    out.push(`<${name}${attrs.join('')}${selfClosing ? '/>' : '>'}`);
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
