/**
 * Every editor action, declared once (as VS Code's `Action2`): its id, what
 * it is called, its keys, its place in the application menu and the toolbar,
 * where it acts, and whether bpmn-js already binds its keys on the canvas.
 * The application menu's editor items (main), the toolbar (its buttons, their
 * order, groups, enabled and pressed states; shared/domain/toolbar-layout.ts),
 * the keyboard shortcuts sheet and the renderer's one keyboard handler are all
 * derived from this table; what an action runs is the tab's or the
 * workspace's runner of the same id (a typed record, so a new action without
 * a runner does not compile). How a button looks (its icon, its words) is the
 * renderer's: renderer/modeler/tab/toolbar-buttons.ts, keyed by the same ids.
 *
 * Data and small predicates (no zod, no Electron, no Lit): main and the renderer both bundle it.
 */
import type { MessageKey } from '../i18n/messages-en.ts';

/**
 * A key chord as `[Ctrl+][Shift+][Alt+]Key`: Ctrl means Cmd on macOS. Key is
 * a letter (upper case), a digit, a punctuation character, or a name of
 * KeyboardEvent.key (`Tab`, `Delete`, `ArrowLeft`); `Plus` is the + key.
 */
export type Chord = string;

/** The application menu's groups, in menu-declaration.ts's order; separators stand between them. */
export type MenuGroup =
  | 'file.new'
  | 'file.save'
  | 'file.export'
  | 'file.print'
  | 'file.close'
  | 'edit.history'
  | 'edit.find'
  | 'view.zoom'
  | 'view.panels'
  | 'view.canvas'
  | 'help.keys';

/** The toolbar's groups, in this order (separated by a line). */
export const toolbarGroups = ['document', 'history', 'arrange', 'view', 'tools'] as const;
export type ToolbarGroup = (typeof toolbarGroups)[number];

/** What the toolbar knows of its tab: the toolbar's enabled and pressed rules read it. */
export interface ToolbarState {
  kind: 'process' | 'file';
  ready: boolean;
  readOnly: boolean;
  busy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** A conflict or review waits for this diagram: publishing resolves it. */
  resolving: boolean;
  minimapOpen: boolean;
  problemsOpen: boolean;
  /** Counted apart, as Camunda Modeler does: errors (red) block publishing, warnings (yellow) ask. */
  problemCounts: { errors: number; warnings: number };
  /** The canvas's scale (1 = 100 %). */
  zoom: number;
  /** The scale at which the whole diagram fits the visible canvas (at most 1). */
  wholeZoom: number;
  /** Whether the whole diagram can be read at that scale ("Fit diagram" then shows all of it). */
  wholeReadable: boolean;
  gridVisible: boolean;
  fullScreen: boolean;
  propertiesOpen: boolean;
}

/** Where an action stands in the toolbar; its order within the group is the table's. */
export interface ToolbarPlace {
  group: ToolbarGroup;
  /** An item of the group's Export menu (which stands where its first item would), not a button of its own. */
  inMenu?: 'export';
  /** Stands right after this action of its group, where the toolbar's order differs from the menu's. */
  after?: string;
  /** Shown only on a process tab or only on a local file's tab. */
  only?: ToolbarState['kind'];
  /** When it can be used (shown greyed out otherwise); none: always. */
  enabled?: (state: ToolbarState) => boolean;
  /** A toggle: whether it is on (aria-pressed); none: not a toggle. */
  pressed?: (state: ToolbarState) => boolean;
}

/** The diagram is shown and nothing is being stored: view and export actions. */
const idle = (state: ToolbarState): boolean => state.ready && !state.busy;
/** ... and it may be edited (not a read-only process): editing actions. */
const editable = (state: ToolbarState): boolean => idle(state) && !state.readOnly;

/** The keyboard shortcuts sheet's sections, in this order. */
export const sheetSections = ['document', 'edit', 'tools', 'view', 'tabs'] as const;
export type SheetSection = (typeof sheetSections)[number];

