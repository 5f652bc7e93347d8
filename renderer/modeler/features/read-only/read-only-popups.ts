import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type { ReadOnlyState } from './read-only-state.ts';

/** Above diagram-js's own listeners, so a refusal is final. */
const FIRST = 100_000;

/**
 * No popup menu opens on a read-only diagram (replace, append anything, the
 * colour picker): the context pad is already empty there (read-only-ui.ts),
 * and this closes the keyboard's way in (A appends, N creates, R replaces).
 */
export class ReadOnlyPopups {
  static $inject = ['eventBus', 'lanesReadOnly'];

  constructor(eventBus: EventBus, state: ReadOnlyState) {
    // false: diagram-js's PopupMenu does not open.
    eventBus.on('popupMenu.open.allowed', FIRST, () => (state.isReadOnly() ? false : undefined));
  }
}
