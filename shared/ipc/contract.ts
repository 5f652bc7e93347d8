import { z } from 'zod';
import { appInfoSchema } from '../domain/app-info.ts';
import { settingsPatchSchema, settingsSchema } from '../domain/settings.ts';
import {
  connectionTestSchema,
  profileNameSchema,
  profileSaveSchema,
  profileSummarySchema,
  secretProtectionSchema,
} from '../domain/profiles.ts';
import {
  actionResultSchema,
  createVersionRequestSchema,
  diagramPictureSchema,
  diagramRequestSchema,
  diagramSchema,
  elementPageSchema,
  elementRequestSchema,
  elementsPageSchema,
  elementsRequestSchema,
  facetSchema,
  facetViewSchema,
  freshnessSchema,
  pinSchema,
  pinTargetSchema,
  recentSchema,
  storeRasterRequestSchema,
  transitionRequestSchema,
} from '../domain/workspace.ts';
import {
  conflictDetailSchema,
  conflictSummarySchema,
  draftSavedSchema,
  draftSummarySchema,
  editorDocumentSchema,
  editorKeySchema,
  editorPreviewSchema,
  editorTargetSchema,
  exportImageRequestSchema,
  fileChangedSchema,
  historyEntrySchema,
  historyRequestSchema,
  historyXmlRequestSchema,
  restoreVersionRequestSchema,
  restoredVersionSchema,
  openedFileSchema,
  publishRequestSchema,
  publishResultSchema,
  recoverySchema,
  recoveryWriteSchema,
  resolveRequestSchema,
  saveDraftRequestSchema,
  saveFileRequestSchema,
  savedFileSchema,
  watchRequestSchema,
  outboxChangedSchema,
  publishedEventSchema,
  documentStateSchema,
} from '../domain/editor.ts';
import { menuCommands } from '../domain/menu-commands.ts';
import {
  updateRestartRequestSchema,
  updateRestartResultSchema,
  updateStatusSchema,
} from '../domain/updates.ts';
import {
  describeProcessRequestSchema,
  preflightFactsSchema,
  preflightRequestSchema,
} from '../domain/preflight.ts';
import { printRequestSchema } from '../domain/print.ts';
import { recentFilePathSchema, recentFileSchema } from '../domain/recent-files.ts';
import {
  csvExportRequestSchema,
  facetOverviewSchema,
  facetRequestSchema,
  reportElementsPageSchema,
  reportElementsRequestSchema,
  reportFacetsSchema,
  reportHierarchySchema,
} from '../domain/reports.ts';
import { syncRunRequestSchema, syncRunResultSchema, syncStatusSchema } from '../domain/sync.ts';
import {
  coverageRequestSchema,
  translationCoverageSchema,
  exchangeExportSchema,
  importPreviewSchema,
  translationPublishResultSchema,
  translationSaveSchema,
  translationSheetSchema,
  translationTargetSchema,
} from '../domain/translation.ts';
import {
  chooseFileRequestSchema,
  chosenFileSchema,
  gatherProgressSchema,
  jobIdRequestSchema,
  lanesTablePreviewSchema,
  lanesTableRequestSchema,
  poolJobSchema,
  pushLanesRequestSchema,
  pushStartedSchema,
  pushProgressSchema,
  pushRequestSchema,
  rereadFileRequestSchema,
} from '../domain/datapool.ts';
import type { EventChannel, RequestChannel } from './channels.ts';

export * from './channels.ts';

const noArguments = z.object({}).strict();

interface RequestSpec {
  request: z.ZodType;
  response: z.ZodType;
}

/**
 * The one IPC contract. Every request channel and every main→renderer event is
 * declared here once; main validates requests (and its own responses and
 * events) against it, and both sides derive their types from it.
 */
