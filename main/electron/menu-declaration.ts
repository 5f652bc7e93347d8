/**
 * The application menu, declared once as data: no Electron import here, so
 * the declaration (labels, accelerators, what each item does) is tested under
 * plain Node. `menu-template.ts` turns it into Electron's template per platform.
 */
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';

/** Work Electron does itself in main (clipboard in text fields, full screen, quitting, windows). */
export type NativeRole =
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

export type MenuRun =
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
   * The editor already binds this key inside the page (bpmn-js on the canvas,
   * Lanes on the window). The menu shows the key but does not register it, so
   * a key press fires once, exactly as it does without the menu.
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

export interface MenuDeclaration {
  id: 'file' | 'edit' | 'view' | 'window' | 'help';
  label: MessageKey;
  items: readonly MenuEntry[];
}

const command = (name: MenuCommand): MenuRun => ({ command: name });
const role = (name: NativeRole): MenuRun => ({ role: name });

export const applicationMenu: readonly MenuDeclaration[] = [
  {
    id: 'file',
    label: 'menu.file',
    items: [
      {
        id: 'newDiagram',
        label: 'menu.file.newDiagram',
        run: command('newDiagram'),
        accelerator: 'CmdOrCtrl+N',
      },
      { id: 'openFile', label: 'menu.file.openFile', run: command('openFile'), accelerator: 'CmdOrCtrl+O' },
      { id: 'openRecent', label: 'menu.file.openRecent', run: { recentFiles: true } },
      'separator',
      {
        id: 'save',
        label: 'menu.file.save',
        run: command('save'),
        accelerator: 'CmdOrCtrl+S',
        editorHandlesKey: true,
        needsTab: true,
      },
      {
        id: 'saveFileAs',
        label: 'menu.file.saveFileAs',
        run: command('saveFileAs'),
        accelerator: 'CmdOrCtrl+Shift+S',
        needsTab: true,
      },
      'separator',
      { id: 'exportSvg', label: 'menu.file.exportSvg', run: command('exportSvg'), needsTab: true },
      { id: 'exportPng', label: 'menu.file.exportPng', run: command('exportPng'), needsTab: true },
      { id: 'exportPdf', label: 'menu.file.exportPdf', run: command('exportPdf'), needsTab: true },
      'separator',
      {
        id: 'print',
        label: 'menu.file.print',
        run: command('print'),
        accelerator: 'CmdOrCtrl+P',
        needsTab: true,
      },
      'separator',
      {
        id: 'closeTab',
        label: 'menu.file.closeTab',
        run: command('closeTab'),
        accelerator: 'CmdOrCtrl+W',
        editorHandlesKey: true,
        needsTab: true,
      },
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
      {
        id: 'undo',
        label: 'menu.edit.undo',
        run: command('undo'),
        accelerator: 'CmdOrCtrl+Z',
        editorHandlesKey: true,
        needsTab: true,
      },
      {
        id: 'redo',
        label: 'menu.edit.redo',
        run: command('redo'),
        // bpmn-js binds both; each platform shows its own convention.
        accelerator: { mac: 'Cmd+Shift+Z', other: 'Ctrl+Y' },
        editorHandlesKey: true,
        needsTab: true,
      },
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
      {
        id: 'find',
        label: 'menu.edit.find',
        run: command('find'),
        accelerator: 'CmdOrCtrl+F',
        editorHandlesKey: true,
        needsTab: true,
      },
    ],
  },
  {
    id: 'view',
    label: 'menu.view',
    items: [
      {
        id: 'zoomIn',
        label: 'menu.view.zoomIn',
        run: command('zoomIn'),
        accelerator: 'CmdOrCtrl+=',
        editorHandlesKey: true,
        needsTab: true,
      },
      {
        id: 'zoomOut',
        label: 'menu.view.zoomOut',
        run: command('zoomOut'),
        accelerator: 'CmdOrCtrl+-',
        editorHandlesKey: true,
        needsTab: true,
      },
      {
        id: 'zoomReset',
        label: 'menu.view.zoomReset',
        run: command('zoomReset'),
        accelerator: 'CmdOrCtrl+0',
        editorHandlesKey: true,
        needsTab: true,
      },
      {
        id: 'zoomFit',
        label: 'menu.view.zoomFit',
        run: command('zoomFit'),
        accelerator: 'CmdOrCtrl+1',
        needsTab: true,
      },
      'separator',
      { id: 'grid', label: 'menu.view.grid', run: command('toggleGrid'), needsTab: true },
      { id: 'minimap', label: 'menu.view.minimap', run: command('toggleMinimap'), needsTab: true },
      {
        id: 'problems',
        label: 'menu.view.problems',
        run: command('toggleProblems'),
        accelerator: 'CmdOrCtrl+Shift+M',
        needsTab: true,
      },
      {
        id: 'propertiesPanel',
        label: 'menu.view.propertiesPanel',
        run: command('togglePropertiesPanel'),
        needsTab: true,
      },
      'separator',
      {
        id: 'canvasFullScreen',
        label: 'menu.view.canvasFullScreen',
        run: command('toggleCanvasFullScreen'),
        accelerator: 'CmdOrCtrl+Shift+F',
        needsTab: true,
      },
      {
        id: 'fullScreen',
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
      {
        id: 'shortcuts',
        label: 'menu.help.shortcuts',
        run: command('showShortcuts'),
        accelerator: 'CmdOrCtrl+/',
        needsTab: true,
      },
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
