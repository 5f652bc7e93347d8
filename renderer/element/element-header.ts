import { html, nothing } from 'lit';
import { pickCulture } from '../../shared/domain/culture.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatRoute } from '../base/routes.ts';
import { fallbackMarker } from './attributes-section.ts';
import {
  choiceLabel,
  elementName,
  formatDate,
  stateLabel,
  typeConfig,
  typeLabel,
  versionOf,
} from '../base/element-format.ts';

/** state1 is the coarse state (in process / released / show), shown by its configured label. */
function state1Label(page: ElementPage, culture: number): string {
  const value = pickCulture(page.element.attributes['state1'], culture).text;
  if (!value) return '';
  const property = typeConfig(page.types, page.element.type)?.properties.find((p) => p.key === 'state1');
  return property ? choiceLabel(property, value, culture) : value;
}

/** Name, type, release state, version and validity: what changes when the element is released. */
export function renderHeader(page: ElementPage, culture: number): unknown {
  const { element } = page;
  const name = elementName(element, culture);
  const version = versionOf(element);
  const state1 = state1Label(page, culture);
  const validFrom = pickCulture(element.attributes['validFrom'], 127).text;
  const validUntil = pickCulture(element.attributes['validUntil'], 127).text;
  return html`<header class="element-header">
    <h2 class="element-title" data-testid="element-title">
      <span data-testid="element-name">${name.text}</span> ${fallbackMarker(name)}
    </h2>
    <p class="element-meta">
      <span data-testid="element-type"
        >${typeLabel(page.types, element.type, culture, element.displayNames)}</span
      >
      <span class="state-badge" data-testid="element-state" data-state=${element.state ?? ''}
        >${stateLabel(element.state)}</span
      >
      ${
        version
          ? html`<span data-testid="element-version">${t('element.version', { version })}</span>`
          : nothing
      }
      ${
        state1
          ? html`<span data-testid="element-state1">${t('element.state1', { state: state1 })}</span>`
          : nothing
      }
      ${
        validFrom
          ? html`<span data-testid="element-validity"
              >${t('element.validity', { from: formatDate(validFrom), until: formatDate(validUntil) || '—' })}</span
            >`
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
