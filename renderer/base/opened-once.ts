import { nothing } from 'lit';

/**
 * A dialog whose markup is built the first time it opens and kept from then
 * on. Closed, it costs its owner nothing: the editor tab owns six dialogs, and
 * built closed they were two fifths of a new tab's markup, made before a
 * process's import could start and again with every render of the tab. Once
 * opened it stays in the page, so that closing it still returns the focus
 * (ModalFocus) and it keeps what the user left in it.
 */
export class OpenedOnce {
  #opened = false;

  /** `dialog` is given `open`, so that the condition is written once, where the owner decides it. */
  render(open: boolean, dialog: (open: boolean) => unknown): unknown {
    if (open) this.#opened = true;
    return this.#opened ? dialog(open) : nothing;
  }
}