export const requestChannels = {
  'app.info': { request: noArguments, response: appInfoSchema },
  'settings.get': { request: noArguments, response: settingsSchema },
  'settings.update': { request: settingsPatchSchema, response: settingsSchema },
  'sync.status': { request: noArguments, response: syncStatusSchema },
  'sync.run': { request: syncRunRequestSchema, response: syncRunResultSchema },
  'profiles.list': { request: noArguments, response: z.array(profileSummarySchema) },
  'profiles.save': { request: profileSaveSchema, response: z.array(profileSummarySchema) },
  'profiles.remove': {
    request: z.object({ name: profileNameSchema }).strict(),
    response: z.array(profileSummarySchema),
  },
  'profiles.use': {
    request: z.object({ name: profileNameSchema }).strict(),
    response: z.array(profileSummarySchema),
  },
  'profiles.test': {
    request: z.object({ name: profileNameSchema }).strict(),
    response: connectionTestSchema,
  },
  'profiles.protection': { request: noArguments, response: secretProtectionSchema },
  'demo.start': { request: noArguments, response: z.array(profileSummarySchema) },
  'workspace.facets': {
    request: noArguments,
    response: freshnessSchema.extend({ items: z.array(facetSchema) }),
  },
  'workspace.views': {
    request: z.object({ facet: z.string().min(1).max(200) }).strict(),
    response: freshnessSchema.extend({ items: z.array(facetViewSchema) }),
  },
  'workspace.elements': { request: elementsRequestSchema, response: elementsPageSchema },
  'workspace.element': { request: elementRequestSchema, response: elementPageSchema },
  'workspace.diagram': { request: diagramRequestSchema, response: diagramSchema },
  /** The Diagram tab's picture of the cached rendering, if one is kept (from the cache only, never the service). */
  'workspace.diagramPicture': {
    request: diagramRequestSchema,
    response: z.object({ picture: diagramPictureSchema, fetchedAt: z.string() }).nullable(),
  },
  /** The renderer's picture of a cached rendering, kept beside it for the next preview or Diagram tab. */
  'workspace.storeDiagramRaster': {
    request: storeRasterRequestSchema,
    response: z.object({ stored: z.boolean() }),
  },
  'workspace.transition': { request: transitionRequestSchema, response: actionResultSchema },
  'workspace.createVersion': { request: createVersionRequestSchema, response: actionResultSchema },
  'workspace.pins': { request: noArguments, response: z.array(pinSchema) },
  'workspace.pin': { request: pinTargetSchema, response: z.array(pinSchema) },
  'workspace.unpin': {
    request: z.object({ id: z.number().int() }).strict(),
    response: z.array(pinSchema),
  },
  'workspace.recents': { request: noArguments, response: z.array(recentSchema) },
  'editor.preview': { request: editorKeySchema, response: editorPreviewSchema },
  'editor.open': { request: editorTargetSchema, response: editorDocumentSchema },
  'editor.saveDraft': { request: saveDraftRequestSchema, response: draftSavedSchema },
  'editor.discardDraft': { request: editorKeySchema, response: z.object({ discarded: z.boolean() }) },
  'editor.writeRecovery': { request: recoveryWriteSchema, response: z.object({ savedAt: z.string() }) },
  'editor.readRecovery': { request: editorKeySchema, response: recoverySchema },
  'editor.clearRecovery': { request: editorKeySchema, response: z.object({}) },
  'editor.publish': { request: publishRequestSchema, response: publishResultSchema },
  'editor.drafts': { request: noArguments, response: z.array(draftSummarySchema) },
  'editor.conflicts': { request: noArguments, response: z.array(conflictSummarySchema) },
  'editor.conflict': {
    request: z.object({ id: z.string().min(1).max(100) }).strict(),
    response: conflictDetailSchema,
  },
  'editor.resolve': { request: resolveRequestSchema, response: publishResultSchema },
  /** The element's versions as the service lists them, Lanes' sent diagrams, the draft and its base. */
  'editor.history': { request: historyRequestSchema, response: z.array(historyEntrySchema) },
  'editor.historyXml': { request: historyXmlRequestSchema, response: z.object({ xml: z.string() }) },
  /** A version from Compare versions (their version a resolution replaced, …) becomes the draft. */
  'editor.restoreVersion': { request: restoreVersionRequestSchema, response: restoredVersionSchema },
  /** Offline facts for the release pre-flight (draft or cached diagram, outbox, conflicts). */
  'editor.preflight': { request: preflightRequestSchema, response: preflightFactsSchema },
  /** A description written from the pre-flight, published as the process's documentation in its diagram. */
  'editor.describe': { request: describeProcessRequestSchema, response: publishResultSchema },
  /** What the service did not keep of the last publish, back as a draft on the service's version. */
  'editor.restoreSent': { request: editorTargetSchema, response: editorDocumentSchema },
  /** A lint rule's documentation in the system browser; main opens only allow-listed bpmnlint pages. */
  'help.openRuleDocs': {
    request: z.object({ url: z.string().min(1).max(500) }).strict(),
    response: z.object({ opened: z.literal(true) }),
  },
  /** A process's texts in two cultures side by side, from their BPMN exports (live or cached). */
  'translation.open': { request: translationTargetSchema, response: translationSheetSchema },
  /** The translator's texts, kept durably as drafts until published. */
  'translation.save': { request: translationSaveSchema, response: z.object({ savedAt: z.string() }) },
  /** The drafts of the target culture through the outbox: sent now if the service answers. */
  'translation.publish': { request: translationTargetSchema, response: translationPublishResultSchema },
  /** The texts for translators (XLIFF 2.0 or CSV) where the user chooses; null: cancelled. */
  'translation.export': {
    request: exchangeExportSchema,
    response: z.object({ path: z.string(), count: z.number().int() }).nullable(),
  },
  /** A translator's file chosen, read and compared with the table; null: cancelled. */
  'translation.importPreview': { request: translationTargetSchema, response: importPreviewSchema.nullable() },
  'files.openBpmn': { request: noArguments, response: openedFileSchema.nullable() },
  'files.readBpmn': { request: watchRequestSchema, response: openedFileSchema },
  'files.saveBpmn': { request: saveFileRequestSchema, response: savedFileSchema.nullable() },
  'files.exportImage': {
    request: exportImageRequestSchema,
    response: z.object({ path: z.string() }).nullable(),
  },
  /** The window as it is laid out for print, as a PDF in a file the user chooses. */
  'files.exportPdf': {
    request: printRequestSchema.extend({ suggestedName: z.string().min(1).max(300) }).strict(),
    response: z.object({ path: z.string() }).nullable(),
  },
  /** The system print dialog for the window as it is laid out for print; false: cancelled. */
  'files.print': { request: printRequestSchema, response: z.object({ printed: z.boolean() }) },
  /** Local files opened or saved lately, newest first, each marked when it is gone. */
  'files.recent': { request: noArguments, response: z.array(recentFileSchema) },
  'files.openRecent': { request: recentFilePathSchema, response: openedFileSchema },
  'files.forgetRecent': { request: recentFilePathSchema, response: z.array(recentFileSchema) },
  'files.clearRecent': { request: noArguments, response: z.array(recentFileSchema) },
  'files.watch': { request: watchRequestSchema, response: z.object({}) },
  'files.unwatch': { request: watchRequestSchema, response: z.object({}) },
  /** Files the operating system asked Lanes to open (command line, second launch, open-file), once each. */
  'files.takeOsOpens': { request: noArguments, response: z.object({ paths: z.array(z.string()) }) },
  /** Reports: facets with counts, pages of elements, a facet's tree, a facet's overview counts. */
  'reports.facets': { request: noArguments, response: reportFacetsSchema },
  'reports.elements': { request: reportElementsRequestSchema, response: reportElementsPageSchema },
  'reports.hierarchy': { request: facetRequestSchema, response: reportHierarchySchema },
  'reports.overview': { request: facetRequestSchema, response: facetOverviewSchema },
  /** Per facet and process: texts translated, same as source, out of date, missing, per target culture. */
  'reports.translationCoverage': { request: coverageRequestSchema, response: translationCoverageSchema },
  /** A table as CSV (UTF-8 with BOM) where the user chooses; null: cancelled. */
  'files.exportCsv': {
    request: csvExportRequestSchema,
    response: z.object({ path: z.string() }).nullable(),
  },
  /** The renderer's state that decides which menu items apply (no Save without a tab). */
  'menu.context': { request: z.object({ tabOpen: z.boolean() }).strict(), response: z.object({}) },
  /** "Restart to update": main restarts only with nothing unsaved and no sync under way. */
  'updates.restart': { request: updateRestartRequestSchema, response: updateRestartResultSchema },
  /** Asks the data-push service, then opens the CSV dialog; the file is named by a token, null: cancelled. */
  'datapool.chooseFile': { request: chooseFileRequestSchema, response: chosenFileSchema.nullable() },
  /** The chosen file read another way (encoding, separator; sheet, header row). */
  'datapool.rereadFile': { request: rereadFileRequestSchema, response: chosenFileSchema },
  /** Starts a push of a chosen file; its steps arrive as datapool.progress events. */
  'datapool.push': { request: pushRequestSchema, response: pushStartedSchema },
  /** The inventory or the model-quality metrics as they would be pushed now. */
  'datapool.previewLanes': { request: lanesTableRequestSchema, response: lanesTablePreviewSchema },
  /** Pushes the inventory or the metrics (DELTA by element id); offline it waits for the next sync. */
  'datapool.pushLanes': { request: pushLanesRequestSchema, response: pushStartedSchema },
  /** Stops gathering the inventory or the metrics from the landscape. */
  'datapool.cancelLanes': { request: lanesTableRequestSchema, response: z.object({}) },
  'datapool.cancel': {
    request: z.object({ pushId: z.string().min(1).max(100) }).strict(),
    response: z.object({}),
  },
  /** The profile's push history (kept in its cache) with where each push stands, newest first. */
  'datapool.pushes': { request: noArguments, response: z.array(pushProgressSchema) },
  /** The pool's jobs that are not finished (NEW, QUEUED, RUNNING). */
  'datapool.jobs': { request: noArguments, response: z.array(poolJobSchema) },
  'datapool.cancelJob': { request: jobIdRequestSchema, response: z.array(poolJobSchema) },
  'datapool.deleteJob': { request: jobIdRequestSchema, response: z.array(poolJobSchema) },
} as const satisfies Record<RequestChannel, RequestSpec>;