export interface EditorActionDeclaration {
  /** Also the toolbar button's test id (`editor-<id>`) and the `menu.command` the menu sends. */
  id: string;
  /** What the shortcuts sheet says it does (actions without keys need none). */
  label?: MessageKey;
  /**
   * 'tab': runs on the active diagram tab; 'workspace': on the tabs themselves
   * (new, open, close, switch). Its keys act only while the editor is the page
   * shown, unless `anywhere` (File › New and Open work from every screen, as
   * the menu's keys always did).
   */
  scope: 'tab' | 'workspace';
  keys?: {
    chords: readonly Chord[];
    /**
     * 'bpmn-js': bpmn-js binds these on the focused canvas; Lanes lists them
     * and never binds them again. 'lanes': the renderer's keyboard handler
     * (renderer/shell/action-keys.ts) runs the action.
     */
    boundBy: 'lanes' | 'bpmn-js';
    anywhere?: true;
    sheet: SheetSection;
  };
  menu?: {
    group: MenuGroup;
    label: MessageKey;
    /**
     * Which of the chords the menu shows, when not the first: one of them, or
     * one per platform where macOS's convention differs (redo: ⌘⇧Z).
     */
    chord?: Chord | { mac: Chord; other: Chord };
    /** Greyed out while no diagram tab is open. */
    needsTab?: true;
  };
  toolbar?: ToolbarPlace;
}

const canvas = (sheet: SheetSection, ...chords: Chord[]) => ({ chords, boundBy: 'bpmn-js', sheet }) as const;
const lanes = (sheet: SheetSection, ...chords: Chord[]) => ({ chords, boundBy: 'lanes', sheet }) as const;

