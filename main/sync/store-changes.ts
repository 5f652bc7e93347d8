/**
 * How a store announces its own changes (as diagram-js's command stack says
 * `changed`): every write names the element it touched, so whoever shows
 * outbox state (the status bar, the open tabs) follows the stores instead of
 * a list of requests that might change them.
 */
type ChangeListener = (elementId: string) => void;

export class StoreChanges {
  readonly #listeners = new Set<ChangeListener>();

  /** Called with the element after each write; returns how to stop listening. */
  readonly onChange = (listener: ChangeListener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  announce(elementId: string): void {
    for (const listener of this.#listeners) listener(elementId);
  }
}
