/**
 * The application menu, declared once as data: no Electron import here, so
 * the declaration (labels, accelerators, what each item does) is tested under
 * plain Node. `menu-template.ts` turns it into Electron's template per platform.
 */
import { declaredActions, type MenuGroup } from '../../shared/domain/editor-actions.ts';
import { menuAccelerator } from '../../shared/domain/key-chords.ts';
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';

/** Work Electron does itself in main (clipboard in text fields, full screen, quitting, windows). */
type NativeRole =
  | 'quit'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'togglefullscreen'
  | 'reload'
  | 'toggleDevTools'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'hide'
  | 'hideOthers'
  | 'unhide';

/** Work main does with its own code (no renderer involved). */
export type MainAction = 'openDataFolder' | 'showLog' | 'checkForUpdates';

type MenuRun =
  | { command: MenuCommand }
  | { role: NativeRole }
  | { action: MainAction }
  /** Shown, never clickable: explains that a feature is off in this build. */
  | { disabledNotice: true }
  /** A submenu of the recent local files (one item each, then "Clear Recent"), rebuilt when the list changes. */
  | { recentFiles: true };

/** Electron accelerator syntax; a pair where macOS and the others differ by convention. */
export type Accelerator = string | { mac: string; other: string };

export interface MenuItemDeclaration {
  id: string;
  label: MessageKey;
  run: MenuRun;
  accelerator?: Accelerator;
  /**
   * The page binds this key itself (bpmn-js on the canvas; Lanes's one
   * keyboard handler, renderer/shell/action-keys.ts, on the window). The menu
   * shows the key but does not register it, so a key press fires once and
   * works the same in Electron and in a browser. Every editor action's key is
   * such a key: the renderer knows which screen is shown, whether a dialog is
   * open and where the focus is; a registered accelerator would fire over all
   * of that (and twice where the page binds the key too).
   */
  editorHandlesKey?: true;
  /** Only applies with an open diagram tab (no Save without a tab). */
  needsTab?: true;
  /** Only in development builds (reload, developer tools). */
  developmentOnly?: true;
  /** macOS puts these in the app menu instead (About, Quit). */
  appMenuOnMac?: true;
  /** Platform-only items (the macOS window "Zoom"). */
  macOnly?: true;
  /** Only in builds with an update feed ('on'), or only without one ('off'). */
  updates?: 'on' | 'off';
}

export type MenuEntry = MenuItemDeclaration | 'separator';

interface MenuDeclaration {
  id: 'file' | 'edit' | 'view' | 'window' | 'help';
  label: MessageKey;
  items: readonly MenuEntry[];
}

const command = (name: MenuCommand): MenuRun => ({ command: name });
const role = (name: NativeRole): MenuRun => ({ role: name });

/** The editor actions of one menu group, as the action table declares them (shared/domain/editor-actions.ts). */
function editorItems(group: MenuGroup): MenuItemDeclaration[] {
  return declaredActions.flatMap((action) => {
    if (action.menu?.group !== group) return [];
    const accelerator = menuAccelerator(action);
    const item: MenuItemDeclaration = {
      id: action.id,
      label: action.menu.label,
      run: command(action.id as MenuCommand),
    };
    if (accelerator) Object.assign(item, { accelerator, editorHandlesKey: true });
    if (action.menu.needsTab) item.needsTab = true;
    return [item];
  });
}

export const applicationMenu: readonly MenuDeclaration[] = [
  {
    id: 'file',
    label: 'menu.file',
    items: [
      ...editorItems('file.new'),
      { id: 'openRecent', label: 'menu.file.openRecent', run: { recentFiles: true } },
      'separator',
      ...editorItems('file.save'),
      'separator',
      ...editorItems('file.export'),
      'separator',
      ...editorItems('file.print'),
      'separator',
      ...editorItems('file.close'),
      {
        id: 'quit',
        label: 'menu.file.quit',
        run: role('quit'),
        accelerator: 'CmdOrCtrl+Q',
        appMenuOnMac: true,
      },
    ],
  },
  {
    id: 'edit',
    label: 'menu.edit',
    items: [
      ...editorItems('edit.history'),
      'separator',
      // Native roles: they act on text fields (properties panel, search); on the canvas bpmn-js handles the keys.
      {
        id: 'cut',
        label: 'menu.edit.cut',
        run: role('cut'),
        accelerator: 'CmdOrCtrl+X',
        editorHandlesKey: true,
      },
      {
        id: 'copy',
        label: 'menu.edit.copy',
        run: role('copy'),
        accelerator: 'CmdOrCtrl+C',
        editorHandlesKey: true,
      },
      {
        id: 'paste',
        label: 'menu.edit.paste',
        run: role('paste'),
        accelerator: 'CmdOrCtrl+V',
        editorHandlesKey: true,
      },
      {
        id: 'selectAll',
        label: 'menu.edit.selectAll',
        run: role('selectAll'),
        accelerator: 'CmdOrCtrl+A',
        editorHandlesKey: true,
      },
      'separator',
      ...editorItems('edit.find'),
    ],
  },
  {
    id: 'view',
    label: 'menu.view',
    items: [
      ...editorItems('view.zoom'),
      'separator',
      ...editorItems('view.panels'),
      'separator',
      ...editorItems('view.canvas'),
      {
        id: 'windowFullScreen',
        label: 'menu.view.fullScreen',
        run: role('togglefullscreen'),
        accelerator: { mac: 'Ctrl+Cmd+F', other: 'F11' },
      },
      'separator',
      {
        id: 'reload',
        label: 'menu.view.reload',
        run: role('reload'),
        accelerator: 'CmdOrCtrl+R',
        developmentOnly: true,
      },
      {
        id: 'devTools',
        label: 'menu.view.devTools',
        run: role('toggleDevTools'),
        accelerator: { mac: 'Alt+Cmd+I', other: 'Ctrl+Shift+I' },
        developmentOnly: true,
      },
    ],
  },
  {
    id: 'window',
    label: 'menu.window',
    items: [
      { id: 'minimize', label: 'menu.window.minimize', run: role('minimize'), accelerator: 'CmdOrCtrl+M' },
      { id: 'windowZoom', label: 'menu.window.zoom', run: role('zoom'), macOnly: true },
      { id: 'closeWindow', label: 'menu.window.close', run: role('close'), accelerator: 'CmdOrCtrl+Shift+W' },
    ],
  },
  {
    id: 'help',
    label: 'menu.help',
    items: [
      ...editorItems('help.keys'),
      { id: 'dataFolder', label: 'menu.help.dataFolder', run: { action: 'openDataFolder' } },
      { id: 'showLog', label: 'menu.help.showLog', run: { action: 'showLog' } },
      'separator',
      {
        id: 'checkForUpdates',
        label: 'updates.menu.check',
        run: { action: 'checkForUpdates' },
        updates: 'on',
      },
      { id: 'updatesOff', label: 'menu.help.updatesOff', run: { disabledNotice: true }, updates: 'off' },
      { id: 'about', label: 'menu.help.about', run: command('showAbout'), appMenuOnMac: true },
    ],
  },
];

/** The macOS app menu's own items, around About (from Help) and Quit (from File). */
export const macAppMenuItems: readonly MenuItemDeclaration[] = [
  { id: 'hide', label: 'menu.app.hide', run: role('hide'), accelerator: 'Cmd+H' },
  { id: 'hideOthers', label: 'menu.app.hideOthers', run: role('hideOthers'), accelerator: 'Alt+Cmd+H' },
  { id: 'showAll', label: 'menu.app.showAll', run: role('unhide') },
];
