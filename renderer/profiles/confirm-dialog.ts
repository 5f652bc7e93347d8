import { html, type PropertyValues } from 'lit';
import { LightElement } from '../shell/light-element.ts';

let nextId = 1;

/**
 * A modal yes/no question (WAI-ARIA dialog pattern) on the native <dialog>:
 * showModal() makes the rest of the page inert; Tab and Shift+Tab cycle
 * inside, Escape cancels, and focus goes back to where it came from.
 * Fires `confirm` or `cancel`; the owner closes it by setting `open` false.
 */
export class ConfirmDialog extends LightElement {
  static override properties = {
    open: { type: Boolean },
    heading: { attribute: false },
    body: { attribute: false },
    confirmLabel: { attribute: false },
    cancelLabel: { attribute: false },
  };
  declare open: boolean;
  declare heading: string;
  declare body: string;
  declare confirmLabel: string;
  declare cancelLabel: string;
  readonly #id = `confirm-dialog-${nextId++}`;
  #returnFocus: HTMLElement | null = null;

  constructor() {
    super();
    this.open = false;
    this.heading = '';
    this.body = '';
    this.confirmLabel = '';
    this.cancelLabel = '';
  }

  get #dialog(): HTMLDialogElement | null {
    return this.querySelector('dialog');
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('open')) return;
    const dialog = this.#dialog;
    if (!dialog) return;
    if (this.open && !dialog.open) {
      this.#returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The harmless choice first: Enter on a remove question must not remove.
      this.querySelector<HTMLButtonElement>('[data-action=cancel]')?.focus();
    } else if (!this.open && dialog.open) {
      dialog.close();
      if (this.#returnFocus?.isConnected) this.#returnFocus.focus();
      this.#returnFocus = null;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#returnFocus = null;
  }

  #answer(name: 'confirm' | 'cancel'): void {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true }));
  }

  /** Keeps Tab inside the dialog even where the browser would move on to its own UI. */
  #trapTab(event: KeyboardEvent): void {
    if (event.key !== 'Tab') return;
    const buttons = [...this.querySelectorAll<HTMLButtonElement>('dialog button:not([disabled])')];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      last.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first.focus();
      event.preventDefault();
    }
  }

  protected override render(): unknown {
    return html`<dialog
      class="confirm-dialog"
      aria-modal="true"
      aria-labelledby="${this.#id}-title"
      aria-describedby="${this.#id}-body"
      @keydown=${(e: KeyboardEvent) => this.#trapTab(e)}
      @cancel=${(e: Event) => {
        // Escape: the owner decides (and closes), so the open property stays the truth.
        e.preventDefault();
        this.#answer('cancel');
      }}
    >
      <h2 id="${this.#id}-title">${this.heading}</h2>
      <p id="${this.#id}-body">${this.body}</p>
      <div class="dialog-buttons">
        <button type="button" data-action="cancel" @click=${() => this.#answer('cancel')}>
          ${this.cancelLabel}
        </button>
        <button type="button" class="danger" data-action="confirm" @click=${() => this.#answer('confirm')}>
          ${this.confirmLabel}
        </button>
      </div>
    </dialog>`;
  }
}
customElements.define('lanes-profiles-confirm-dialog', ConfirmDialog);
