/**
 * Recently opened elements (from main's `workspace.recents`), each a link
 * back to its element page. Shown on the landscape before a view is chosen.
 */
import { html, nothing } from 'lit';
import type { Recent } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { ClientElement } from '../base/client-element.ts';
import { navigateEvent } from '../base/routes.ts';
import { shownName, typeLabel } from './element-labels.ts';
import { typeIcon } from './type-icons.ts';

class RecentElements extends ClientElement {
  static override properties = {
    culture: { attribute: false },
    recents: { state: true },
  };
  declare culture: number;
  declare recents: Recent[] | null;

  constructor() {
    super();
    this.culture = 1033;
    this.recents = null;
  }

  protected override willUpdate(): void {
    if (this.hasUpdated) return;
    this.client.request('workspace.recents', {}).then(
      (recents) => (this.recents = recents),
      // Without a connection there is nothing recent to show; the page explains the connection.
      () => (this.recents = []),
    );
  }

  protected override render(): unknown {
    const recents = this.recents;
    if (recents === null) return nothing;
    return html`<section class="nav-recents" aria-labelledby="nav-recents-heading" data-testid="recents">
      <h3 id="nav-recents-heading">${t('navigator.recents')}</h3>
      ${
        recents.length === 0
          ? html`<p class="muted">${t('navigator.recentsEmpty')}</p>`
          : html`<ul>
              ${recents.map((recent) => {
                const name = shownName(recent.displayNames, this.culture, recent.id);
                return html`<li>
                  <button
                    type="button"
                    class="nav-recent"
                    data-id=${recent.id}
                    title=${name.fallbackNote ?? nothing}
                    @click=${() =>
                      this.dispatchEvent(
                        navigateEvent({
                          name: 'element',
                          facet: recent.facet,
                          view: recent.view,
                          id: recent.id,
                        }),
                      )}
                  >
                    <span class="nav-type" title=${typeLabel(recent.type)}>${typeIcon(recent.type)}</span>
                    <span class="nav-name">${name.text}</span>
                    <span class="muted nav-recent-time"
                      >${t('navigator.recentOpened', { time: formatDateTime(recent.openedAt) })}</span
                    >
                  </button>
                </li>`;
              })}
            </ul>`
      }
    </section>`;
  }
}
customElements.define('lanes-recent-elements', RecentElements);
