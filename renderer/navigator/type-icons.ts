/**
 * Small glyphs per element type, drawn locally (no icon font, no network).
 * They are decorative: the row carries the type name as text for assistive
 * technology, so every icon is aria-hidden.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { MessageKey } from '../../shared/i18n/translate.ts';

const glyphs: Record<string, SVGTemplateResult> = {
  process: svg`<path d="M1.5 4.5h9l3.5 3.5-3.5 3.5h-9l3-3.5z" />`,
  task: svg`<rect x="1.5" y="3.5" width="13" height="9" rx="2.5" />`,
  event: svg`<circle cx="8" cy="8" r="5.5" /><circle cx="8" cy="8" r="3.5" />`,
  startEvent: svg`<circle cx="8" cy="8" r="5.5" />`,
  endEvent: svg`<circle cx="8" cy="8" r="5" stroke-width="3" />`,
  rule: svg`<path d="M8 1.8 14.2 8 8 14.2 1.8 8z" /><path d="M5.5 8h5" />`,
  orgUnit: svg`<rect x="5.5" y="1.5" width="5" height="4" /><rect x="1.5" y="10.5" width="5" height="4" /><rect x="9.5" y="10.5" width="5" height="4" /><path d="M8 5.5v2.5M4 10.5V8h8v2.5" />`,
  role: svg`<circle cx="8" cy="5" r="3" /><path d="M2.5 14.5c.5-3 2.7-4.5 5.5-4.5s5 1.5 5.5 4.5" /><path d="M6.5 10.5 8 12.5l1.5-2" />`,
  user: svg`<circle cx="8" cy="5" r="3" /><path d="M2.5 14.5c.5-3 2.7-4.5 5.5-4.5s5 1.5 5.5 4.5z" />`,
  itSystem: svg`<rect x="1.5" y="2.5" width="13" height="8.5" rx="1" /><path d="M5.5 14.5h5M8 11v3.5" />`,
  document: svg`<path d="M3.5 1.5h6l3 3v10h-9z" /><path d="M9.5 1.5v3h3M5.5 8h5M5.5 10.5h5" />`,
  risk: svg`<path d="M8 1.8 14.6 13.8H1.4z" /><path d="M8 6v4M8 11.8v.4" />`,
};
const generic = svg`<rect x="3.5" y="3.5" width="9" height="9" rx="1.5" /><circle cx="8" cy="8" r="1.2" />`;

export function typeIcon(type: string): SVGTemplateResult {
  return svg`<svg class="type-icon type-${Object.hasOwn(glyphs, type) ? type : 'generic'}" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${glyphs[type] ?? generic}</svg>`;
}

/** The translation key of a type's name, or null for a type this client does not know (shown as is). */
export function typeNameKey(type: string): MessageKey | null {
  return Object.hasOwn(glyphs, type) ? (`navigator.type.${type}` as MessageKey) : null;
}
