/**
 * "Make available offline" for the current view: pins it (main then fetches
 * the whole view into the cache in the background) and shows the progress,
 * polling `workspace.pins` about once a second while the pin is pending or
 * running, and never after the page is gone.
 */
import { html, nothing, type PropertyValues } from 'lit';
import type { PinView } from '../../shared/domain/workspace.ts';
import { t } from '../i18n/locale-controller.ts';
import { ClientElement } from '../base/client-element.ts';

const POLL_MS = 1000;

function pinOf(pins: readonly PinView[], facet: string, view: string): PinView | null {
  return pins.find((p) => p.facet === facet && p.view === view && p.rootId === null) ?? null;
}

const isBusy = (pin: PinView | null): boolean => pin?.status === 'pending' || pin?.status === 'running';

class PinToggle extends ClientElement {
  static override properties = {
    facet: { attribute: false },
    view: { attribute: false },
    pin: { state: true },
    working: { state: true },
  };
  declare facet: string;
  declare view: string;
  declare pin: PinView | null;
  declare working: boolean;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;

  constructor() {
    super();
    this.pin = null;
    this.working = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#connected = true;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connected = false;
    clearTimeout(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.hasUpdated || changed.has('facet') || changed.has('view')) {
      this.pin = null;
      void this.#refresh();
    }
  }

  async #refresh(): Promise<void> {
    clearTimeout(this.#timer);
    if (!this.facet || !this.view) return;
    const target = `${this.facet}/${this.view}`;
    try {
      const pins = await this.client.request('workspace.pins', {});
      if (target !== `${this.facet}/${this.view}`) return;
      this.#show(pins);
    } catch {
      // Not connected or main busy: the button stays usable; pressing it reports the real error.
    }
  }

  #show(pins: readonly PinView[]): void {
    this.pin = pinOf(pins, this.facet, this.view);
    clearTimeout(this.#timer);
    if (this.#connected && isBusy(this.pin)) this.#timer = setTimeout(() => void this.#refresh(), POLL_MS);
  }

  async #toggle(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      const pin = this.pin;
      const pins =
        pin && pin.status !== 'failed' && pin.status !== 'cancelled'
          ? await this.client.request('workspace.unpin', { id: pin.id })
          : await this.client.request('workspace.pin', { facet: this.facet, view: this.view, rootId: null });
      this.#show(pins);
    } catch (error) {
      this.reportError(error);
    } finally {
      this.working = false;
    }
  }

  protected override render(): unknown {
    const pin = this.pin;
    const pinned = pin !== null && pin.status !== 'failed' && pin.status !== 'cancelled';
    const label = !pinned
      ? t('navigator.pin')
      : isBusy(pin)
        ? pin.total
          ? t('navigator.pinProgress', { done: pin.done, total: pin.total })
          : t('navigator.pinPending')
        : t('navigator.pinned');
    return html`<button
        type="button"
        class="nav-pin${pinned ? ' nav-pin-on' : ''}"
        data-testid="pin-toggle"
        data-status=${pin?.status ?? 'none'}
        aria-pressed=${pinned ? 'true' : 'false'}
        title=${pinned && !isBusy(pin) ? t('navigator.unpinHint') : nothing}
        ?disabled=${this.working}
        @click=${() => void this.#toggle()}
      >
        ${label}
      </button>
      ${
        isBusy(pin) && pin?.total
          ? html`<progress
              class="nav-pin-progress"
              max=${pin.total}
              .value=${pin.done}
              aria-hidden="true"
            ></progress>`
          : nothing
      }
      ${
        pin?.status === 'failed'
          ? html`<span class="nav-pin-failed" role="alert"
              >${t('navigator.pinFailed', { reason: pin.lastError ?? '' })}</span
            >`
          : nothing
      }`;
  }
}
customElements.define('lanes-pin-toggle', PinToggle);
