import { Menu, shell, type BrowserWindow } from 'electron';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import { createEventEmitter, type EventSink } from '../ipc/events.ts';
import type { Logger } from '../log/logger.ts';
import { buildMenuTemplate, type MenuContext } from './menu-template.ts';

interface ApplicationMenu {
  /** Rebuilds the menu after the language or the renderer's state changed. */
  update(change: Partial<Pick<MenuContext, 'language' | 'tabOpen' | 'recentFiles'>>): void;
}

/**
 * Installs the menu built from the declaration: commands go to the window as
 * `menu.command` events (validated against the contract), main actions run here.
 */
export function installApplicationMenu(options: {
  dataDir: string;
  /** The current log file: Help › Show Log opens it. */
  logFile: string;
  development: boolean;
  language: UiLanguage;
  toWindow: EventSink;
  getWindow: () => BrowserWindow | undefined;
  logger: Logger;
  /** Help › Check for Updates; absent in builds without an update feed (the item says so). */
  checkForUpdates?: () => void;
  /** Opens a recent file in a tab (main hands it over as a file from the OS). */
  openRecent: (path: string) => void;
  clearRecent: () => void;
}): ApplicationMenu {
  const emitter = createEventEmitter(options.toWindow);
  const state: Pick<MenuContext, 'language' | 'tabOpen' | 'recentFiles'> = {
    language: options.language,
    tabOpen: false,
    recentFiles: [],
  };
  const install = (): void => {
    const template = buildMenuTemplate({
      platform: process.platform,
      development: options.development,
      updatesConfigured: options.checkForUpdates !== undefined,
      ...state,
      sendCommand: (command: MenuCommand) => {
        // A window that was closed (macOS keeps the app running) is opened again by the dock, not by the menu.
        if (options.getWindow()) emitter.emit('menu.command', { command });
      },
      openRecent: options.openRecent,
      clearRecent: options.clearRecent,
      runAction: (action) => {
        if (action === 'checkForUpdates') return options.checkForUpdates?.();
        const target = action === 'showLog' ? options.logFile : options.dataDir;
        if (action === 'showLog') {
          // The file exists once anything was logged; an empty one opens rather than an error.
          mkdirSync(dirname(target), { recursive: true });
          appendFileSync(target, '', { mode: 0o600 });
        } else mkdirSync(target, { recursive: true });
        void shell.openPath(target).then((failure) => {
          if (failure) options.logger.warn(`${target} did not open`, failure);
        });
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  install();
  return {
    update(change) {
      const next = { ...state, ...change };
      if (
        next.language === state.language &&
        next.tabOpen === state.tabOpen &&
        next.recentFiles === state.recentFiles
      )
        return;
      Object.assign(state, next);
      install();
    },
  };
}
