import { collectAppInfo, type RuntimeIdentity } from '../base/app-info.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { SyncService } from '../sync/sync-service.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import type { WorkspaceService } from '../workspace/workspace-service.ts';
import type { DemoTenant } from '../demo/demo-tenant.ts';
import type { EditorService } from '../editor/editor-service.ts';
import type { TranslationService } from '../translation/translation-service.ts';
import type { FileService } from '../files/file-service.ts';
import type { RecentFilesStore } from '../files/recent-files.ts';
import type { ReportsService } from '../reports/reports-service.ts';
import type { HandlerTable } from './handler-table.ts';
import type { DataPoolService } from '../datapool/datapool-service.ts';
import type { UpdateRestartResult } from '../../shared/domain/updates.ts';
import { openRuleDocs, type OpenExternal } from '../security/external-links.ts';

interface HandlerServices {
  identity: RuntimeIdentity;
  dataDir: string;
  settings: SettingsStore;
  sync: SyncService;
  profiles: ProfileService;
  workspace: WorkspaceService;
  demo: DemoTenant;
  editor: EditorService;
  translation: TranslationService;
  files: FileService;
  recentFiles: RecentFilesStore;
  reports: ReportsService;
  dataPool: DataPoolService;
  /** The application menu follows the renderer's state; no menu (harness, CLI): nothing to update. */
  menuContext?: (context: { tabOpen: boolean }) => void;
  /** "Restart to update"; absent in builds without an update feed (and in the harness). */
  restartForUpdate?: (request: { unsavedWork: boolean }) => Promise<UpdateRestartResult>;
  /** The system browser; absent (CLI, harness without one): links are refused with where they lead. */
  openExternal?: OpenExternal;
}

