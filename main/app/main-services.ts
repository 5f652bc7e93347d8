import { mkdirSync } from 'node:fs';
import type { RuntimeIdentity } from '../base/app-info.ts';
import { createSettingsStore } from '../settings/settings-store.ts';
import { createHandlerTable } from '../ipc/handlers.ts';
import { dispatchRequest } from '../ipc/dispatch.ts';
import { createEventEmitter, type EventSink } from '../ipc/events.ts';
import type { HandlerTable } from '../ipc/handler-table.ts';
import type { Logger } from '../log/logger.ts';
import type { IpcResult } from '../../shared/ipc/errors.ts';
import { SyncService } from '../sync/sync-service.ts';
import { ProfileService } from '../profiles/profile-service.ts';
import type { SecretStore } from '../profiles/secret-store.ts';
import { CurrentSession } from '../session/current-session.ts';
import { migrations } from './cache-schema.ts';
import { WorkspaceService } from '../workspace/workspace-service.ts';
import { SessionOutboxes } from '../sync/session-outboxes.ts';
import { createBackgroundPull } from '../workspace/background-pull.ts';
import { DemoTenant } from '../demo/demo-tenant.ts';
import type { EmulatorLaunch, EmulatorStarter } from '../demo/emulator-process.ts';
import type { UpdateRestartResult } from '../../shared/domain/updates.ts';
import { EditorService } from '../editor/editor-service.ts';
import { TranslationService } from '../translation/translation-service.ts';
import { FileService } from '../files/file-service.ts';
import type { FileDialogs } from '../files/file-dialogs.ts';
import type { PagePrinter } from '../files/page-printer.ts';
import { ReportsService } from '../reports/reports-service.ts';
import { RecentFilesStore } from '../files/recent-files.ts';
import type { RecentFile } from '../../shared/domain/recent-files.ts';
import { DataPoolService } from '../datapool/datapool-service.ts';
import type { OpenExternal } from '../security/external-links.ts';

export interface MainServicesOptions {
  identity: RuntimeIdentity;
  dataDir: string;
  locale: string | undefined;
  logger: Logger;
  events: EventSink;
  /** LANES_* variables and proxy settings; the current profile comes from the data folder. */
  env?: NodeJS.ProcessEnv;
  /** safeStorage in Electron; the harness passes an in-memory store. */
  secrets: SecretStore;
  /** How to run the service emulator for "Try the demo tenant"; without it the demo cannot start. */
  demoEmulator?: EmulatorLaunch | EmulatorStarter;
  /** Native open/save dialogs; without them the file channels refuse with a clear error. */
  fileDialogs?: FileDialogs;
  /** Prints the app window (print, save as PDF); without it the print channels refuse with a clear error. */
  pagePrinter?: PagePrinter;
  /** The OS's recent documents (Electron's app.addRecentDocument, the Windows jump list). */
  recentDocument?: (path: string) => void;
  /** The recent local files changed (File › Open Recent is rebuilt). */
  recentFilesChanged?: (list: RecentFile[]) => void;
  /** The Electron shell rebuilds its application menu from the renderer's state. */
  menuContext?: (context: { tabOpen: boolean }) => void;
  /** "Restart to update" (the Electron shell, in builds with an update feed). */
  restartForUpdate?: (request: { unsavedWork: boolean }) => Promise<UpdateRestartResult>;
  /** How long reads stay on the cache after the service was found unavailable (tests shorten it). */
  unavailableGraceMs?: number;
  /** The system browser (Electron's shell.openExternal), for allow-listed links only (security/external-links.ts). */
  openExternal?: OpenExternal;
}

export interface MainServices {
  readonly handlers: HandlerTable;
  /** Validates and runs one renderer request; never throws. */
  dispatch(channel: unknown, payload: unknown): Promise<IpcResult<unknown>>;
  /** .bpmn files from the operating system (command line, second launch, open-file, drop): each opens in a tab. */
  openFromOs(paths: readonly string[]): void;
  /** Local files opened lately (File › Open Recent is built from them). */
  recentFiles: Pick<RecentFilesStore, 'list' | 'clear'>;
  dispose(): void;
}

/**
 * Composition root of the main side, free of Electron so that the same
 * services run inside Electron, the Chromium test harness and the CLI.
 */
