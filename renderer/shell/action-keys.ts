/**
 * The renderer's one keyboard handler for editor actions, derived from the
 * action table (shared/domain/editor-actions.ts): a chord Lanes binds runs
 * its action exactly as the application menu's item does. bpmn-js's own keys
 * (the canvas's E, Delete, Ctrl+Z, Ctrl+F, zoom) are never bound here.
 *
 * Why the renderer and not the menu's accelerators: the keys then work the
 * same in a browser (the test harness) and in Electron, the menu shows them
 * without registering them (menu-declaration.ts), so a press fires once, and
 * the page knows what Electron does not: which screen is shown and whether a
 * dialog is open.
 */
import { lanesActionForKey } from '../../shared/domain/key-chords.ts';
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import type { WorkspaceCommandId } from '../../shared/domain/editor-actions.ts';

interface ActionKeyTarget {
  /** Whether the editor is the page shown: most keys act only there. */
  editorShown(): boolean;
  run(action: Exclude<MenuCommand, 'showAbout'> | WorkspaceCommandId): void;
}

/** Installs the handler on the window (capturing, so no field or canvas on the way swallows a chord). */
export function followActionKeys(target: ActionKeyTarget): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    const action = lanesActionForKey(event);
    if (!action || event.repeat) return;
    // A modal dialog (the close question, a picker, the sheet itself) owns the keyboard while it is open.
    if (document.querySelector('dialog:modal')) return;
    if (!action.anywhere && !target.editorShown()) return;
    event.preventDefault();
    event.stopPropagation();
    target.run(action.id);
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
}