export const eventChannels = {
  'settings.changed': settingsSchema,
  'sync.statusChanged': syncStatusSchema,
  'files.changed': fileChangedSchema,
  /** Files from the operating system wait: take them with files.takeOsOpens. */
  'files.osOpensWaiting': z.object({}).strict(),
  /** The recent local files changed (opened, saved, removed, cleared). */
  'files.recentChanged': z.object({ files: z.array(recentFileSchema) }).strict(),
  /** An application-menu item whose work is done in the renderer (the active tab, the tab strip). */
  'menu.command': z.object({ command: z.enum(menuCommands) }).strict(),
  /** Update check, download progress, ready to install (only in builds with an update feed). */
  'updates.status': updateStatusSchema,
  /** A data-pool push moved on (a chunk sent, the job's state, a wait, the outcome). */
  'datapool.progress': pushProgressSchema,
  /** Lanes' own table being gathered from the landscape (listing pages, diagrams). */
  'datapool.gatherProgress': gatherProgressSchema,
  /**
   * The outbox of these elements changed (an operation queued, sent, held or failed; a draft saved or
   * discarded): any screen showing one of them follows it; an open tab takes its diagram's standing from it.
   */
  'outbox.changed': outboxChangedSchema,
  /**
   * A publish arrived at the service (from a tab, a sync, the conflict view or the CLI): its outcome,
   * computed once in main and delivered only here (the request that sent it is answered with an
   * acknowledgement), so every tab and the shell take it the same way.
   */
  'editor.published': publishedEventSchema,
  /** The element of open diagrams was released, got a new version or was deleted. */
  'editor.documentState': documentStateSchema,
} as const satisfies Record<EventChannel, z.ZodType>;

export type RequestOf<C extends RequestChannel> = z.input<(typeof requestChannels)[C]['request']>;
export type ParsedRequestOf<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['request']>;
export type ResponseOf<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['response']>;
export type EventOf<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;
