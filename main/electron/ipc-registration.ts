import { ipcMain, type BrowserWindow, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { droppedFilesChannel, parseDroppedPaths } from './dropped-files.ts';
import {
  electronEventChannel,
  electronRequestChannel,
  requestChannelNames,
} from '../../shared/ipc/contract.ts';
import type { EventSink } from '../ipc/events.ts';
import type { MainServices } from '../app/main-services.ts';
import { isTrustedSender } from '../security/sender-policy.ts';
import type { Logger } from '../log/logger.ts';

/** Registers one ipcMain handler per contract channel, each checking its sender first. */
export function registerIpcHandlers(
  services: MainServices,
  getWindow: () => BrowserWindow | undefined,
  logger: Logger,
): void {
  for (const channel of requestChannelNames) {
    ipcMain.handle(electronRequestChannel(channel), (event: IpcMainInvokeEvent, payload: unknown) => {
      if (!isFromAppWindow(event, getWindow())) {
        logger.warn(`Refused ${channel} from an untrusted sender`, event.senderFrame?.url ?? '(no frame)');
        return {
          ok: false,
          error: { code: 'ipc.forbiddenSender', message: 'Request refused.', params: {}, details: [] },
        };
      }
      return services.dispatch(channel, payload);
    });
  }
}

/** Whether an IPC message comes from the main frame of the app window, showing our own page. */
export function isFromAppWindow(
  event: IpcMainInvokeEvent | IpcMainEvent,
  window: BrowserWindow | undefined,
): boolean {
  const frame = event.senderFrame;
  if (!window || window.isDestroyed() || event.sender !== window.webContents || !frame) return false;
  return isTrustedSender({ url: frame.url, isMainFrame: frame.parent === null });
}

/** .bpmn files dropped on the window, from the preload (which alone knows their paths): they open in tabs. */
export function registerDroppedFiles(
  services: Pick<MainServices, 'openFromOs'>,
  getWindow: () => BrowserWindow | undefined,
  logger: Logger,
): void {
  ipcMain.on(droppedFilesChannel, (event: IpcMainEvent, payload: unknown) => {
    if (!isFromAppWindow(event, getWindow())) {
      logger.warn('Refused dropped files from an untrusted sender', event.senderFrame?.url ?? '(no frame)');
      return;
    }
    services.openFromOs(parseDroppedPaths(payload));
  });
}

/** main→renderer events go to the app window only. */
export function windowEventSink(getWindow: () => BrowserWindow | undefined): EventSink {
  return (event, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(electronEventChannel(event), payload);
  };
}
