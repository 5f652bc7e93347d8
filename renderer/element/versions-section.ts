import { html, nothing } from 'lit';
import { pickCulture } from '../../shared/domain/culture.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import { formatRoute } from '../base/routes.ts';
import { createVersionAvailability } from './element-actions.ts';
import { compareVersions, formatDate, stateLabel, versionOf } from '../base/element-format.ts';
import { pageChangedEvent, type Announcement } from './release-actions.ts';
import { elementName } from '../base/element-format.ts';
import '../base/confirm-dialog.ts';

const invariant = (element: Element, key: string): string => pickCulture(element.attributes[key], 127).text;

/**
 * The element's versions, newest first, with their states and validity. The
 * newest is the working version (opened normally); older ones open read-only.
 */
class VersionsSection extends ClientElement {
  static override properties = {
    page: { attribute: false },
    culture: { attribute: false },
    busy: { state: true },
    announcement: { state: true },
    confirming: { state: true },
  };
  declare page: ElementPage;
  declare culture: number;
  declare busy: boolean;
  /** What the last action did, shown until the next one (translated when drawn: the language may change). */
  declare announcement: Announcement | null;
  /** "Create new version" asks first: it makes a new working version on the service. */
  declare confirming: boolean;

  constructor() {
    super();
    this.culture = 1033;
    this.busy = false;
    this.announcement = null;
    this.confirming = false;
  }

  async #createVersion(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const result = await this.client.request('workspace.createVersion', {
        facet: this.page.facet,
        view: this.page.view,
        id: this.page.element.id,
      });
      const created = result.page ? versionOf(result.page.element) : null;
      this.announcement =
        result.outcome === 'queued'
          ? { key: 'element.versions.queued' }
          : created
            ? { key: 'element.versions.createdAs', params: { version: created } }
            : { key: 'element.versions.created' };
      this.dispatchEvent(pageChangedEvent(result.page));
    } catch (error) {
      this.reportError(error);
    } finally {
      this.busy = false;
      this.confirming = false;
    }
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
    if (this.page.readOnlyVersion) return nothing;
    const availability = createVersionAvailability(this.page);
    const reasonId = 'create-version-reason';
    return html`<div class="versions-create">
      <button
        type="button"
        data-testid="create-version"
        ?disabled=${!availability.allowed || this.busy}
        aria-describedby=${availability.allowed ? nothing : reasonId}
        @click=${() => (this.confirming = true)}
      >
        ${t('element.versions.create')}
      </button>
      ${
        availability.allowed
          ? nothing
          : html`<span id=${reasonId} class="disabled-reason" data-testid="create-version-reason"
              >${t(availability.reason)}</span
            >`
      }
      <span
        class=${this.announcement ? 'versions-result' : 'visually-hidden'}
        role="status"
        data-testid="create-version-result"
        >${this.announcement ? t(this.announcement.key, this.announcement.params) : nothing}</span
      >
      <lanes-confirm-dialog
        data-testid="create-version-dialog"
        .open=${this.confirming}
        .heading=${t('element.versions.confirm.heading')}
        .body=${t('element.versions.confirm.body', {
          name: elementName(this.page.element, this.culture).text,
          version: versionOf(this.page.element) ?? '—',
        })}
        .confirmLabel=${t('element.versions.confirm.confirm')}
        .cancelLabel=${t('element.cancel')}
        .busy=${this.busy}
        @dialog-confirm=${() => void this.#createVersion()}
        @dialog-cancel=${() => (this.confirming = false)}
      ></lanes-confirm-dialog>
    </div>`;
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
