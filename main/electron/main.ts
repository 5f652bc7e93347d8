import { app, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createMainServices, type MainServices } from '../app/main-services.ts';
import { resolveDataDir } from '../base/data-dir.ts';
import { createLogger } from '../log/logger.ts';
import { createRotatingLogFile, logFolderOf } from '../log/rotating-log-file.ts';
import { registerAppScheme, serveRenderer } from './app-protocol.ts';
import {
  isFromAppWindow,
  registerDroppedFiles,
  registerIpcHandlers,
  windowEventSink,
} from './ipc-registration.ts';
import { createAppWindow, denyAllPermissions } from './secure-window.ts';
import { setSyncWorkerLocation } from '../sync/sync-worker-client.ts';
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
import {
  failStart,
  receiveRendererErrors,
  reportChildProcesses,
  watchWindow,
  type ErrorReporting,
} from './error-reporting.ts';
import { askWeakStorageConsent } from './weak-storage-prompt.ts';
import { useSystemProxy } from '../api/http/system-proxy.ts';
import { appUserModelId } from './app-identity.ts';

/**
 * The thin Electron shell: everything that is not window, protocol or IPC
 * plumbing lives in Electron-free modules so that it runs and is tested under
 * plain Node (and this file itself is booted against a stand-in `electron` by
 * e2e/electron/boot.e2e.test.ts).
 */
const dataDir = resolveDataDir();
// Redacted lines to stderr (npm start) and to a rotating file that Help › Show Log opens.
const logFile = createRotatingLogFile({ folder: logFolderOf(dataDir) });
const logger = createLogger('main', (line) => {
  process.stderr.write(line + '\n');
  logFile(line);
});
logFile.catchErrors((error, kind) => logger.error(`main: ${kind}`, error));
app.setPath('userData', dataDir);

// The language native prompts speak: the OS's until the settings are read, then the user's.
let language: UiLanguage = uiLanguageFromLocale(app.getLocale());
const reporting: ErrorReporting = { logger, logPath: logFile.path, language: () => language };

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  // Windows groups the taskbar, jump list and notifications by this id: the installer's (electron-builder appId).
  if (process.platform === 'win32') app.setAppUserModelId(appUserModelId());
  let window: BrowserWindow | undefined;
  const getWindow = (): BrowserWindow | undefined => window;
  // Files the OS names before the services exist (macOS sends open-file before ready) wait here.
  let services: MainServices | undefined;
  const waitingFromOs: string[] = [];
  const openFromOs = (paths: string[]): void => {
    if (services) services.openFromOs(paths);
    else waitingFromOs.push(...paths);
  };
  openFromOs(bpmnPathsFromArgv(process.argv.slice(1), process.cwd()));
  app.on('open-file', (event, path) => {
    event.preventDefault();
    openFromOs(bpmnPathsFromArgv([path], process.cwd()));
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
  // Only when the app really quits: before-quit comes before the unsaved-changes prompt, and "Stay" keeps going.
  app.on('will-quit', () => {
    logger.info('quitting');
    services?.dispose();
    services = undefined;
  });
  reportChildProcesses(reporting);

  app
    .whenReady()
    .then(async () => {
      denyAllPermissions();
      // PAC, WPAD and the OS's proxy settings, as Chromium resolves them, for every request to the service.
      useSystemProxy((url) => session.defaultSession.resolveProxy(url));
      serveRenderer(join(__dirname, '..', 'renderer'));
      setSyncWorkerLocation(join(__dirname, 'sync-worker.mjs'));
      setPushWorkerLocation(join(__dirname, 'push-worker.mjs'));
      const toWindow = windowEventSink(getWindow);
      // Updates exist only in builds with a feed (LANES_UPDATE_FEED_URL at build time); the menu says so otherwise.
      const feedUrl = app.isPackaged ? updateFeedUrl() : '';
      let updates: UpdateController | undefined;
      // Replaces Electron's default menu (with its developer tools) before the window exists.
      const menu = installApplicationMenu({
        dataDir,
        logFile: logFile.path,
        development: !app.isPackaged,
        language,
        toWindow,
        getWindow,
        logger,
        ...(feedUrl ? { checkForUpdates: () => void updates?.check(true) } : {}),
        openRecent: (path) => services?.openFromOs([path]),
        // Clicked only after start-up: `services` exists by then.
        clearRecent: () => services?.recentFiles.clear(),
      });
      const started = createMainServices({
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
        secrets: new SafeStorageSecretStore(
          dataDir,
          askWeakStorageConsent(getWindow, () => language),
        ),
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
      services = started;
      menu.update({ recentFiles: started.recentFiles.list() });
      started.openFromOs(waitingFromOs.splice(0));
      if (feedUrl)
        updates = startAutoUpdates({
          feedUrl,
          emit: (status) => toWindow('updates.status', status),
          syncRunning: async () => {
            const status = await started.dispatch('sync.status', {});
            // Unknown counts as running: never restart on a guess.
            return !status.ok || (status.value as { running: boolean }).running;
          },
          logger,
        });
      registerIpcHandlers(started, getWindow, logger);
      registerDroppedFiles(started, getWindow, logger);
      receiveRendererErrors(reporting, (event) => isFromAppWindow(event, getWindow()));
      const settings = await started.dispatch('settings.get', {});
      if (settings.ok) language = (settings.value as Settings).uiLanguage;
      menu.update({ language });
      // `npm start -- --demo`: connect the demo tenant before the window loads, so it opens connected.
      if (parseLaunchFlags(process.argv).demo) {
        const demo = await started.dispatch('demo.start', {});
        if (!demo.ok) logger.error('the demo tenant did not start', demo.error.message);
      }
      window = createAppWindow(dataDir, __dirname, logger);
      watchWindow(window, reporting);
      askBeforeLeavingUnsaved(window, () => language);
      window.on('closed', () => (window = undefined));
      // The launch check, once the renderer listens; quiet unless there is something to show.
      if (updates) window.webContents.once('did-finish-load', () => void updates?.check(false));
      logger.info(`started (Electron ${process.versions.electron ?? '?'}, data folder ${dataDir})`);
    })
    .catch((error: unknown) => failStart(error, reporting));
}
