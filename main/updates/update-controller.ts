/**
 * The update flow's decisions, free of Electron: which status the renderer
 * sees, and whether Lanes may restart into a downloaded update. The Electron
 * glue (main/electron/auto-updates.ts) hands electron-updater's AppUpdater in
 * as the `Updater` seam; tests hand in a fake.
 */
import type { RestartBlocker, UpdateRestartResult, UpdateStatus } from '../../shared/domain/updates.ts';

/** The part of electron-updater's AppUpdater Lanes uses. */
export interface Updater {
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: () => void): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

interface RestartState {
  /** The renderer has a tab with unsaved changes (its quit guard says so). */
  unsavedWork: boolean;
  /** The outbox is being sent (a sync run is under way). */
  syncRunning: boolean;
  downloaded: boolean;
}

/** Why Lanes may not restart now; empty when it may. Pure, so the rule is tested on its own. */
export function restartBlockersFor(state: RestartState): RestartBlocker[] {
  const blockers: RestartBlocker[] = [];
  if (!state.downloaded) blockers.push('notDownloaded');
  if (state.unsavedWork) blockers.push('unsavedWork');
  if (state.syncRunning) blockers.push('syncRunning');
  return blockers;
}

interface UpdateControllerOptions {
  updater: Updater;
  /** `updates.status` to the renderer. */
  emit: (status: UpdateStatus) => void;
  /** Main's own knowledge of the outbox. */
  syncRunning: () => Promise<boolean>;
  log: (message: string) => void;
}

export class UpdateController {
  readonly #options: UpdateControllerOptions;
  #downloadedVersion: string | undefined;
  #offeredVersion = '';
  #manualCheck = false;

  constructor(options: UpdateControllerOptions) {
    this.#options = options;
    const { updater, emit } = options;
    updater.on('update-available', ({ version }) => {
      this.#offeredVersion = version;
      emit({ state: 'downloading', version, percent: 0 });
    });
    updater.on('update-not-available', () => {
      if (this.#manualCheck) emit({ state: 'upToDate' });
    });
    updater.on('download-progress', ({ percent }) =>
      emit({
        state: 'downloading',
        version: this.#offeredVersion,
        percent: Math.min(100, Math.max(0, Math.round(percent))),
      }),
    );
    // Downloaded is all it does on its own: the restart is the user's choice (restart()).
    updater.on('update-downloaded', ({ version }) => {
      this.#downloadedVersion = version;
      emit({ state: 'ready', version });
    });
    updater.on('error', (error) => {
      options.log(`update failed: ${error.message}`);
      emit({ state: 'failed', message: error.message });
    });
  }

  /** Looks for an update; `manual` when the user asked (Help › Check for Updates), so "up to date" is said. */
  async check(manual: boolean): Promise<void> {
    this.#manualCheck = manual;
    if (this.#downloadedVersion) {
      this.#options.emit({ state: 'ready', version: this.#downloadedVersion });
      return;
    }
    if (manual) this.#options.emit({ state: 'checking' });
    try {
      await this.#options.updater.checkForUpdates();
    } catch (error) {
      // electron-updater also emits 'error', which reports it; a manual check must not stay on "checking".
      this.#options.log(`update check failed: ${(error as Error).message}`);
    }
  }

  /** "Restart to update": only with the update downloaded, nothing unsaved and no sync under way. */
  async restart(request: { unsavedWork: boolean }): Promise<UpdateRestartResult> {
    const blockers = restartBlockersFor({
      unsavedWork: request.unsavedWork,
      syncRunning: await this.#options.syncRunning(),
      downloaded: this.#downloadedVersion !== undefined,
    });
    if (blockers.length > 0) return { restarting: false, blockers };
    this.#options.updater.quitAndInstall();
    return { restarting: true, blockers: [] };
  }
}
