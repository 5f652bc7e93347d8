import { html } from 'lit';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { createVersionAvailability, transitionAvailability, type Availability } from './element-actions.ts';
import { tOr } from '../base/element-format.ts';

/** The permissions the service knows (docs/emulator.md "Info"); others it grants are listed after them. */
const KNOWN_PERMISSIONS = [
  'ShowElement',
  'OpenElement',
  'NewElement',
  'EditElement',
  'DeleteElement',
  'ApproveElement',
];

function availabilityText(availability: Availability): string {
  return availability.allowed ? t('element.info.allowed') : t(availability.reason);
}

/** What the service lets the current user do with this element, and what the page offers because of it. */
export function renderInfo(page: ElementPage): unknown {
  const info = page.info;
  const actions = html`<h3 class="section-heading">${t('element.info.actions')}</h3>
    <dl class="element-facts" data-testid="element-actions-info">
      <dt>${t('element.release.heading')}</dt>
      <dd data-action="transition">${availabilityText(transitionAvailability(page))}</dd>
      <dt>${t('element.versions.create')}</dt>
      <dd data-action="createVersion">${availabilityText(createVersionAvailability(page))}</dd>
    </dl>`;
  if (!info)
    return html`<p class="muted" data-testid="info-unavailable">${t('element.info.unavailable')}</p>
      ${actions}`;
  const granted = new Set(info.permissions);
  const listed = [...KNOWN_PERMISSIONS, ...info.permissions.filter((p) => !KNOWN_PERMISSIONS.includes(p))];
  return html`<h3 class="section-heading">${t('element.info.permissions')}</h3>
    <ul class="permission-list" data-testid="element-permissions">
      ${listed.map(
        (permission) =>
          html`<li data-permission=${permission} data-granted=${granted.has(permission) ? 'true' : 'false'}>
            <span class="permission-mark" aria-hidden="true">${granted.has(permission) ? '✓' : '✗'}</span>
            ${tOr(`element.permission.${permission}`, permission)}:
            ${granted.has(permission) ? t('element.info.granted') : t('element.info.notGranted')}
          </li>`,
      )}
    </ul>
    <dl class="element-facts">
      <dt>${t('element.info.readOnly')}</dt>
      <dd>${info.isReadOnly ? t('element.yes') : t('element.no')}</dd>
      <dt>${t('element.info.hasDiagram')}</dt>
      <dd>${info.hasDiagram ? t('element.yes') : t('element.no')}</dd>
    </dl>
    ${actions}`;
}
