import { app, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createMainServices } from '../app/main-services.ts';
import { resolveDataDir } from '../base/data-dir.ts';
import { createLogger } from '../log/logger.ts';
import { createRotatingLogFile, logFolderOf } from '../log/rotating-log-file.ts';
import { registerAppScheme, serveRenderer } from './app-protocol.ts';
import { registerDroppedFiles, registerIpcHandlers, windowEventSink } from './ipc-registration.ts';
import { createAppWindow, denyAllPermissions } from './secure-window.ts';
import { setSyncWorkerLocation } from '../cache/sync-worker-client.ts';
import { setPushWorkerLocation } from '../datapool/push-worker-client.ts';
import { SafeStorageSecretStore } from './safe-storage-secrets.ts';
import { parseLaunchFlags } from '../demo/launch-flags.ts';
import { windowPrinter } from './window-printer.ts';
import { electronFileDialogs } from './file-dialogs.ts';
import { askBeforeLeavingUnsaved } from './unsaved-changes-prompt.ts';
import { installApplicationMenu } from './application-menu.ts';
import { utilityProcessEmulator } from './utility-emulator.ts';
import { startAutoUpdates, updateFeedUrl } from './auto-updates.ts';
import type { UpdateController } from '../updates/update-controller.ts';
import { bpmnPathsFromArgv } from '../files/os-open-paths.ts';
import { uiLanguageFromLocale } from '../../shared/i18n/translate.ts';
import type { Settings, UiLanguage } from '../../shared/domain/settings.ts';

/**
 * The thin Electron shell: everything that is not window, protocol or IPC
 * plumbing lives in Electron-free modules so that it runs and is tested under
 * plain Node.
 */
const dataDir = resolveDataDir();
// Redacted lines to stderr (npm start) and to a rotating file that Help › Open Log Folder shows.
const logFile = createRotatingLogFile({ folder: logFolderOf(dataDir) });
const logger = createLogger('main', (line) => {
  process.stderr.write(line + '\n');
  logFile(line);
});
app.setPath('userData', dataDir);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  let window: BrowserWindow | undefined;
  const getWindow = (): BrowserWindow | undefined => window;
  // Files the OS names before the services exist (macOS sends open-file before ready) wait here.
  let servicesOpenFromOs: ((paths: string[]) => void) | undefined;
  const waitingFromOs: string[] = [];
  const openFromOs = (paths: string[]): void => {
    if (servicesOpenFromOs) servicesOpenFromOs(paths);
    else waitingFromOs.push(...paths);
  };
  openFromOs(bpmnPathsFromArgv(process.argv.slice(1), process.cwd()));
  app.on('open-file', (event, path) => {
    event.preventDefault();
    openFromOs([path]);
  });

  // A second launch (a double-clicked .bpmn while Lanes runs) hands its files to this window.
  app.on('second-instance', (_event, argv, workingDirectory) => {
    openFromOs(bpmnPathsFromArgv(argv.slice(1), workingDirectory));
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(async () => {
    denyAllPermissions();
    serveRenderer(join(__dirname, '..', 'renderer'));
    setSyncWorkerLocation(join(__dirname, 'sync-worker.mjs'));
    setPushWorkerLocation(join(__dirname, 'push-worker.mjs'));
    // The language native prompts speak: the user's setting, kept current from its change events.
    let language: UiLanguage = uiLanguageFromLocale(app.getLocale());
    const toWindow = windowEventSink(getWindow);
    // Updates exist only in builds with a feed (LANES_UPDATE_FEED_URL at build time); the menu says so otherwise.
    const feedUrl = app.isPackaged ? updateFeedUrl() : '';
    let updates: UpdateController | undefined;
    // Replaces Electron's default menu (with its developer tools) before the window exists.
    const menu = installApplicationMenu({
      dataDir,
      development: !app.isPackaged,
      language,
      toWindow,
      getWindow,
      logger,
      ...(feedUrl ? { checkForUpdates: () => void updates?.check(true) } : {}),
      openRecent: (path) => servicesOpenFromOs?.([path]),
      // Clicked only after start-up: `services` exists by then.
      clearRecent: () => services.recentFiles.clear(),
    });
    const services = createMainServices({
      identity: { name: app.getName(), version: app.getVersion(), transport: 'electron' },
      dataDir,
      locale: app.getLocale(),
      logger,
      events: (event, payload) => {
        if (event === 'settings.changed') {
          language = (payload as Settings).uiLanguage;
          menu.update({ language });
        }
        toWindow(event, payload);
      },
      fileDialogs: electronFileDialogs(getWindow),
      pagePrinter: windowPrinter(getWindow),
      secrets: new SafeStorageSecretStore(dataDir),
      menuContext: ({ tabOpen }) => menu.update({ tabOpen }),
      recentFilesChanged: (list) => menu.update({ recentFiles: list }),
      // The dock's and taskbar's recent files; on Windows the jump list, which opens them through argv.
      recentDocument: (path) => app.addRecentDocument(path),
      ...(feedUrl
        ? {
            restartForUpdate: (request: { unsavedWork: boolean }) =>
              updates
                ? updates.restart(request)
                : Promise.resolve({ restarting: false, blockers: ['notDownloaded' as const] }),
          }
        : {}),
      // The bundled emulator in Electron's utility process: no second runtime to ship, RunAsNode stays off.
      demoEmulator: utilityProcessEmulator(join(__dirname, '..', 'emulator', 'cli.mjs')),
    });
    servicesOpenFromOs = services.openFromOs;
    menu.update({ recentFiles: services.recentFiles.list() });
    services.openFromOs(waitingFromOs.splice(0));
    if (feedUrl)
      updates = startAutoUpdates({
        feedUrl,
        emit: (status) => toWindow('updates.status', status),
        syncRunning: async () => {
          const status = await services.dispatch('sync.status', {});
          // Unknown counts as running: never restart on a guess.
          return !status.ok || (status.value as { running: boolean }).running;
        },
        logger,
      });
    registerIpcHandlers(services, getWindow, logger);
    registerDroppedFiles(services, getWindow, logger);
    const settings = await services.dispatch('settings.get', {});
    if (settings.ok) language = (settings.value as Settings).uiLanguage;
    menu.update({ language });
    app.on('before-quit', () => services.dispose());
    // `npm start -- --demo`: connect the demo tenant before the window loads, so it opens connected.
    if (parseLaunchFlags(process.argv).demo) {
      const started = await services.dispatch('demo.start', {});
      if (!started.ok) logger.error('the demo tenant did not start', started.error.message);
    }
    window = createAppWindow(dataDir, __dirname, logger);
    askBeforeLeavingUnsaved(window, () => language);
    window.on('closed', () => (window = undefined));
    // The launch check, once the renderer listens; quiet unless there is something to show.
    if (updates) window.webContents.once('did-finish-load', () => void updates?.check(false));
  });
}
