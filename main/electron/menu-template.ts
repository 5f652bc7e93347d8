/**
 * Turns the menu declaration into Electron's template for one platform,
 * language, build and editor state. Pure (Electron types only), so the
 * result is what the Node tests check.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import type { RecentFile } from '../../shared/domain/recent-files.ts';
import { translate } from '../../shared/i18n/translate.ts';
import {
  applicationMenu,
  macAppMenuItems,
  type Accelerator,
  type MainAction,
  type MenuEntry,
  type MenuItemDeclaration,
} from './menu-declaration.ts';

export interface MenuContext {
  platform: NodeJS.Platform;
  language: UiLanguage;
  /** Unpackaged builds (npm start) get reload and developer tools. */
  development: boolean;
  /** Whether the renderer has a diagram tab open; items that need one are disabled otherwise. */
  tabOpen: boolean;
  /** This build has an update feed (Help › Check for Updates), or says it has none. */
  updatesConfigured?: boolean;
  /** Local files opened lately, newest first (File › Open Recent). */
  recentFiles: readonly RecentFile[];
  /** `menu.command` to the renderer. */
  sendCommand: (command: MenuCommand) => void;
  runAction: (action: MainAction) => void;
  /** A recent file was picked: main opens it in a tab, as a file from the OS. */
  openRecent: (path: string) => void;
  clearRecent: () => void;
}

export function acceleratorFor(
  accelerator: Accelerator | undefined,
  platform: NodeJS.Platform,
): string | undefined {
  if (accelerator === undefined || typeof accelerator === 'string') return accelerator;
  return platform === 'darwin' ? accelerator.mac : accelerator.other;
}

/** The declared items that exist on this platform and build, in menu order (for tests and the template). */
export function visibleItems(
  entries: readonly MenuEntry[],
  context: Pick<MenuContext, 'platform' | 'development' | 'updatesConfigured'>,
  inMacAppMenu = false,
): MenuEntry[] {
  const mac = context.platform === 'darwin';
  const kept = entries.filter(
    (entry) =>
      entry === 'separator' ||
      ((!entry.developmentOnly || context.development) &&
        (!entry.macOnly || mac) &&
        (!entry.updates || (entry.updates === 'on') === (context.updatesConfigured ?? false)) &&
        (inMacAppMenu || !(entry.appMenuOnMac && mac))),
  );
  // No separator at either end or twice in a row once items have been left out.
  return kept.filter(
    (entry, index) =>
      entry !== 'separator' || (index > 0 && index < kept.length - 1 && kept[index + 1] !== 'separator'),
  );
}

function label(key: MenuItemDeclaration['label'], context: MenuContext): string {
  const text = translate(context.language, key);
  // `&` marks access keys on Windows and Linux; macOS menus have none.
  return context.platform === 'darwin' ? text.replace(/&/g, '') : text;
}

/** File › Open Recent: each file by its path (names repeat across folders); a missing one cannot be picked. */
function recentFilesSubmenu(context: MenuContext): MenuItemConstructorOptions[] {
  if (context.recentFiles.length === 0)
    return [{ id: 'recentNone', label: label('menu.file.recentNone', context), enabled: false }];
  return [
    ...context.recentFiles.map((file, index): MenuItemConstructorOptions => {
      // No access keys in paths: an `&` in a folder name is text (macOS menus have no access keys).
      const path = context.platform === 'darwin' ? file.path : file.path.replace(/&/g, '&&');
      return {
        id: `recent-${index}`,
        label: file.exists ? path : translate(context.language, 'menu.file.recentMissing', { path }),
        enabled: file.exists,
        click: () => context.openRecent(file.path),
      };
    }),
    { type: 'separator' },
    { id: 'clearRecent', label: label('menu.file.clearRecent', context), click: () => context.clearRecent() },
  ];
}

function toItem(item: MenuItemDeclaration, context: MenuContext): MenuItemConstructorOptions {
  const options: MenuItemConstructorOptions = {
    id: item.id,
    label: label(item.label, context),
    enabled: !item.needsTab || context.tabOpen,
  };
  const accelerator = acceleratorFor(item.accelerator, context.platform);
  if (accelerator) {
    options.accelerator = accelerator;
    if (item.editorHandlesKey) options.registerAccelerator = false;
  }
  const run = item.run;
  if ('recentFiles' in run) options.submenu = recentFilesSubmenu(context);
  else if ('role' in run) options.role = run.role;
  else if ('command' in run) options.click = () => context.sendCommand(run.command);
  else if ('action' in run) options.click = () => context.runAction(run.action);
  else options.enabled = false;
  return options;
}

function toEntries(
  entries: readonly MenuEntry[],
  context: MenuContext,
  inMacAppMenu = false,
): MenuItemConstructorOptions[] {
  return visibleItems(entries, context, inMacAppMenu).map((entry) =>
    entry === 'separator' ? { type: 'separator' } : toItem(entry, context),
  );
}

function declared(id: string): MenuItemDeclaration {
  for (const menu of applicationMenu)
    for (const entry of menu.items) if (entry !== 'separator' && entry.id === id) return entry;
  throw new Error(`menu item ${id} is not declared`);
}

export function buildMenuTemplate(context: MenuContext): MenuItemConstructorOptions[] {
  const menus = applicationMenu.map((menu) => ({
    label: label(menu.label, context),
    // macOS adds its own Window items (bring all to front, the window list) to the menu with this role.
    ...(menu.id === 'window' && context.platform === 'darwin' ? { role: 'windowMenu' as const } : {}),
    ...(menu.id === 'help' ? { role: 'help' as const } : {}),
    submenu: toEntries(menu.items, context),
  }));
  if (context.platform !== 'darwin') return menus;
  const appMenu: MenuItemConstructorOptions = {
    label: 'Lanes',
    submenu: toEntries(
      [declared('about'), 'separator', ...macAppMenuItems, 'separator', declared('quit')],
      context,
      true,
    ),
  };
  return [appMenu, ...menus];
}
