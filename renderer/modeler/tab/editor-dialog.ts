import { html, nothing } from 'lit';
import { LightElement } from '../../base/light-element.ts';
import { ModalFocus } from '../../base/modal-focus.ts';

let nextId = 1;

/**
 * A native modal dialog whose body and buttons belong to the owner: the
 * three-way close question, the shortcuts sheet, the element picker. Escape
 * asks the owner to close (it owns `open`); focus returns where it was.
 */
class EditorDialog extends LightElement {
  static override properties = {
    open: { type: Boolean },
    heading: { attribute: false },
    body: { attribute: false },
    buttons: { attribute: false },
  };
  declare open: boolean;
  declare heading: string;
  declare body: unknown;
  declare buttons: unknown;
  readonly #id = `editor-dialog-${nextId++}`;
  readonly #focus = new ModalFocus();

  constructor() {
    super();
    this.open = false;
    this.heading = '';
  }

  get #dialog(): HTMLDialogElement | null {
    return this.querySelector('dialog');
  }

  protected override updated(): void {
    this.#focus.sync(this.#dialog, this.open, '[autofocus], [data-role=cancel], button');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#focus.release(this.#dialog);
  }

  protected override render(): unknown {
    return html`<dialog
      class="confirm-dialog editor-dialog"
      aria-labelledby="${this.#id}-heading"
      @cancel=${(event: Event) => {
        event.preventDefault();
        this.dispatchEvent(new CustomEvent('dialog-cancel', { bubbles: true }));
      }}
    >
      <h2 id="${this.#id}-heading" class="confirm-dialog-heading">${this.heading}</h2>
      <div class="confirm-dialog-body">${this.body ?? nothing}</div>
      <div class="confirm-dialog-buttons">${this.buttons ?? nothing}</div>
    </dialog>`;
  }
}
customElements.define('lanes-editor-dialog', EditorDialog);
