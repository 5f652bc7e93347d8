/**
 * Whether a diagram differs from what was last saved, from the command
 * stack's position. Undoing back to the saved position is clean again; a new
 * command after undoing past the save makes the saved state unreachable.
 */
export type StackTrigger = 'execute' | 'undo' | 'redo' | 'clear';

const UNREACHABLE = Number.NEGATIVE_INFINITY;

export class DirtyTracker {
  #saved = -1;
  #position = -1;
  /** Changed outside the stack (restored recovery, a diagram never saved). */
  #forced = false;

  get dirty(): boolean {
    return this.#forced || this.#position !== this.#saved;
  }

  /** The stack moved to `position` (its index; -1 = empty). */
  moved(position: number, trigger: StackTrigger): void {
    if (trigger === 'clear') {
      this.#saved = position === -1 && !this.#forced ? -1 : UNREACHABLE;
    } else if (trigger === 'execute' && position <= this.#saved) {
      // The command replaced the saved state's future on the stack: it cannot be reached by undo/redo.
      this.#saved = UNREACHABLE;
    }
    this.#position = position;
  }

  /**
   * What is shown now is what was saved. Returns the undo of this mark, for
   * a save that turns out to have failed: the diagram is unsaved again
   * (unless something else was marked saved since).
   */
  markSaved(): () => void {
    const before = { saved: this.#saved, forced: this.#forced };
    this.#saved = this.#position;
    this.#forced = false;
    const marked = this.#saved;
    return () => {
      if (this.#saved !== marked || this.#forced) return;
      this.#saved = before.saved;
      this.#forced = before.forced;
    };
  }

  markUnsaved(): void {
    this.#forced = true;
  }

  /** A fresh import: an empty stack, clean unless `unsaved`. */
  reset(unsaved = false): void {
    this.#saved = -1;
    this.#position = -1;
    this.#forced = unsaved;
  }
}