export function createMainServices(options: MainServicesOptions): MainServices {
  mkdirSync(options.dataDir, { recursive: true });
  const emitter = createEventEmitter(options.events);
  const settings = createSettingsStore(options.dataDir, options.locale, options.logger);
  const unsubscribe = settings.onChange((value) => emitter.emit('settings.changed', value));
  const env = options.env ?? process.env;
  const session = new CurrentSession({
    dataDir: options.dataDir,
    migrations,
    env,
    logger: options.logger,
    secrets: options.secrets,
    ...(options.unavailableGraceMs !== undefined ? { unavailableGraceMs: options.unavailableGraceMs } : {}),
  });
  // One outbox per session, for the editor, the workspace and sync alike.
  const outboxes = new SessionOutboxes();
  const editor = new EditorService({
    session,
    outboxes,
    logger: options.logger,
    emit: (event) => emitter.emit(event.channel, event.payload),
  });
  const dataPool = new DataPoolService({
    session,
    outboxes,
    dialogs: options.fileDialogs,
    logger: options.logger,
    dataDir: options.dataDir,
    env,
    culture: () => settings.get().contentCulture,
    onGather: (progress) => emitter.emit('datapool.gatherProgress', progress),
    onProgress: (progress) => {
      emitter.emit('datapool.progress', progress);
      // A data-pool push that now waits for the service, or no longer does, changes the status bar's count.
      if (progress.phase === 'waiting' || progress.phase === 'canceled') void sync.announce();
    },
  });
  const sync = new SyncService({
    session,
    outboxes,
    // Data-pool pushes of Lanes' own tables made offline go out with the outbox, and are counted with it.
    otherQueues: [dataPool],
    afterPull: () => editor.afterSync(),
    env,
    culture: () => settings.get().contentCulture,
    logger: options.logger,
    onStatus: (status) => emitter.emit('sync.statusChanged', status),
  });
  // A new pin is fetched right away, in the sync worker, not at the next "Sync now".
  const pinnedPull = createBackgroundPull({
    pull: () => sync.run({ send: false, pull: true }),
    logger: options.logger,
  });
  const workspace = new WorkspaceService({
    session,
    outboxes,
    dataDir: options.dataDir,
    logger: options.logger,
    onPinned: () => pinnedPull.request(),
    onElementChanged: (id) => void editor.elementChanged(id),
  });
  const translation = new TranslationService({
    session,
    outboxes,
    logger: options.logger,
    ...(options.fileDialogs ? { dialogs: options.fileDialogs } : {}),
  });
  const reports = new ReportsService({
    session,
    outboxes,
    ...(options.unavailableGraceMs !== undefined ? { unavailableGraceMs: options.unavailableGraceMs } : {}),
  });
  const recentFiles = new RecentFilesStore(options.dataDir, options.logger, (list) => {
    emitter.emit('files.recentChanged', { files: list });
    options.recentFilesChanged?.(list);
  });
  const files = new FileService({
    dialogs: options.fileDialogs,
    onChanged: (change) => emitter.emit('files.changed', change),
    onOsOpensWaiting: () => emitter.emit('files.osOpensWaiting', {}),
    onRecentDocument: (path) => {
      recentFiles.record(path);
      options.recentDocument?.(path);
    },
    isRecent: (path) => recentFiles.has(path),
    printer: options.pagePrinter,
  });
  const profiles = new ProfileService(options.dataDir, options.secrets, () => void session.reset());
  const demo = new DemoTenant({
    launch: options.demoEmulator,
    dataDir: options.dataDir,
    profiles,
    logger: options.logger,
  });
  const handlers = createHandlerTable({
    identity: options.identity,
    dataDir: options.dataDir,
    settings,
    sync,
    profiles,
    workspace,
    demo,
    editor,
    translation,
    files,
    recentFiles,
    reports,
    dataPool,
    ...(options.menuContext ? { menuContext: options.menuContext } : {}),
    ...(options.restartForUpdate ? { restartForUpdate: options.restartForUpdate } : {}),
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
  });

  return {
    handlers,
    dispatch: (channel, payload) => dispatchRequest(handlers, channel, payload, options.logger),
    openFromOs: (paths) => files.openFromOs(paths),
    recentFiles,
    dispose: () => {
      unsubscribe();
      files.dispose();
      void session.dispose();
      void demo.dispose();
    },
  };
}
