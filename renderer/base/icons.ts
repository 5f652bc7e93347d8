/**
 * The toolbar's icons: 16 px line drawings in the text colour (so they follow
 * the theme and the disabled look), inline SVG from Lit templates: no icon
 * font, nothing fetched, nothing the CSP has to allow.
 */
import { html, svg, type SVGTemplateResult } from 'lit';

export type IconName =
  | 'save'
  | 'publish'
  | 'undo'
  | 'redo'
  | 'alignLeft'
  | 'alignCenter'
  | 'alignTop'
  | 'distributeHorizontally'
  | 'distributeVertically'
  | 'search'
  | 'minimap'
  | 'problems'
  | 'lintError'
  | 'shortcuts'
  | 'compare'
  | 'translate'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'grid'
  | 'fullScreen'
  | 'exitFullScreen'
  | 'export'
  | 'chevronDown'
  | 'propertiesPanel'
  | 'navigation';

const paths: Record<IconName, SVGTemplateResult> = {
  save: svg`<path d="M2.5 2.5h9l2 2v9h-11z" /><path d="M5 2.5v3.5h5.5V2.5M4.5 13.5v-4h7v4" />`,
  publish: svg`<path d="M8 11V2.5M4.5 6 8 2.5 11.5 6" /><path d="M2.5 10.5v3h11v-3" />`,
  undo: svg`<path d="M5.5 3.5 2.5 6.5l3 3" /><path d="M2.5 6.5h7a3.5 3.5 0 0 1 0 7h-3" />`,
  redo: svg`<path d="m10.5 3.5 3 3-3 3" /><path d="M13.5 6.5h-7a3.5 3.5 0 0 0 0 7h3" />`,
  alignLeft: svg`<path d="M2.5 1.5v13" /><rect x="4.5" y="3.5" width="9" height="3" /><rect x="4.5" y="9.5" width="5" height="3" />`,
  alignCenter: svg`<path d="M8 1.5v13" /><rect x="3" y="3.5" width="10" height="3" /><rect x="5" y="9.5" width="6" height="3" />`,
  alignTop: svg`<path d="M1.5 2.5h13" /><rect x="3.5" y="4.5" width="3" height="9" /><rect x="9.5" y="4.5" width="3" height="5" />`,
  distributeHorizontally: svg`<path d="M1.5 2v12M14.5 2v12" /><rect x="6" y="4.5" width="4" height="7" />`,
  distributeVertically: svg`<path d="M2 1.5h12M2 14.5h12" /><rect x="4.5" y="6" width="7" height="4" />`,
  search: svg`<circle cx="7" cy="7" r="4.5" /><path d="m10.5 10.5 4 4" />`,
  minimap: svg`<rect x="1.5" y="2.5" width="13" height="11" /><rect x="8.5" y="8.5" width="4" height="3" />`,
  problems: svg`<path d="M8 1.8 14.7 13.5H1.3z" /><path d="M8 6v3.8M8 11.3v.9" />`,
  lintError: svg`<circle cx="8" cy="8" r="6.2" /><path d="m5.6 5.6 4.8 4.8M10.4 5.6l-4.8 4.8" />`,
  shortcuts: svg`<rect x="1.5" y="4" width="13" height="8.5" rx="1" /><path d="M4 7h1M7.5 7h1M11 7h1M5 9.8h6" />`,
  compare: svg`<rect x="1.5" y="2.5" width="5" height="11" /><rect x="9.5" y="2.5" width="5" height="11" /><path d="M3.5 6h1M3.5 9h1M11.5 6h1M11.5 9h1" />`,
  translate: svg`<path d="M1.5 3h7M5 1.5V3M3 3c.5 2.5 2 4.5 4.5 5.5M7 3c-.5 2.5-2.5 4.5-5 5.5" /><path d="m8.5 14.5 3-7 3 7M9.6 12h3.8" />`,
  zoomIn: svg`<circle cx="7" cy="7" r="4.5" /><path d="m10.5 10.5 4 4M5 7h4M7 5v4" />`,
  zoomOut: svg`<circle cx="7" cy="7" r="4.5" /><path d="m10.5 10.5 4 4M5 7h4" />`,
  fit: svg`<path d="M1.5 5V1.5H5M11 1.5h3.5V5M14.5 11v3.5H11M5 14.5H1.5V11" /><rect x="4.5" y="5.5" width="7" height="5" />`,
  grid: svg`<rect x="1.5" y="1.5" width="13" height="13" /><path d="M1.5 6h13M1.5 10h13M6 1.5v13M10 1.5v13" />`,
  fullScreen: svg`<path d="M1.5 5.5v-4h4M1.5 1.5 6 6M10.5 1.5h4v4M14.5 1.5 10 6M1.5 10.5v4h4M1.5 14.5 6 10M10.5 14.5h4v-4M14.5 14.5 10 10" />`,
  exitFullScreen: svg`<path d="M6 2v4H2M6 6 1.5 1.5M10 2v4h4M10 6l4.5-4.5M6 14v-4H2M6 10l-4.5 4.5M10 14v-4h4M10 10l4.5 4.5" />`,
  export: svg`<path d="M8 1.5V10M4.5 6.5 8 10l3.5-3.5" /><path d="M2.5 10.5v3h11v-3" />`,
  chevronDown: svg`<path d="m4 6 4 4 4-4" />`,
  propertiesPanel: svg`<rect x="1.5" y="2.5" width="13" height="11" /><path d="M10 2.5v11M11.5 5.5h1.5M11.5 8h1.5" />`,
  navigation: svg`<rect x="1.5" y="2.5" width="13" height="11" /><path d="M5.5 2.5v11M2.8 5.5h1.4M2.8 8h1.4" />`,
};

/** Decorative: the button around it carries the name. */
export function icon(name: IconName): unknown {
  return html`<svg
    class="toolbar-icon"
    viewBox="0 0 16 16"
    width="16"
    height="16"
    aria-hidden="true"
    focusable="false"
  >
    ${paths[name]}
  </svg>`;
}
