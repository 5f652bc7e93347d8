import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeSvg, SVG_LIMITS, SvgTooLargeError } from './sanitize-svg.ts';

const hostile = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert(1)">
  <script type="text/javascript">alert('x')</script>
  <g data-pz-shape-id="abc" class="shape"><rect x="1" y="2" width="3" height="4" fill="red" onclick="steal()"/>
  <text x="5" y="6">Order &amp; pay &lt;now&gt;</text></g>
  <foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
  <a xlink:href="javascript:alert(1)"><circle r="2"/></a>
  <use href="https://evil.example/x.svg#a"/><use href="#local"/>
  <rect style="fill:url(https://evil.example/track)" width="1" height="1"/>
</svg>`;

test('scripts, handlers, foreign content and external references are removed; drawing survives', () => {
  const { svg, removed } = sanitizeSvg(hostile);
  assert.doesNotMatch(svg, /script|alert|onload|onclick|iframe|foreignObject|javascript:|evil\.example/i);
  assert.match(svg, /<rect x="1" y="2" width="3" height="4" fill="red"\/>/);
  assert.match(svg, /data-pz-shape-id="abc"/);
  assert.match(svg, /Order &amp; pay &lt;now&gt;/);
  assert.doesNotMatch(svg, /<use/, 'a reference to nothing is dropped, not kept for the page to resolve');
  assert.ok(removed >= 7);
});

test('a document that is not SVG, or not XML, is refused', () => {
  assert.throws(() => sanitizeSvg('<html><body>hi</body></html>'), /not an SVG/);
  assert.throws(() => sanitizeSvg('<svg><g></svg>'), /not well-formed|not an SVG/);
});

test('inline style never survives (the CSP refuses it): simple declarations become attributes', () => {
  const { svg, removed } = sanitizeSvg(
    `<svg xmlns="http://www.w3.org/2000/svg">
      <style>.a{fill:red} @import url(https://evil.example/x.css);</style>
      <g data-pz-shape-id="s1" style="fill: #fff; stroke:rgb(0, 0, 0) !important; font-size: 12px; cursor: pointer">
        <rect fill="blue" style="fill:red;stroke-width:2;behavior:url(x.htc)" width="1" height="1"/>
        <text style="font-family: 'Segoe UI', sans-serif; background: url(https://evil.example/t)">A</text>
        <path style="fill:url(#grad);marker-end:url(https://evil.example/m)" d="M0,0"/>
      </g>
    </svg>`,
  );
  assert.doesNotMatch(svg, /style|evil\.example|cursor|behavior|background|@import/i);
  assert.match(svg, /<g data-pz-shape-id="s1" fill="#fff" stroke="rgb\(0, 0, 0\)" font-size="12px">/);
  assert.match(svg, /<rect fill="red" width="1" height="1" stroke-width="2"\/>/, 'style wins, as in CSS');
  assert.match(svg, /<text font-family="'Segoe UI', sans-serif">A<\/text>/);
  assert.match(svg, /<path d="M0,0" fill="url\(#grad\)"\/>/, 'a local paint server is kept');
  // <style>, cursor, behavior, background, the external marker: five things dropped at least.
  assert.ok(removed >= 5, String(removed));
});

test('an element with nothing but unknown style keeps its other attributes and loses the style', () => {
  const { svg } = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect style="" x="1"/></svg>');
  assert.equal(svg, '<svg xmlns="http://www.w3.org/2000/svg"><rect x="1"/></svg>');
});

const svgOf = (body: string): string => `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`;

test('nested <use> amplification is refused quickly instead of expanding ten billion shapes', () => {
  // Ten levels, each referencing the one below ten times: 1.7 KB standing for 10^10 rectangles.
  let defs = '<g id="l0"><rect width="1" height="1"/></g>';
  for (let level = 1; level <= 10; level++)
    defs += `<g id="l${level}">${Array.from({ length: 10 }, () => `<use href="#l${level - 1}"/>`).join('')}</g>`;
  const input = svgOf(`<defs>${defs}</defs><use href="#l10"/>`);
  assert.ok(input.length < 3000);
  const started = performance.now();
  assert.throws(
    () => sanitizeSvg(input),
    (error) => error instanceof SvgTooLargeError && error.kind === 'references',
  );
  assert.ok(performance.now() - started < 2000, 'refused within the budget, not after expanding');
});

test('<use> becomes a copy of what it references: placed, without ids, and never a cycle', () => {
  const { svg } = sanitizeSvg(
    svgOf(
      '<defs><symbol id="icon"><circle id="dot" r="2"/></symbol><g id="loop"><use href="#loop"/></g></defs>' +
        '<use href="#icon" x="10" y="5" fill="red"/><use xlink:href="#icon"/><use href="#loop"/>',
    ),
  );
  assert.doesNotMatch(svg, /<use/);
  assert.match(svg, /<g fill="red" transform="translate\(10,5\)"><circle r="2"\/><\/g>/);
  assert.match(svg, /<g><circle r="2"\/><\/g>/);
  assert.equal(svg.match(/id="dot"/g)?.length, 1, 'the original keeps its id, copies do not');
});

test('too many elements, too deep nesting and too much text are refused with the limit named', () => {
  const many = svgOf('<rect/>'.repeat(SVG_LIMITS.elements + 1));
  assert.throws(
    () => sanitizeSvg(many),
    (e) => e instanceof SvgTooLargeError && e.kind === 'elements',
  );
  const deep = svgOf('<g>'.repeat(SVG_LIMITS.depth + 1) + '</g>'.repeat(SVG_LIMITS.depth + 1));
  assert.throws(
    () => sanitizeSvg(deep),
    (e) => e instanceof SvgTooLargeError && e.kind === 'depth',
  );
  const started = performance.now();
  const text = svgOf(`<text>${'x'.repeat(20 * 1024 * 1024)}</text>`);
  assert.throws(
    () => sanitizeSvg(text),
    (e) => e instanceof SvgTooLargeError && e.kind === 'input',
  );
  assert.ok(performance.now() - started < 1000, 'refused before parsing');
});

test('CSS escapes and comments cannot hide an external url() in any presentation attribute', () => {
  const attributes = [
    'fill',
    'stroke',
    'clip-path',
    'mask',
    'marker-start',
    'marker-mid',
    'marker-end',
    'filter',
  ];
  const disguises = [
    '\\75 rl(http://evil.example/a)',
    '\\000075rl(http://evil.example/a)',
    '\\u\\r\\l(http://evil.example/a)',
    'u/**/rl(http://evil.example/a)',
    'URL( "http://evil.example/a" )',
    'url(#ok) url(http://evil.example/a)',
    '\\75 rl(//evil.example/a)',
  ];
  for (const attribute of attributes) {
    for (const value of disguises) {
      const escaped = value.replace(/"/g, '&quot;');
      const { svg } = sanitizeSvg(svgOf(`<path d="M0,0" ${attribute}="${escaped}"/>`));
      assert.equal(svg, svgOf('<path d="M0,0"/>'), `${attribute}="${value}"`);
      const styled = sanitizeSvg(svgOf(`<path d="M0,0" style="${attribute}:${escaped}"/>`));
      assert.doesNotMatch(styled.svg, /evil|\\/, `style ${attribute}:${value}`);
    }
  }
  const local = sanitizeSvg(svgOf(`<path fill="\\75 rl(#grad)" clip-path="url('#clip')"/>`));
  assert.equal(local.svg, svgOf(`<path fill="url(#grad)" clip-path="url('#clip')"/>`), 'decoded, and kept');
});
