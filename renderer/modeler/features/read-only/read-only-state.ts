import type EventBus from 'diagram-js/lib/core/EventBus.js';

/** Fired on the diagram's event bus whenever read-only mode is switched. */
export const READ_ONLY_CHANGED = 'lanes.readOnly.changed';

/** Whether the diagram may be changed; switchable at runtime ("Create new version to edit"). */
export class ReadOnlyState {
  static $inject = ['eventBus', 'config.lanesReadOnly'];
  readonly #eventBus: EventBus;
  #readOnly: boolean;

  constructor(eventBus: EventBus, initial: boolean | undefined) {
    this.#eventBus = eventBus;
    this.#readOnly = initial === true;
  }

  isReadOnly(): boolean {
    return this.#readOnly;
  }

  set(readOnly: boolean): void {
    if (readOnly === this.#readOnly) return;
    this.#readOnly = readOnly;
    this.#eventBus.fire(READ_ONLY_CHANGED, { readOnly });
  }
}

/** What a refused command throws: names the command, says what to do. */
export class ReadOnlyCommandError extends Error {
  readonly command: string;

  constructor(command: string) {
    super(`The diagram is read-only; "${command}" was refused. Create a new version to edit it.`);
    this.name = 'ReadOnlyCommandError';
    this.command = command;
  }
}
