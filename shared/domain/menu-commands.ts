/**
 * What the application menu asks the renderer to do, as the `menu.command`
 * event carries it: the id of every editor action with a menu place
 * (editor-actions.ts), and About, which is the shell's. A plain list (no zod)
 * so the renderer can bundle it; the contract makes it a zod enum.
 */
import { menuActionIds, type MenuActionId } from './editor-actions.ts';

export type MenuCommand = MenuActionId | 'showAbout';

export const menuCommands: readonly [MenuCommand, ...MenuCommand[]] = ['showAbout', ...menuActionIds];
