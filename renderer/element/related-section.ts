import { html, nothing } from 'lit';
import { displayName } from '../../shared/domain/culture.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ANY_VIEW, formatRoute } from '../base/routes.ts';
import { fallbackMarker } from './attributes-section.ts';
import { stateLabel, tOr, typeLabel } from '../base/element-format.ts';

type Reference = ElementPage['element']['related'][string][number] & {
  attributes?: Record<string, Record<string, string>>;
};

/** A related element's name when `$expandRelated` brought its attributes, else its type and id. */
function referenceName(reference: Reference, page: ElementPage, culture: number): unknown {
  const name = reference.attributes?.['name'];
  if (name) {
    const picked = displayName(name, culture, reference.id);
    return html`${picked.text} ${fallbackMarker(picked)}`;
  }
  return t('element.related.unnamed', {
    type: typeLabel(page.types, reference.type),
    id: reference.id,
  });
}

/**
 * Related contexts (owner, documents, IT systems, release history…), each
 * reference a real link, so it is a deep link and opens the related element.
 * The link names only the facet: main finds a view of it that has the element.
 */
export function renderRelated(page: ElementPage, culture: number): unknown {
  const contexts = Object.entries(page.element.related).filter(([, references]) => references.length > 0);
  if (contexts.length === 0) return html`<p class="muted">${t('element.related.none')}</p>`;
  return html`<div class="element-related" data-testid="element-related">
    ${contexts.map(
      ([context, references]) =>
        html`<section class="related-context" data-context=${context} aria-labelledby="related-${context}">
          <h3 id="related-${context}" class="section-heading">
            ${tOr(`element.context.${context}`, context)}
          </h3>
          <ul>
            ${references.map(
              (reference: Reference) =>
                html`<li>
                  <a
                    href=${formatRoute({
                      name: 'element',
                      facet: reference.facetName,
                      view: ANY_VIEW,
                      id: reference.id,
                      ...(reference.versionId && context === 'releaseHistory'
                        ? { versionId: reference.versionId }
                        : {}),
                    })}
                    data-related-id=${reference.id}
                    >${referenceName(reference, page, culture)}</a
                  >
                  ${
                    reference.state
                      ? html`<span class="state-badge" data-state=${reference.state}
                          >${stateLabel(reference.state)}</span
                        >`
                      : nothing
                  }
                </li>`,
            )}
          </ul>
        </section>`,
    )}
  </div>`;
}
