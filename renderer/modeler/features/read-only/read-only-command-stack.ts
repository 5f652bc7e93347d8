import CommandStack from 'diagram-js/lib/command/CommandStack.js';
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import type { Injector } from 'didi';
import { ReadOnlyCommandError, type ReadOnlyState } from './read-only-state.ts';

/**
 * The last wall behind the rules: a command that gets past them (the
 * properties panel, an API call, a script) is refused while read-only, with a
 * clear error. It is provided as the diagram's `commandStack` through
 * dependency injection (the module overrides diagram-js's own).
 *
 * Why not a `preExecute` interceptor: diagram-js records the action on its
 * current execution before `preExecute` fires, so a command refused there
 * leaves that execution open and the stack never reports a change again
 * (dirty tracking and undo break), and `redo` fires no `preExecute` at all.
 * Refusing here happens before the stack records anything.
 */
export class ReadOnlyCommandStack extends CommandStack {
  static override $inject = ['eventBus', 'injector', 'lanesReadOnly'];
  readonly #state: ReadOnlyState;

  constructor(eventBus: EventBus, injector: Injector, state: ReadOnlyState) {
    super(eventBus, injector);
    this.#state = state;
  }

  override execute(command: string, context: object): void {
    this.#refuseIfReadOnly(command);
    super.execute(command, context);
  }

  override undo(): void {
    this.#refuseIfReadOnly('undo');
    super.undo();
  }

  override redo(): void {
    this.#refuseIfReadOnly('redo');
    super.redo();
  }

  #refuseIfReadOnly(command: string): void {
    if (this.#state.isReadOnly()) throw new ReadOnlyCommandError(command);
  }
}
