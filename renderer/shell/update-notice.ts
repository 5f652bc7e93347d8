import { html, nothing } from 'lit';
import type { RestartBlocker, UpdateStatus } from '../../shared/domain/updates.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';
import './update-notice.css';

const blockerText = {
  unsavedWork: 'updates.blocked.unsavedWork',
  syncRunning: 'updates.blocked.syncRunning',
  notDownloaded: 'updates.blocked.notDownloaded',
} as const satisfies Record<RestartBlocker, string>;

/**
 * Asks the editor's own quit guard (its beforeunload handler) whether a tab
 * has unsaved changes: the same answer closing the window would get.
 */
function hasUnsavedWork(): boolean {
  const probe = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(probe);
  return probe.defaultPrevented;
}

/**
 * The status bar's update part (builds with an update feed only): the
 * download's progress, then "Restart to Update" when the user wants it.
 * Main refuses the restart while a tab is unsaved or a sync runs; the notice
 * says why.
 */
class UpdateNotice extends ClientElement {
  static override properties = {
    status: { state: true },
    blockers: { state: true },
    dismissed: { state: true },
  };
  declare status: UpdateStatus | undefined;
  declare blockers: RestartBlocker[];
  declare dismissed: boolean;
  #unsubscribe: (() => void) | undefined;

  constructor() {
    super();
    this.blockers = [];
    this.dismissed = false;
  }

  protected override firstUpdated(): void {
    this.#unsubscribe = this.client.on('updates.status', (status) => {
      this.status = status;
      this.blockers = [];
      this.dismissed = false;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
  }

  async #restart(): Promise<void> {
    try {
      const result = await this.client.request('updates.restart', { unsavedWork: hasUnsavedWork() });
      this.blockers = result?.blockers ?? [];
    } catch (error) {
      this.reportError(error);
    }
  }

  protected override render(): unknown {
    const status = this.status;
    if (!status || this.dismissed) return nothing;
    const dismiss = (label: 'updates.dismiss' | 'updates.later') =>
      html`<button type="button" class="update-dismiss" @click=${() => (this.dismissed = true)}>
        ${t(label)}
      </button>`;
    switch (status.state) {
      case 'checking':
        return html`<span class="update-text" data-testid="update-status">${t('updates.checking')}</span>`;
      case 'upToDate':
        return html`<span class="update-text" data-testid="update-status">${t('updates.upToDate')}</span>
          ${dismiss('updates.dismiss')}`;
      case 'downloading':
        return html`<span class="update-text" data-testid="update-status"
            >${t('updates.downloading', { version: status.version })}</span
          >
          <progress
            class="update-progress"
            max="100"
            .value=${status.percent}
            aria-label=${t('updates.progressLabel')}
          ></progress>
          <span class="update-percent">${status.percent} %</span>`;
      case 'ready':
        return html`<span class="update-text" data-testid="update-status"
            >${t('updates.ready', { version: status.version })}</span
          >
          <button type="button" class="update-restart" @click=${() => void this.#restart()}>
            ${t('updates.restart')}
          </button>
          ${dismiss('updates.later')}
          ${
            this.blockers.length > 0
              ? html`<span class="update-blocked" role="alert" data-testid="update-blocked"
                  >${this.blockers.map((blocker) => t(blockerText[blocker])).join(' ')}</span
                >`
              : nothing
          }`;
      case 'failed':
        return html`<span class="update-text update-failed" data-testid="update-status"
            >${t('updates.failed', { message: status.message })}</span
          >
          ${dismiss('updates.dismiss')}`;
    }
  }
}
customElements.define('lanes-update-notice', UpdateNotice);
