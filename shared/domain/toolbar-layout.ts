/**
 * The editor toolbar as the action table declares it (shared/domain/editor-actions.ts):
 * which buttons a tab shows, in which group and order, and whether each is
 * enabled and pressed. The renderer draws this list and nothing else, so an
 * action given a toolbar place is on the toolbar without a second edit.
 */
import {
  declaredActions,
  toolbarGroups,
  type EditorActionDeclaration,
  type ToolbarButtonId,
  type ToolbarGroup,
  type ToolbarMenuItemId,
  type ToolbarPlace,
  type ToolbarState,
} from './editor-actions.ts';

export interface ToolbarButton {
  kind: 'button';
  id: ToolbarButtonId;
  enabled: boolean;
  /** undefined: not a toggle. */
  pressed: boolean | undefined;
}

export interface ToolbarMenu {
  kind: 'menu';
  menu: 'export';
  /** Usable while any of its items is. */
  enabled: boolean;
  items: ReadonlyArray<{ id: ToolbarMenuItemId; enabled: boolean }>;
}

export interface ToolbarGroupLayout {
  group: ToolbarGroup;
  entries: ReadonlyArray<ToolbarButton | ToolbarMenu>;
}

type Placed = EditorActionDeclaration & { toolbar: ToolbarPlace };

/** The actions with a toolbar place in the toolbar's order: the table's, each `after` moved behind its action. */
export function toolbarOrder(): readonly Placed[] {
  const placed = declaredActions.filter((action): action is Placed => action.toolbar !== undefined);
  const ordered = placed.filter((action) => !action.toolbar.after);
  for (const action of placed.filter((candidate) => candidate.toolbar.after)) {
    const anchor = ordered.findIndex((other) => other.id === action.toolbar.after);
    if (anchor < 0)
      throw new Error(`${action.id}: toolbar.after names ${action.toolbar.after}, not on the toolbar`);
    ordered.splice(anchor + 1, 0, action);
  }
  return ordered;
}

/** What a tab in this state shows, group by group (an empty group is left out). */
export function toolbarLayout(state: ToolbarState): ToolbarGroupLayout[] {
  const shown = toolbarOrder().filter((action) => !action.toolbar.only || action.toolbar.only === state.kind);
  return toolbarGroups.flatMap((group) => {
    const entries: Array<ToolbarButton | ToolbarMenu> = [];
    for (const action of shown.filter((candidate) => candidate.toolbar.group === group)) {
      const { inMenu, enabled, pressed } = action.toolbar;
      const isEnabled = enabled ? enabled(state) : true;
      if (inMenu) {
        // The menu stands where its first item would; its later items join it.
        let menu = entries.find(
          (entry): entry is ToolbarMenu => entry.kind === 'menu' && entry.menu === inMenu,
        );
        if (!menu) entries.push((menu = { kind: 'menu', menu: inMenu, enabled: false, items: [] }));
        menu.items = [...menu.items, { id: action.id as ToolbarMenuItemId, enabled: isEnabled }];
        menu.enabled ||= isEnabled;
      } else
        entries.push({
          kind: 'button',
          id: action.id as ToolbarButtonId,
          enabled: isEnabled,
          pressed: pressed?.(state),
        });
    }
    return entries.length > 0 ? [{ group, entries }] : [];
  });
}
