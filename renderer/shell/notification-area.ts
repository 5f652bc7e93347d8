import { html, nothing } from 'lit';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { LightElement } from '../base/light-element.ts';

export interface Notice {
  id: number;
  error: LanesErrorData;
}

/** Errors shown as messages the user can read and dismiss; never a crash. */
export class NotificationArea extends LightElement {
  static override properties = { notices: { attribute: false } };
  declare notices: Notice[];

  constructor() {
    super();
    this.notices = [];
  }

  protected override render(): unknown {
    return html`<div class="notices" role="alert" aria-live="assertive">
      ${this.notices.map(
        (notice) =>
          html`<div class="notice notice-error" data-code=${notice.error.code}>
            <p class="notice-message">${tError(notice.error)}</p>
            ${
              notice.error.details.length > 0
                ? html`<details>
                    <summary>${t('notification.details')}</summary>
                    <ul>
                      ${notice.error.details.map((detail) => html`<li>${detail}</li>`)}
                    </ul>
                  </details>`
                : nothing
            }
            <button type="button" class="notice-dismiss" @click=${() => this.#dismiss(notice.id)}>
              ${t('notification.dismiss')}
            </button>
          </div>`,
      )}
    </div>`;
  }

  #dismiss(id: number): void {
    this.dispatchEvent(new CustomEvent('notice-dismissed', { detail: id, bubbles: true }));
  }
}
customElements.define('lanes-notification-area', NotificationArea);
