import { html, nothing } from 'lit';
import { LightElement } from './light-element.ts';
import { ModalFocus } from './modal-focus.ts';
import './confirm-dialog.css';

let nextDialogId = 1;

/**
 * A modal question with a confirm and a cancel button. Built on the native
 * modal <dialog> (the rest of the page goes inert), plus what it leaves to
 * us: Tab wraps inside, Escape cancels through the owner, and focus goes
 * back to whatever opened it.
 */
class ConfirmDialog extends LightElement {
  static override properties = {
    open: { type: Boolean },
    heading: { attribute: false },
    body: { attribute: false },
    confirmLabel: { attribute: false },
    cancelLabel: { attribute: false },
    busy: { type: Boolean },
    tone: { attribute: false },
    emphasis: { attribute: false },
  };
  declare open: boolean;
  declare heading: string;
  /** Anything Lit can render, shown under the heading. */
  declare body: unknown;
  declare confirmLabel: string;
  declare cancelLabel: string;
  /** While the action runs: both buttons wait (still focusable, so focus stays in the dialog). */
  declare busy: boolean;
  /** `danger` for questions that destroy something (remove a profile). */
  declare tone: 'primary' | 'danger';
  /**
   * Which answer is the highlighted default: `confirm` (the usual), or
   * `cancel` when Lanes advises against going on (a release with pre-flight
   * findings: "Review" leads, going on anyway is the plain button).
   */
  declare emphasis: 'confirm' | 'cancel';
  readonly #id = `lanes-dialog-${nextDialogId++}`;
  readonly #focus = new ModalFocus();

  constructor() {
    super();
    this.open = false;
    this.busy = false;
    this.tone = 'primary';
    this.emphasis = 'confirm';
    this.heading = '';
    this.confirmLabel = '';
    this.cancelLabel = '';
  }

  get #dialog(): HTMLDialogElement | null {
    return this.querySelector('dialog');
  }

  protected override updated(): void {
    // The safe choice has the focus: Enter by accident neither releases nor removes anything.
    this.#focus.sync(this.#dialog, this.open, '[data-role=cancel]');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#focus.release(this.#dialog);
  }

  #answer(kind: 'dialog-confirm' | 'dialog-cancel'): void {
    this.dispatchEvent(new CustomEvent(kind, { bubbles: true }));
  }

  #onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Tab') return;
    const focusable = [
      ...(this.#dialog?.querySelectorAll<HTMLElement>('button:not([disabled]), [href], [tabindex="0"]') ??
        []),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
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
      aria-labelledby="${this.#id}-heading"
      aria-describedby="${this.#id}-body"
      @keydown=${(event: KeyboardEvent) => this.#onKeyDown(event)}
      @cancel=${(event: Event) => {
        // Escape: the owner decides (it owns `open`), so the native close is held back.
        event.preventDefault();
        if (!this.busy) this.#answer('dialog-cancel');
      }}
    >
      <h2 id="${this.#id}-heading" class="confirm-dialog-heading">${this.heading}</h2>
      <div id="${this.#id}-body" class="confirm-dialog-body">${this.body ?? nothing}</div>
      <div class="confirm-dialog-buttons">
        <button
          type="button"
          class=${this.emphasis === 'cancel' ? 'primary' : ''}
          data-role="cancel"
          aria-disabled=${this.busy ? 'true' : 'false'}
          @click=${() => !this.busy && this.#answer('dialog-cancel')}
        >
          ${this.cancelLabel}
        </button>
        <button
          type="button"
          class=${this.emphasis === 'cancel' ? '' : this.tone}
          data-role="confirm"
          aria-disabled=${this.busy ? 'true' : 'false'}
          @click=${() => !this.busy && this.#answer('dialog-confirm')}
        >
          ${this.confirmLabel}
        </button>
      </div>
    </dialog>`;
  }
}
customElements.define('lanes-confirm-dialog', ConfirmDialog);
