/**
 * Keeps a native modal <dialog> in step with its owner's `open` property:
 * opening moves the focus into it, closing gives the focus back to where it
 * was. Shared by every dialog of the app, so they all behave alike.
 */
export class ModalFocus {
  #returnFocus: HTMLElement | null = null;

  sync(dialog: HTMLDialogElement | null, open: boolean, focusSelector: string): void {
    if (!dialog) return;
    if (open && !dialog.open) {
      this.#returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>(focusSelector)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (this.#returnFocus?.isConnected) this.#returnFocus.focus();
      this.#returnFocus = null;
    }
  }

  /** The owner left the document: a dialog still open would keep the page inert. */
  release(dialog: HTMLDialogElement | null): void {
    if (dialog?.open) dialog.close();
  }
}
