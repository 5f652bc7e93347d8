import { html, nothing } from 'lit';
import type { SyncStatus } from '../../shared/domain/sync.ts';
import type { Freshness } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { formatDateTime } from '../i18n/dates.ts';
import { ClientElement } from '../base/client-element.ts';

/** The status bar's sync part: connection, online state, queue, conflicts, and "Sync now". */
class SyncStatusBar extends ClientElement {
  static override properties = {
    freshness: { attribute: false },
    status: { state: true },
  };
  /** Where the current view's data came from (null: the view shows no service data). */
  declare freshness: Freshness | null | undefined;
  declare status: SyncStatus | undefined;
  #unsubscribe: (() => void) | undefined;

  protected override firstUpdated(): void {
    this.#unsubscribe = this.client.on('sync.statusChanged', (status) => (this.status = status));
    this.client.request('sync.status', {}).then(
      (status) => (this.status ??= status),
      (error: unknown) => this.reportError(error),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
  }

  async #syncNow(): Promise<void> {
    try {
      await this.client.request('sync.run', {});
    } catch (error) {
      this.reportError(error);
    }
  }

  #renderFreshness(): unknown {
    const f = this.freshness;
    if (!f) return nothing;
    if (f.source === 'live')
      return html`<span class="sync-part" data-testid="view-freshness" data-source="live"
        >${t('freshness.live')}</span
      >`;
    const time = formatDateTime(f.fetchedAt);
    return html`<span class="sync-part cached-marker" data-testid="view-freshness" data-source="cache"
      >${t('freshness.cached', { time })}</span
    >`;
  }

  protected override render(): unknown {
    const s = this.status;
    if (!s) return nothing;
    if (!s.profile)
      return html`<span class="sync-part" data-testid="sync-profile">${t('sync.notConnected')}</span>`;
    const time = s.lastSyncAt ? formatDateTime(s.lastSyncAt) : undefined;
    return html`<span class="sync-part" data-testid="sync-profile">${s.profile}</span>
      <span class="sync-part sync-online-${s.online}" data-testid="sync-online"
        >${t(`sync.${s.online}`)}</span
      >
      <span class="sync-part" data-testid="sync-queued">${t('sync.queued', { count: s.queued })}</span>
      ${
        s.conflicts > 0
          ? html`<span class="sync-part sync-conflicts" data-testid="sync-conflicts"
              >${t('sync.conflicts', { count: s.conflicts })}</span
            >`
          : nothing
      }
      ${
        s.running && s.progress
          ? html`<span
              class="sync-part"
              role="progressbar"
              aria-valuenow=${s.progress.done}
              aria-valuemax=${s.progress.total}
              >${t('sync.running', { done: s.progress.done, total: s.progress.total })}</span
            >`
          : nothing
      }
      ${this.#renderFreshness()}
      ${time ? html`<span class="sync-part muted">${t('sync.lastSync', { time })}</span>` : nothing}
      <button type="button" class="sync-now" ?disabled=${s.running} @click=${() => this.#syncNow()}>
        ${t('sync.now')}
      </button>`;
  }
}
customElements.define('lanes-sync-status', SyncStatusBar);
