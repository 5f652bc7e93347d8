/**
 * The workbench's keys: Enter or Tab to the next row (Shift: the previous),
 * F8 to the next missing text (Shift+F8: the previous), Ctrl+Z / Ctrl+Y (or
 * Ctrl+Shift+Z) for the table's own undo and redo, Ctrl+F to search and
 * Ctrl+S to save at once. Escape leaves the text field.
 */
interface WorkbenchKeys {
  undo(redo: boolean): void;
  focusSearch(): void;
  save(): void;
  nextMissing(back: boolean): void;
}

/** Keys that act wherever the focus is on the page. */
export function onPageKey(event: KeyboardEvent, keys: WorkbenchKeys): void {
  const ctrl = (event.ctrlKey || event.metaKey) && !event.altKey;
  const key = event.key.toLowerCase();
  let handled = true;
  if (ctrl && key === 'z') keys.undo(event.shiftKey);
  else if (ctrl && key === 'y') keys.undo(true);
  else if (ctrl && key === 'f') keys.focusSearch();
  else if (ctrl && key === 's') keys.save();
  else if (event.key === 'F8') keys.nextMissing(event.shiftKey);
  else handled = false;
  if (handled) event.preventDefault();
}

/** Keys in a row's text field: the row to go to, or null to leave the key to the browser. */
export function onRowKey(event: KeyboardEvent, index: number, count: number): number | null {
  if (event.key === 'Escape') {
    (event.target as HTMLElement).blur();
    return null;
  }
  if (event.key !== 'Enter' && event.key !== 'Tab') return null;
  const next = index + (event.shiftKey ? -1 : 1);
  if (next < 0 || next >= count) {
    // Tab past the first or last row leaves the table as usual; Enter stays where it is.
    if (event.key === 'Enter') event.preventDefault();
    return null;
  }
  event.preventDefault();
  return next;
}
