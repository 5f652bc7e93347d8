import { autoUpdater } from 'electron-updater';
import type { UpdateStatus } from '../../shared/domain/updates.ts';
import type { Logger } from '../log/logger.ts';
import { UpdateController } from '../updates/update-controller.ts';

/** Set at build time from LANES_UPDATE_FEED_URL (scripts/build.ts); empty: this build has no updates. */
declare const LANES_UPDATE_FEED_URL: string;

export function updateFeedUrl(): string {
  return typeof LANES_UPDATE_FEED_URL === 'string' ? LANES_UPDATE_FEED_URL : '';
}

/**
 * electron-updater on the generic provider named at build time, wired to the
 * Electron-free UpdateController. It downloads on its own and shows progress,
 * but installs only through "Restart to update" (never on quit by itself).
 */
export function startAutoUpdates(options: {
  feedUrl: string;
  emit: (status: UpdateStatus) => void;
  syncRunning: () => Promise<boolean>;
  logger: Logger;
}): UpdateController {
  autoUpdater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = {
    info: (message?: unknown) => options.logger.info(`updates: ${String(message)}`),
    warn: (message?: unknown) => options.logger.warn(`updates: ${String(message)}`),
    error: (message?: unknown) => options.logger.error(`updates: ${String(message)}`),
    debug: () => {},
  };
  return new UpdateController({
    updater: autoUpdater,
    emit: options.emit,
    syncRunning: options.syncRunning,
    log: (message) => options.logger.warn(message),
  });
}
