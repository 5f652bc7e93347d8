/**
 * Channel names of the IPC contract, free of schemas so that the preload and
 * the renderer can check names without bundling the validation library.
 * `contract.ts` gives each name its schemas; the compiler keeps both in step.
 */
export const requestChannelNames = [
  'app.info',
  'settings.get',
  'settings.update',
  'sync.status',
  'sync.run',
  'profiles.list',
  'profiles.save',
  'profiles.remove',
  'profiles.use',
  'profiles.test',
  'profiles.protection',
  'demo.start',
  'workspace.facets',
  'workspace.views',
  'workspace.elements',
  'workspace.element',
  'workspace.diagram',
  'workspace.diagramPicture',
  'workspace.storeDiagramRaster',
  'workspace.transition',
  'workspace.createVersion',
  'workspace.pins',
  'workspace.pin',
  'workspace.unpin',
  'workspace.recents',
  'editor.preview',
  'editor.open',
  'editor.saveDraft',
  'editor.discardDraft',
  'editor.writeRecovery',
  'editor.readRecovery',
  'editor.clearRecovery',
  'editor.publish',
  'editor.drafts',
  'editor.conflicts',
  'editor.conflict',
  'editor.resolve',
  'editor.history',
  'editor.historyXml',
  'editor.restoreVersion',
  'editor.preflight',
  'editor.describe',
  'editor.restoreSent',
  'help.openRuleDocs',
  'translation.open',
  'translation.save',
  'translation.publish',
  'translation.export',
  'translation.importPreview',
  'reports.translationCoverage',
  'files.openBpmn',
  'files.readBpmn',
  'files.saveBpmn',
  'files.exportImage',
  'files.exportPdf',
  'files.print',
  'files.recent',
  'files.openRecent',
  'files.forgetRecent',
  'files.clearRecent',
  'files.watch',
  'files.unwatch',
  'files.takeOsOpens',
  'reports.facets',
  'reports.elements',
  'reports.hierarchy',
  'reports.overview',
  'files.exportCsv',
  'menu.context',
  'updates.restart',
  'datapool.chooseFile',
  'datapool.rereadFile',
  'datapool.push',
  'datapool.previewLanes',
  'datapool.pushLanes',
  'datapool.cancelLanes',
  'datapool.cancel',
  'datapool.pushes',
  'datapool.jobs',
  'datapool.cancelJob',
  'datapool.deleteJob',
] as const;
const eventChannelNames = [
  'settings.changed',
  'sync.statusChanged',
  'files.changed',
  'menu.command',
  'files.osOpensWaiting',
  'updates.status',
  'files.recentChanged',
  'datapool.progress',
  'datapool.gatherProgress',
  'outbox.changed',
  'editor.published',
  'editor.documentState',
] as const;

export type RequestChannel = (typeof requestChannelNames)[number];
export type EventChannel = (typeof eventChannelNames)[number];

export function isRequestChannel(name: unknown): name is RequestChannel {
  return (requestChannelNames as readonly unknown[]).includes(name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return (eventChannelNames as readonly unknown[]).includes(name);
}

/** Electron channel names; kept here so preload and main cannot drift apart. */
export const electronRequestChannel = (channel: RequestChannel): string => `lanes:${channel}`;
export const electronEventChannel = (event: EventChannel): string => `lanes-event:${event}`;
