import { app, dialog, ipcMain, type BrowserWindow, type IpcMainEvent, type WebContents } from 'electron';
import type { UiLanguage } from '../../shared/domain/settings.ts';
import { translate } from '../../shared/i18n/translate.ts';
import type { Logger } from '../log/logger.ts';
import {
  describeRendererError,
  parseRendererError,
  RENDERER_REPORTS_PER_PAGE,
  rendererErrorChannel,
} from '../log/renderer-report.ts';

/**
 * Everything that goes wrong outside main's own code reaches the log: the
 * page's uncaught errors and rejections (from the preload, with their stack),
 * its console.error calls, a renderer that crashed or was killed, and any
 * child process of Chromium's that died (the GPU, the demo emulator's utility
 * process, …). Main's own uncaught errors are caught by the log file itself.
 */
export interface ErrorReporting {
  logger: Logger;
  /** The log file, named in what the user sees. */
  logPath: string;
  language: () => UiLanguage;
}

export function reportChildProcesses({ logger }: ErrorReporting): void {
  app.on('child-process-gone', (_event, details) => {
    const name = details.serviceName ?? details.name ?? details.type;
    const line = `child process ${name} (${details.type}) is gone: ${details.reason}, exit code ${details.exitCode}`;
    if (details.reason === 'clean-exit') logger.info(line);
    else logger.error(line);
  });
}

/** The preload's reports, accepted only from the app window's main frame and only so many per page. */
export function receiveRendererErrors(
  { logger }: ErrorReporting,
  isFromAppWindow: (event: IpcMainEvent) => boolean,
): void {
  const counts = new WeakMap<WebContents, number>();
  ipcMain.on(rendererErrorChannel, (event: IpcMainEvent, payload: unknown) => {
    if (!isFromAppWindow(event)) return;
    const count = (counts.get(event.sender) ?? 0) + 1;
    counts.set(event.sender, count);
    if (count > RENDERER_REPORTS_PER_PAGE) return;
    const report = parseRendererError(payload);
    if (report) logger.error(describeRendererError(report));
    if (count === RENDERER_REPORTS_PER_PAGE)
      logger.warn('further renderer errors of this page are not logged');
  });
}

/** console.error, a crashed renderer (offered a reload) and a hung window, for the app window. */
export function watchWindow(window: BrowserWindow, reporting: ErrorReporting): void {
  const { logger } = reporting;
  const contents = window.webContents;
  contents.on('console-message', (details) => {
    if (details.level !== 'error') return;
    // Uncaught errors and rejections are also printed by Chromium; the preload reports them with their stack.
    if (/^Uncaught\b/.test(details.message)) return;
    logger.error(
      `renderer console.error: ${details.message.slice(0, 4000)} (${details.sourceId}:${details.lineNumber})`,
    );
  });
  contents.on('did-finish-load', () => logger.info('the window has loaded'));
  contents.on('unresponsive', () => logger.warn('the window is not responding'));
  contents.on('responsive', () => logger.info('the window responds again'));
  contents.on('render-process-gone', (_event, details) => {
    logger.error(`the window's renderer is gone: ${details.reason}, exit code ${details.exitCode}`);
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    void offerReload(window, details.reason, reporting);
  });
}

async function offerReload(window: BrowserWindow, reason: string, reporting: ErrorReporting): Promise<void> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>): string =>
    translate(reporting.language(), key, params);
  const { response } = await dialog.showMessageBox(window, {
    type: 'error',
    title: t('desktop.rendererGone.title'),
    message: t('desktop.rendererGone.message', { reason }),
    detail: t('desktop.rendererGone.detail', { log: reporting.logPath }),
    buttons: [t('desktop.rendererGone.reload'), t('desktop.rendererGone.quit')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  if (window.isDestroyed()) return;
  if (response === 0) {
    reporting.logger.info('reloading the window after its renderer was gone');
    window.webContents.reload();
  } else app.quit();
}

/**
 * A start that failed: logged, said in a native error box that names the log,
 * and then the process ends, releasing the single-instance lock first so the
 * next start is not taken for a second instance of a process that is gone.
 */
export function failStart(error: unknown, reporting: ErrorReporting): void {
  reporting.logger.error('Lanes could not start', error);
  const reason = error instanceof Error ? error.message : String(error);
  try {
    dialog.showErrorBox(
      translate(reporting.language(), 'desktop.startFailed.title'),
      translate(reporting.language(), 'desktop.startFailed.message', { reason, log: reporting.logPath }),
    );
  } finally {
    app.releaseSingleInstanceLock();
    app.exit(1);
  }
}
