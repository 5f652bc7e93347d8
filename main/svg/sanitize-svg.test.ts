import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeSvg } from './sanitize-svg.ts';

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
  assert.match(svg, /<use href="#local"\/>/);
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
