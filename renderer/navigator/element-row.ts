/**
 * What one navigator row shows: type icon, name in the content culture (with a
 * marker when it fell back to another culture), release state and version.
 * The row element itself (role, position, focus) belongs to element-rows.ts.
 */
import { html, nothing } from 'lit';
import type { ElementSummary } from '../../shared/domain/workspace.ts';
import { cultureTag, shownName, stateLabel, typeLabel } from './element-labels.ts';
import { typeIcon } from './type-icons.ts';
import { t } from '../i18n/locale-controller.ts';

export function elementRowContent(element: ElementSummary, culture: number): unknown {
  const name = shownName(element.displayNames, culture, element.id);
  const type = typeLabel(element.type);
  return html`<span class="nav-type" title=${type}>${typeIcon(element.type)}</span
    ><span class="nav-sr-only">${type}: </span
    ><span class="nav-name" data-testid="nav-name">${name.text}</span>${
      name.fallbackNote
        ? html`<span class="nav-culture-tag" title=${name.fallbackNote} data-testid="nav-fallback"
            ><span aria-hidden="true">${cultureTag(name.culture)}</span
            ><span class="nav-sr-only">, ${name.fallbackNote}</span></span
          >`
        : nothing
    }<span class="nav-row-fill"></span>${
      element.state
        ? html`<span class="nav-state nav-state-${element.state}" data-testid="nav-state"
            ><span class="nav-sr-only">, </span>${stateLabel(element.state)}</span
          >`
        : nothing
    }${
      element.version
        ? html`<span class="nav-version"
            ><span class="nav-sr-only">, </span>${t('navigator.version', { version: element.version })}</span
          >`
        : nothing
    }`;
}