/** The one table of request handlers; Electron and the test harness both register exactly this. */
export function createHandlerTable(services: HandlerServices): HandlerTable {
  return {
    'app.info': () => collectAppInfo(services.identity, services.dataDir),
    'settings.get': () => services.settings.get(),
    'settings.update': (patch) => services.settings.update(patch),
    'sync.status': () => services.sync.status(),
    'sync.run': (request) => services.sync.run(request),
    'profiles.list': () => services.profiles.list(),
    'profiles.save': (request) => services.profiles.save(request),
    'profiles.remove': ({ name }) => services.profiles.remove(name),
    'profiles.use': ({ name }) => services.profiles.use(name),
    'profiles.test': ({ name }) => services.profiles.test(name),
    'profiles.protection': () => services.profiles.protection(),
    'demo.start': () => services.demo.start(),
    'workspace.facets': () => services.workspace.facets(),
    'workspace.views': ({ facet }) => services.workspace.views(facet),
    'workspace.elements': (request) => services.workspace.elements(request),
    'workspace.element': (request) => services.workspace.element(request),
    'workspace.diagram': (request) => services.workspace.diagram(request),
    'workspace.storeDiagramRaster': (request) => services.workspace.storeDiagramRaster(request),
    'workspace.diagramPicture': (request) => services.workspace.diagramPicture(request),
    'workspace.transition': (request) => services.workspace.transition(request),
    'workspace.createVersion': (request) => services.workspace.createVersion(request),
    'workspace.pins': () => services.workspace.pins(),
    'workspace.pin': (target) => services.workspace.pin(target),
    'workspace.unpin': ({ id }) => services.workspace.unpin(id),
    'workspace.recents': () => services.workspace.recents(),
    'editor.preview': (key) => services.editor.preview(key),
    'editor.open': (target) => services.editor.open(target),
    // The renderer sends only what its bpmn-js Modeler serialised (DiagramSession.xml): see BpmnOrigin.
    'editor.saveDraft': (request) => services.editor.saveDraft(request, 'modeler'),
    'editor.discardDraft': (key) => services.editor.discardDraft(key),
    'editor.writeRecovery': (request) => services.editor.writeRecovery(request),
    'editor.readRecovery': (key) => services.editor.readRecovery(key),
    'editor.clearRecovery': (key) => services.editor.clearRecovery(key),
    'editor.publish': (request) => services.editor.publish(request),
    'editor.drafts': () => services.editor.drafts(),
    'editor.conflicts': () => services.editor.conflicts(),
    'editor.conflict': ({ id }) => services.editor.conflict(id),
    'editor.resolve': (request) => services.editor.resolve(request),
    'editor.history': (key) => services.editor.history(key),
    'editor.historyXml': (request) => services.editor.historyXml(request),
    'editor.preflight': ({ id, culture }) => services.editor.preflight(id, culture),
    'editor.describe': (request) => services.editor.describe(request),
    'editor.restoreSent': (target) => services.editor.restoreSent(target),
    'editor.restoreVersion': (request) => services.editor.restoreVersion(request),
    'help.openRuleDocs': ({ url }) => openRuleDocs(url, services.openExternal),
    'translation.open': (target) => services.translation.open(target),
    'translation.save': (request) => services.translation.save(request),
    'translation.publish': (target) => services.translation.publish(target),
    'translation.export': (request) => services.translation.exportFile(request),
    'translation.importPreview': (target) => services.translation.previewImport(target),
    'reports.translationCoverage': (request) => services.reports.translationCoverage(request),
    'files.openBpmn': () => services.files.openBpmn(),
    'files.readBpmn': ({ path }) => services.files.readBpmn(path),
    'files.saveBpmn': (request) => services.files.saveBpmn(request),
    'files.exportImage': (request) => services.files.exportImage(request),
    'files.exportPdf': (request) => services.files.exportPdf(request),
    'files.print': (request) => services.files.print(request),
    'files.recent': () => services.recentFiles.list(),
    'files.openRecent': ({ path }) => services.files.openRecent(path),
    'files.forgetRecent': ({ path }) => services.recentFiles.remove(path),
    'files.clearRecent': () => services.recentFiles.clear(),
    'files.watch': ({ path }) => {
      services.files.watch(path);
      return {};
    },
    'files.unwatch': ({ path }) => {
      services.files.unwatch(path);
      return {};
    },
    'files.takeOsOpens': () => ({ paths: services.files.takeOsOpens() }),
    'reports.facets': () => services.reports.facets(),
    'reports.elements': (request) => services.reports.elements(request),
    'reports.hierarchy': ({ facet }) => services.reports.hierarchy(facet),
    'reports.overview': ({ facet }) => services.reports.overview(facet),
    'files.exportCsv': (request) => services.files.exportCsv(request),
    'menu.context': (context) => {
      services.menuContext?.(context);
      return {};
    },
    'datapool.chooseFile': ({ purpose }) => services.dataPool.chooseFile(purpose),
    'datapool.rereadFile': ({ fileId, format }) => services.dataPool.rereadFile(fileId, format),
    'datapool.push': (request) => services.dataPool.push(request),
    'datapool.previewLanes': ({ kind }) => services.dataPool.previewLanes(kind),
    'datapool.pushLanes': ({ kind, table }) => services.dataPool.pushLanes(kind, table),
    'datapool.cancelLanes': async ({ kind }) => {
      services.dataPool.cancelLanes(kind);
      return {};
    },
    'datapool.cancel': async ({ pushId }) => {
      await services.dataPool.cancel(pushId);
      return {};
    },
    'datapool.pushes': () => services.dataPool.pushes(),
    'datapool.jobs': () => services.dataPool.jobs(),
    'datapool.cancelJob': ({ id }) => services.dataPool.cancelJob(id),
    'datapool.deleteJob': ({ id }) => services.dataPool.deleteJob(id),
    'updates.restart': (request) =>
      services.restartForUpdate?.(request) ?? { restarting: false, blockers: ['notDownloaded'] },
  };
}
