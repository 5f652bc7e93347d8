import { html } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ANY_VIEW, formatRoute } from '../base/routes.ts';
import { fallbackMarker } from './attributes-section.ts';
import { elementName, typeLabel } from '../base/element-format.ts';

/**
 * The diagram's shapes in the service's order with their predecessors. It is
 * also the keyboard way into the diagram: every shape is a link here.
 */
export function renderContent(page: ElementPage, culture: number): unknown {
  const content = page.content;
  if (content === null)
    return html`<p class="muted" data-testid="content-unavailable">${t('element.content.unavailable')}</p>`;
  if (content.length === 0) return html`<p class="muted">${t('element.content.none')}</p>`;
  const names = new Map(content.map((shape) => [shape.id, elementName(shape, culture).text]));
  return html`<table class="element-table" data-testid="element-content">
    <caption class="visually-hidden">
      ${t('element.tab.content')}
    </caption>
    <thead>
      <tr>
        <th scope="col">${t('element.content.order')}</th>
        <th scope="col">${t('element.content.name')}</th>
        <th scope="col">${t('element.content.type')}</th>
        <th scope="col">${t('element.content.predecessors')}</th>
      </tr>
    </thead>
    <tbody>
      ${content.map((shape, index) => {
        const name = elementName(shape, culture);
        return html`<tr data-shape-id=${shape.shapeId} data-element-id=${shape.id}>
          <td>${index + 1}</td>
          <td>
            <a href=${formatRoute({ name: 'element', facet: shape.facetName, view: ANY_VIEW, id: shape.id })}
              >${name.text}</a
            >
            ${fallbackMarker(name)}
          </td>
          <td>${typeLabel(page.types, shape.type)}</td>
          <td>
            ${
              shape.predecessors.length === 0
                ? html`<span class="muted">—</span>`
                : shape.predecessors.map((p) => names.get(p.id) ?? p.id).join(', ')
            }
          </td>
        </tr>`;
      })}
    </tbody>
  </table>`;
}