/** In menu order within each menu group; the sheet lists them in this order within each section. */
export const editorActions = [
  // ——— Document ———
  {
    id: 'newDiagram',
    label: 'editor.shortcuts.newDiagram',
    scope: 'workspace',
    keys: { ...lanes('document', 'Ctrl+N'), anywhere: true },
    menu: { group: 'file.new', label: 'menu.file.newDiagram' },
  },
  {
    id: 'openFile',
    label: 'editor.shortcuts.openFile',
    scope: 'workspace',
    keys: { ...lanes('document', 'Ctrl+O'), anywhere: true },
    menu: { group: 'file.new', label: 'menu.file.openFile' },
  },
  {
    id: 'save',
    label: 'editor.shortcuts.save',
    scope: 'tab',
    keys: lanes('document', 'Ctrl+S'),
    menu: { group: 'file.save', label: 'menu.file.save', needsTab: true },
    toolbar: { group: 'document', enabled: editable },
  },
  {
    id: 'saveFileAs',
    label: 'editor.shortcuts.saveFileAs',
    scope: 'tab',
    keys: lanes('document', 'Ctrl+Shift+S'),
    menu: { group: 'file.save', label: 'menu.file.saveFileAs', needsTab: true },
    toolbar: { group: 'document', inMenu: 'export', after: 'print', enabled: idle },
  },
  { id: 'saveAsDraft', scope: 'tab', toolbar: { group: 'document', only: 'file', enabled: idle } },
  { id: 'publish', scope: 'tab', toolbar: { group: 'document', only: 'process', enabled: editable } },
  {
    id: 'exportSvg',
    scope: 'tab',
    menu: { group: 'file.export', label: 'menu.file.exportSvg', needsTab: true },
    toolbar: { group: 'document', inMenu: 'export', enabled: idle },
  },
  {
    id: 'exportPng',
    scope: 'tab',
    menu: { group: 'file.export', label: 'menu.file.exportPng', needsTab: true },
    toolbar: { group: 'document', inMenu: 'export', enabled: idle },
  },
  {
    id: 'exportPdf',
    scope: 'tab',
    menu: { group: 'file.export', label: 'menu.file.exportPdf', needsTab: true },
    toolbar: { group: 'document', inMenu: 'export', enabled: idle },
  },
  {
    id: 'print',
    label: 'editor.shortcuts.print',
    scope: 'tab',
    keys: lanes('document', 'Ctrl+P'),
    menu: { group: 'file.print', label: 'menu.file.print', needsTab: true },
    toolbar: { group: 'document', inMenu: 'export', enabled: idle },
  },
  // ——— Tabs ———
  {
    id: 'closeTab',
    label: 'editor.shortcuts.closeTab',
    scope: 'workspace',
    keys: lanes('tabs', 'Ctrl+W'),
    menu: { group: 'file.close', label: 'menu.file.closeTab', needsTab: true },
  },
  { id: 'nextTab', label: 'editor.shortcuts.nextTab', scope: 'workspace', keys: lanes('tabs', 'Ctrl+Tab') },
  {
    id: 'previousTab',
    label: 'editor.shortcuts.previousTab',
    scope: 'workspace',
    keys: lanes('tabs', 'Ctrl+Shift+Tab'),
  },
  {
    id: 'reopenTab',
    label: 'editor.shortcuts.reopenTab',
    scope: 'workspace',
    keys: lanes('tabs', 'Ctrl+Shift+T'),
  },
  // ——— Editing ———
  {
    id: 'undo',
    label: 'editor.shortcuts.undo',
    scope: 'tab',
    keys: canvas('edit', 'Ctrl+Z'),
    menu: { group: 'edit.history', label: 'menu.edit.undo', needsTab: true },
    toolbar: { group: 'history', enabled: (state) => editable(state) && state.canUndo },
  },
  {
    id: 'redo',
    label: 'editor.shortcuts.redo',
    scope: 'tab',
    keys: canvas('edit', 'Ctrl+Y', 'Ctrl+Shift+Z'),
    menu: {
      group: 'edit.history',
      label: 'menu.edit.redo',
      chord: { mac: 'Ctrl+Shift+Z', other: 'Ctrl+Y' },
      needsTab: true,
    },
    toolbar: { group: 'history', enabled: (state) => editable(state) && state.canRedo },
  },
  { id: 'copy', label: 'editor.shortcuts.copy', scope: 'tab', keys: canvas('edit', 'Ctrl+C') },
  { id: 'paste', label: 'editor.shortcuts.paste', scope: 'tab', keys: canvas('edit', 'Ctrl+V') },
  { id: 'selectAll', label: 'editor.shortcuts.selectAll', scope: 'tab', keys: canvas('edit', 'Ctrl+A') },
  {
    id: 'delete',
    label: 'editor.shortcuts.delete',
    scope: 'tab',
    keys: canvas('edit', 'Delete', 'Backspace'),
  },
  {
    id: 'move',
    label: 'editor.shortcuts.move',
    scope: 'tab',
    keys: canvas('edit', 'ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'),
  },
  {
    id: 'search',
    label: 'editor.shortcuts.search',
    scope: 'tab',
    keys: canvas('edit', 'Ctrl+F'),
    menu: { group: 'edit.find', label: 'menu.edit.find', needsTab: true },
    toolbar: { group: 'tools', enabled: idle },
  },
  { id: 'alignLeft', scope: 'tab', toolbar: { group: 'arrange', enabled: editable } },
  { id: 'alignCenter', scope: 'tab', toolbar: { group: 'arrange', enabled: editable } },
  { id: 'alignTop', scope: 'tab', toolbar: { group: 'arrange', enabled: editable } },
  { id: 'distributeHorizontally', scope: 'tab', toolbar: { group: 'arrange', enabled: editable } },
  { id: 'distributeVertically', scope: 'tab', toolbar: { group: 'arrange', enabled: editable } },
  // ——— The canvas's tools ———
  { id: 'rename', label: 'editor.shortcuts.rename', scope: 'tab', keys: canvas('tools', 'E') },
  { id: 'replace', label: 'editor.shortcuts.replace', scope: 'tab', keys: canvas('tools', 'R') },
  { id: 'append', label: 'editor.shortcuts.append', scope: 'tab', keys: canvas('tools', 'A') },
  // bpmn-js-create-append-anything's: any element from a searchable list.
  { id: 'create', label: 'editor.shortcuts.create', scope: 'tab', keys: canvas('tools', 'N') },
  { id: 'hand', label: 'editor.shortcuts.hand', scope: 'tab', keys: canvas('tools', 'H') },
  { id: 'lasso', label: 'editor.shortcuts.lasso', scope: 'tab', keys: canvas('tools', 'L') },
  { id: 'space', label: 'editor.shortcuts.space', scope: 'tab', keys: canvas('tools', 'S') },
  { id: 'connect', label: 'editor.shortcuts.connect', scope: 'tab', keys: canvas('tools', 'C') },
  // ——— View ———
  {
    id: 'zoomIn',
    label: 'editor.shortcuts.zoomIn',
    scope: 'tab',
    // bpmn-js takes = as well, for keyboards where + needs Shift; the menu shows that one.
    keys: canvas('view', 'Ctrl+Plus', 'Ctrl+='),
    menu: { group: 'view.zoom', label: 'menu.view.zoomIn', chord: 'Ctrl+=', needsTab: true },
    toolbar: { group: 'view', after: 'zoomReset', enabled: idle },
  },
  {
    id: 'zoomOut',
    label: 'editor.shortcuts.zoomOut',
    scope: 'tab',
    keys: canvas('view', 'Ctrl+-'),
    menu: { group: 'view.zoom', label: 'menu.view.zoomOut', needsTab: true },
    toolbar: { group: 'view', enabled: idle },
  },
  {
    id: 'zoomReset',
    label: 'editor.shortcuts.zoomReset',
    scope: 'tab',
    keys: canvas('view', 'Ctrl+0'),
    menu: { group: 'view.zoom', label: 'menu.view.zoomReset', needsTab: true },
    toolbar: { group: 'view', enabled: idle },
  },
  {
    id: 'zoomFit',
    label: 'workbench.shortcuts.fit',
    scope: 'tab',
    keys: lanes('view', 'Ctrl+1'),
    menu: { group: 'view.zoom', label: 'menu.view.zoomFit', needsTab: true },
    toolbar: { group: 'view', enabled: idle },
  },
  // "Fit diagram" never goes below a readable zoom; this one shows all of a large diagram, however small.
  // No toolbar button of its own (the toolbar stays one row at 1280 px in German): Fit's name points to it.
  {
    id: 'zoomFitWhole',
    label: 'canvasView.shortcuts.fitWhole',
    scope: 'tab',
    keys: lanes('view', 'Ctrl+2'),
    menu: { group: 'view.zoom', label: 'menu.view.zoomFitWhole', needsTab: true },
  },
  {
    id: 'grid',
    scope: 'tab',
    menu: { group: 'view.panels', label: 'menu.view.grid', needsTab: true },
    toolbar: { group: 'view', enabled: idle, pressed: (state) => state.gridVisible },
  },
  {
    id: 'minimap',
    scope: 'tab',
    menu: { group: 'view.panels', label: 'menu.view.minimap', needsTab: true },
    toolbar: { group: 'view', enabled: idle, pressed: (state) => state.minimapOpen },
  },
  {
    id: 'problems',
    label: 'editor.shortcuts.problems',
    scope: 'tab',
    keys: lanes('view', 'Ctrl+Shift+M'),
    menu: { group: 'view.panels', label: 'menu.view.problems', needsTab: true },
    toolbar: { group: 'tools', enabled: idle, pressed: (state) => state.problemsOpen },
  },
  {
    id: 'propertiesPanel',
    scope: 'tab',
    menu: { group: 'view.panels', label: 'menu.view.propertiesPanel', needsTab: true },
    toolbar: { group: 'tools', pressed: (state) => state.propertiesOpen },
  },
  {
    id: 'fullScreen',
    label: 'workbench.shortcuts.fullScreen',
    scope: 'tab',
    keys: lanes('view', 'Ctrl+Shift+F'),
    menu: { group: 'view.canvas', label: 'menu.view.canvasFullScreen', needsTab: true },
    toolbar: { group: 'view', pressed: (state) => state.fullScreen },
  },
  { id: 'compare', scope: 'tab', toolbar: { group: 'tools', only: 'process' } },
  { id: 'translate', scope: 'tab', toolbar: { group: 'tools', only: 'process' } },
  {
    id: 'shortcuts',
    label: 'editor.shortcuts.sheet',
    scope: 'tab',
    keys: lanes('view', 'Ctrl+/'),
    menu: { group: 'help.keys', label: 'menu.help.shortcuts', needsTab: true },
    toolbar: { group: 'tools' },
  },
] as const satisfies readonly EditorActionDeclaration[];

