import { html, nothing } from 'lit';
import { pickCulture, type CultureText } from '../../shared/domain/culture.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import {
  choiceLabel,
  fallbackTitle,
  propertyLabel,
  formatDate,
  stateLabel,
  typeConfig,
  type PropertyConfig,
} from '../base/element-format.ts';
import { safeXhtml } from './safe-xhtml.ts';

/**
 * Rebuilt XHTML by source text: a re-render hands Lit the same node, so the
 * text is not replaced (and a selection in it not lost) on every update.
 */
const xhtmlCache = new Map<string, HTMLElement>();
const XHTML_CACHE_SIZE = 200;

function xhtmlBlock(source: string): HTMLElement {
  let block = xhtmlCache.get(source);
  if (!block) {
    block = document.createElement('div');
    block.className = 'xhtml';
    block.append(safeXhtml(source));
    if (xhtmlCache.size >= XHTML_CACHE_SIZE) xhtmlCache.delete(xhtmlCache.keys().next().value!);
    xhtmlCache.set(source, block);
  }
  return block;
}

export function fallbackMarker(picked: CultureText): unknown {
  if (!picked.isFallback || !picked.culture) return nothing;
  return html`<span class="fallback-marker" title=${fallbackTitle(picked)} data-testid="fallback-marker"
    >${t('element.fallbackShort', { culture: picked.culture })}</span
  >`;
}

function renderValue(property: PropertyConfig | undefined, picked: CultureText): unknown {
  switch (property?.dataType) {
    case 'MultiLineText':
      return xhtmlBlock(picked.text);
    case 'SelectionValue':
      return choiceLabel(property, picked.text);
    case 'DateTime':
      return formatDate(picked.text);
    case 'Link':
      // The app window opens no external pages; the address is shown to copy.
      return html`<span class="xhtml-link">${picked.text}</span>`;
    default:
      return picked.text;
  }
}

interface Row {
  key: string;
  label: string;
  property: PropertyConfig | undefined;
  value: CultureText;
  /** Shown as it is, not through the property's data type. */
  raw: boolean;
}

/** Configured properties first, in the configuration's order; attributes it does not list follow by key. */
function rows(page: ElementPage, culture: number): Row[] {
  const attributes = page.element.attributes;
  const properties = typeConfig(page.types, page.element.type)?.properties ?? [];
  const known = new Set(properties.map((p) => p.key));
  const ordered = [
    ...properties.map((p) => ({ key: p.key, property: p as PropertyConfig | undefined })),
    ...Object.keys(attributes)
      .filter((key) => !known.has(key))
      .sort()
      .map((key) => ({ key, property: undefined })),
  ];
  return ordered
    .map(({ key, property }) => {
      return {
        key,
        property,
        label: propertyLabel(key, property),
        // state1 is the coarse state ("show" for any other): the element's own state says it in words.
        value:
          key === 'state1' && page.element.state
            ? { text: stateLabel(page.element.state), culture: null, isFallback: false }
            : pickCulture(attributes[key], culture),
        raw: key === 'state1',
      };
    })
    .filter((row) => row.value.text !== '');
}

export function renderAttributes(page: ElementPage, culture: number): unknown {
  const list = rows(page, culture);
  return html`${
    page.types === null
      ? html`<p class="muted" data-testid="types-unavailable">${t('element.attributes.noConfig')}</p>`
      : nothing
  }
  ${
    list.length === 0
      ? html`<p class="muted">${t('element.attributes.none')}</p>`
      : html`<dl class="element-attributes" data-testid="element-attributes">
          ${list.map(
            (row) =>
              html`<div class="attribute-row" data-attribute=${row.key}>
                <dt>${row.label}</dt>
                <dd>
                  ${row.raw ? row.value.text : renderValue(row.property, row.value)}
                  ${fallbackMarker(row.value)}
                </dd>
              </div>`,
          )}
        </dl>`
  }`;
}
