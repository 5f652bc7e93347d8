/**
 * The renderer's CSP refuses style attributes (`style-src 'self'`). One
 * bundled library writes one in markup it parses: bpmn-js-properties-panel's
 * container `<div style="height: 100%">`, which the browser blocks and reports
 * as a violation. The build drops the attribute (Lanes's CSS gives the
 * container its height) and fails if the library grows another one, so a
 * dependency update cannot bring violations back unnoticed.
 * bpmn-js-color-picker draws its swatches with `style="stroke-width:2"`; the
 * SVG presentation attribute `stroke-width="2"` says the same and is allowed.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

const PROPERTIES_PANEL = /bpmn-js-properties-panel[\\/]dist[\\/]index\.esm\.js$/;
const COLOR_PICKER = /bpmn-js-color-picker[\\/]colors[\\/]ColorPopupProvider\.js$/;
const CONTAINER_STYLE = ' style="height: 100%"';
const SWATCH_STYLE = ' style="stroke-width:2"';

export function withoutStyleAttributes(source: string, file: string): string {
  const cleaned = source.replaceAll(CONTAINER_STYLE, '').replaceAll(SWATCH_STYLE, ' stroke-width="2"');
  if (/<[a-z][^>]*\sstyle="/i.test(cleaned))
    throw new Error(
      `${file} writes a style attribute the renderer's CSP refuses; extend scripts/csp-safe-vendor.ts.`,
    );
  return cleaned;
}

export const cspSafeVendor: Plugin = {
  name: 'csp-safe-vendor',
  setup(build) {
    build.onLoad({ filter: COLOR_PICKER }, async ({ path }) => ({
      contents: withoutStyleAttributes(await readFile(path, 'utf8'), path),
      loader: 'js',
    }));
    build.onLoad({ filter: PROPERTIES_PANEL }, async ({ path }) => ({
      contents: withoutStyleAttributes(await readFile(path, 'utf8'), path),
      loader: 'js',
    }));
  },
};