type EditorAction = (typeof editorActions)[number];
/** What Lanes runs itself (a menu item, a button, a Lanes-bound key); bpmn-js runs the rest on its canvas. */
type LanesRun = Extract<
  EditorAction,
  { menu: object } | { toolbar: object } | { keys: { boundBy: 'lanes' } }
>;
/** What the active tab runs (renderer/modeler/tab/tab-action-runners.ts, a record exhaustive over these). */
export type TabCommandId = Extract<LanesRun, { scope: 'tab' }>['id'];
/** What the workspace runs (EditorWorkspace.runAction). */
export type WorkspaceCommandId = Extract<LanesRun, { scope: 'workspace' }>['id'];
/** The actions the menu offers (it sends their ids as `menu.command`). */
export type MenuActionId = Extract<EditorAction, { menu: object }>['id'];
export type ToolbarActionId = Extract<EditorAction, { toolbar: object }>['id'];
/** The toolbar's own buttons (the rest are items of its Export menu). */
export type ToolbarButtonId = Exclude<ToolbarActionId, ToolbarMenuItemId>;
export type ToolbarMenuItemId = Extract<EditorAction, { toolbar: { inMenu: 'export' } }>['id'];
/** What the renderer's keyboard handler runs: bpmn-js's own keys are left to bpmn-js. */
export type LanesKeyActionId = Extract<EditorAction, { keys: { boundBy: 'lanes' } }>['id'];

/** The table as its declared type, for code that walks it. */
export const declaredActions: readonly EditorActionDeclaration[] = editorActions;

export const menuActionIds = declaredActions.flatMap((action) =>
  action.menu ? [action.id] : [],
) as readonly MenuActionId[];

export function actionById(id: string): EditorActionDeclaration | undefined {
  return declaredActions.find((action) => action.id === id);
}
