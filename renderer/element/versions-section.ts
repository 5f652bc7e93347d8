import { html, nothing } from 'lit';
import { pickCulture } from '../../shared/domain/culture.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { formatRoute } from '../base/routes.ts';
import { compareVersions, formatDate, stateLabel, versionOf } from '../base/element-format.ts';
import './create-version.ts';

const invariant = (element: Element, key: string): string => pickCulture(element.attributes[key], 127).text;

/**
 * The element's versions, newest first, with their states and validity. The
 * newest is the working version (opened normally); older ones open read-only.
 */
class VersionsSection extends ClientElement {
  static override properties = {
    page: { attribute: false },
    culture: { attribute: false },
  };
  declare page: ElementPage;
  declare culture: number;

  constructor() {
    super();
    this.culture = 1033;
  }

  #href(version: Element, newest: Element | undefined): string {
    const { facet, view, element } = this.page;
    const isNewest = version === newest;
    return formatRoute({
      name: 'element',
      facet,
      view,
      id: element.id,
      ...(isNewest || !version.versionId ? {} : { versionId: version.versionId }),
    });
  }

  #renderCreate(): unknown {
    return html`<lanes-create-version .page=${this.page} .culture=${this.culture}></lanes-create-version>`;
  }

  protected override render(): unknown {
    const versions = this.page.versions;
    if (versions === null)
      return html`${this.#renderCreate()}
        <p class="muted" data-testid="versions-unavailable">${t('element.versions.unavailable')}</p>`;
    const sorted = [...versions].sort((a, b) => compareVersions(versionOf(b), versionOf(a)));
    const newest = sorted[0];
    const shown = this.page.element.versionId;
    return html`${this.#renderCreate()}
      <table class="element-table" data-testid="versions-list">
        <caption class="visually-hidden">
          ${t('element.tab.versions')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${t('element.versions.version')}</th>
            <th scope="col">${t('element.versions.state')}</th>
            <th scope="col">${t('element.versions.validFrom')}</th>
            <th scope="col">${t('element.versions.validUntil')}</th>
          </tr>
        </thead>
        <tbody>
          ${sorted.map((version) => {
            const isShown = version.versionId !== undefined && version.versionId === shown;
            const label = versionOf(version) ?? version.versionId ?? '—';
            return html`<tr
              data-version-id=${version.versionId ?? ''}
              data-version=${versionOf(version) ?? ''}
              class=${isShown ? 'is-shown' : ''}
            >
              <td>
                ${
                  isShown
                    ? html`<span aria-current="page">${label}</span>`
                    : html`<a href=${this.#href(version, newest)}>${label}</a>`
                }
                ${isShown ? html`<span class="muted">${t('element.versions.shown')}</span>` : nothing}
                ${version === newest ? html`<span class="muted">${t('element.versions.newest')}</span>` : nothing}
              </td>
              <td>
                <span class="state-badge" data-state=${version.state ?? ''}
                  >${stateLabel(version.state)}</span
                >
              </td>
              <td>${formatDate(invariant(version, 'validFrom'))}</td>
              <td>${formatDate(invariant(version, 'validUntil'))}</td>
            </tr>`;
          })}
        </tbody>
      </table>`;
  }
}
customElements.define('lanes-versions-section', VersionsSection);
