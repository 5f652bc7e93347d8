import CommandInterceptor from 'diagram-js/lib/command/CommandInterceptor.js';
import type CommandStack from 'diagram-js/lib/command/CommandStack.js';
import type EventBus from 'diagram-js/lib/core/EventBus.js';
import { ReadOnlyCommandError, type ReadOnlyState } from './read-only-state.ts';

const FIRST = 100_000;

/**
 * The last wall: a command that gets past the rules (the properties panel,
 * an API call, a script) is refused while read-only, with a clear error.
 * It is refused before the command stack records anything, so the stack
 * stays consistent for when the diagram becomes editable.
 */
export class ReadOnlyGuard extends CommandInterceptor {
  static override $inject = ['eventBus', 'commandStack', 'lanesReadOnly'];

  constructor(eventBus: EventBus, commandStack: CommandStack, state: ReadOnlyState) {
    super(eventBus);
    const execute = commandStack.execute.bind(commandStack);
    const undo = commandStack.undo.bind(commandStack);
    const redo = commandStack.redo.bind(commandStack);
    const refuseIfReadOnly = (command: string): void => {
      if (state.isReadOnly()) throw new ReadOnlyCommandError(command);
    };
    commandStack.execute = (command: string, context: object) => {
      refuseIfReadOnly(command);
      execute(command, context);
    };
    commandStack.undo = () => {
      refuseIfReadOnly('undo');
      undo();
    };
    commandStack.redo = () => {
      refuseIfReadOnly('redo');
      redo();
    };
    // Any path that reaches the handlers without execute() (a future diagram-js) still stops here.
    this.preExecute(FIRST, (event: { command: string }) => refuseIfReadOnly(event.command));
  }
}
