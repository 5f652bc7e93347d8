import { html, nothing } from 'lit';
import { pickCulture } from '../../shared/domain/culture.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatRoute } from '../base/routes.ts';
import { fallbackMarker } from './attributes-section.ts';
import {
  elementName,
  formatDate,
  isOpenEnd,
  stateLabel,
  typeLabel,
  versionOf,
} from '../base/element-format.ts';

/** The content culture as a translation's source (the service's three language cultures). */
function translationSource(culture: number): number {
  return culture === 1031 || culture === 3082 ? culture : 1033;
}

/** "Valid from …" with an end only when there is one (the service writes year 9999 for none). */
function validityText(validFrom: string, validUntil: string): string {
  const from = formatDate(validFrom);
  return !validUntil || isOpenEnd(validUntil)
    ? t('display.validFrom', { from })
    : t('display.validFromTo', { from, until: formatDate(validUntil) });
}

/**
 * Name, type, release state, version and validity: what changes when the element is released.
 * (The coarse `state1` attribute repeats the state and is not shown again.)
 */
export function renderHeader(page: ElementPage, culture: number): unknown {
  const { element } = page;
  const name = elementName(element, culture);
  const version = versionOf(element);
  const validFrom = pickCulture(element.attributes['validFrom'], 127).text;
  const validUntil = pickCulture(element.attributes['validUntil'], 127).text;
  return html`<header class="element-header">
    <h2 class="element-title" data-testid="element-title">
      <span data-testid="element-name">${name.text}</span> ${fallbackMarker(name)}
    </h2>
    <p class="element-meta">
      <span data-testid="element-type">${typeLabel(page.types, element.type, element.displayNames)}</span>
      <span class="state-badge" data-testid="element-state" data-state=${element.state ?? ''}
        >${stateLabel(element.state)}</span
      >
      ${
        version
          ? html`<span data-testid="element-version">${t('element.version', { version })}</span>`
          : nothing
      }
      ${
        validFrom
          ? html`<span data-testid="element-validity">${validityText(validFrom, validUntil)}</span>`
          : nothing
      }
    </p>
    ${
      page.info?.hasDiagram && !page.readOnlyVersion
        ? html`<p>
            <a
              class="button-link"
              data-testid="element-edit-diagram"
              href=${formatRoute({ name: 'edit', facet: page.facet, view: page.view, id: element.id })}
              >${t('element.editDiagram')}</a
            >
            <a
              class="button-link"
              data-testid="element-translate"
              href=${formatRoute({
                name: 'translate',
                facet: page.facet,
                view: page.view,
                id: element.id,
                source: translationSource(culture),
                target: translationSource(culture) === 1031 ? 1033 : 1031,
              })}
              >${t('element.translate')}</a
            >
          </p>`
        : nothing
    }
    ${
      page.readOnlyVersion
        ? html`<p class="read-only-banner" role="note" data-testid="read-only-banner">
            ${t('element.readOnlyVersion')}
          </p>`
        : nothing
    }
  </header>`;
}
