import { BrowserWindow, screen, session } from 'electron';
import { join } from 'node:path';
import { APP_ENTRY_URL, isAllowedNavigation } from '../security/sender-policy.ts';
import { loadWindowState, placeWindow, saveWindowState } from '../window/window-state.ts';
import type { Logger } from '../log/logger.ts';

/**
 * The one application window: isolated, sandboxed, no Node in the renderer,
 * no navigation, no pop-ups, no permissions, and it comes back where it was.
 */
export function createAppWindow(dataDir: string, preloadDir: string, logger: Logger): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const placed = placeWindow(loadWindowState(dataDir, logger), workAreas);
  const window = new BrowserWindow({
    ...placed,
    minWidth: 640,
    minHeight: 480,
    show: false,
    title: 'Lanes',
    webPreferences: {
      preload: join(preloadDir, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  if (placed.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));

  window.on('close', () => {
    const bounds = window.getNormalBounds();
    try {
      saveWindowState(dataDir, { ...bounds, maximized: window.isMaximized() });
    } catch (error) {
      logger.warn('Could not remember the window position', error);
    }
  });

  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/** No web permission (camera, notifications, geolocation, …) is ever granted. */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
