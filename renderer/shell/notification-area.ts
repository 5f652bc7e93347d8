import { html, nothing } from 'lit';
import type { PublishedEvent } from '../../shared/domain/editor.ts';
import type { LanesErrorData } from '../../shared/ipc/errors.ts';
import { t, tError } from '../i18n/locale-controller.ts';
import { LightElement } from '../base/light-element.ts';
import { formatRoute } from '../base/routes.ts';
import { notKeptSummary } from '../verify/not-kept.ts';

export type Notice =
  | { id: number; error: LanesErrorData }
  /** A publish arrived while no tab showed the process (a sync, the command line, the conflict view). */
  | { id: number; published: PublishedEvent };

/**
 * Errors shown as messages the user can read and dismiss, never a crash; and
 * the outcome of a publish no open tab shows, with the way to the process.
 */
class NotificationArea extends LightElement {
  static override properties = { notices: { attribute: false } };
  declare notices: Notice[];

  constructor() {
    super();
    this.notices = [];
  }

  protected override render(): unknown {
    return html`<div class="notices" role="alert" aria-live="assertive">
      ${this.notices.map((notice) =>
        'published' in notice
          ? this.#renderPublished(notice.id, notice.published)
          : html`<div class="notice notice-error" data-code=${notice.error.code}>
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

  #renderPublished(id: number, event: PublishedEvent): unknown {
    const lost = event.result.notKept ?? [];
    const where = event.result.document;
    return html`<div
      class="notice ${lost.length > 0 ? 'notice-error' : ''}"
      data-testid="published-notice"
      data-not-kept=${lost.length}
    >
      <p class="notice-message">
        ${t('outcome.notice.published', { name: event.name })}
        ${event.via === 'editor' ? nothing : t(event.via === 'sync' ? 'outcome.notice.via.sync' : 'outcome.notice.via.cli')}
        ${lost.length > 0 ? t('verify.heading', { summary: notKeptSummary(lost) }) : nothing}
      </p>
      ${
        where
          ? html`<a
              data-testid="published-notice-open"
              href=${formatRoute({ name: 'edit', facet: where.facet, view: where.view, id: where.id })}
              @click=${() => this.#dismiss(id)}
              >${t('outcome.notice.open')}</a
            >`
          : nothing
      }
      <button type="button" class="notice-dismiss" @click=${() => this.#dismiss(id)}>
        ${t('notification.dismiss')}
      </button>
    </div>`;
  }

  #dismiss(id: number): void {
    this.dispatchEvent(new CustomEvent('notice-dismissed', { detail: id, bubbles: true }));
  }
}
customElements.define('lanes-notification-area', NotificationArea);
