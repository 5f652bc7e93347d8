import { ReadOnlyCommandStack } from './read-only-command-stack.ts';
import { ReadOnlyPopups } from './read-only-popups.ts';
import { ReadOnlyRules } from './read-only-rules.ts';
import { ReadOnlyState } from './read-only-state.ts';
import { ReadOnlyUi } from './read-only-ui.ts';

export { ReadOnlyCommandError, ReadOnlyState } from './read-only-state.ts';

/**
 * Read-only mode for the Modeler (`config.lanesReadOnly: true` to start in
 * it; `modeler.get('lanesReadOnly').set(false)` to leave it). All of read-only
 * lives here: the rules, the command stack, the canvas's UI and the popups.
 */
export const readOnlyModule = {
  __init__: ['lanesReadOnlyRules', 'lanesReadOnlyUi', 'lanesReadOnlyPopups'],
  lanesReadOnly: ['type', ReadOnlyState],
  lanesReadOnlyRules: ['type', ReadOnlyRules],
  // Replaces diagram-js's command stack: refuses commands before anything is recorded.
  commandStack: ['type', ReadOnlyCommandStack],
  lanesReadOnlyUi: ['type', ReadOnlyUi],
  lanesReadOnlyPopups: ['type', ReadOnlyPopups],
};
