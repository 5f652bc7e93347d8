/**
 * What the BPMN editor, the conflict view and the version diff ask of main:
 * open a process's diagram (draft, live or cached), keep drafts and the
 * recovery slot, publish through the outbox, resolve conflicts, compare
 * versions, and read or write local .bpmn files. Main validates its answers
 * against these schemas too.
 */
import { z } from 'zod';
import { lanesErrorDataSchema } from '../ipc/errors.ts';
import { layoutKeys } from './process.ts';
import { renderRasterSchema } from './workspace.ts';

const id = z.string().min(1).max(200);
const facet = z.string().min(1).max(200);
const view = z.string().min(1).max(200);
/** Content cultures the editor opens diagrams in (the BPMN export's lcid). */
const editorCultureSchema = z.union([z.literal(1031), z.literal(1033), z.literal(3082)]);
/** 20 MB of XML: far beyond any real diagram, small enough to refuse garbage early. */
const bpmnXml = z.string().min(1).max(20_000_000);

/** One process diagram in one culture, as the editor addresses it. */
export const editorTargetSchema = z.object({ facet, view, id, culture: editorCultureSchema }).strict();
export type EditorTarget = z.infer<typeof editorTargetSchema>;

export const editorKeySchema = z.object({ id, culture: editorCultureSchema }).strict();
export type EditorKey = z.infer<typeof editorKeySchema>;

/** Where a publish of this diagram stands in the outbox. */
const publishStateSchema = z.object({
  state: z.enum(['none', 'queued', 'sending', 'unknown', 'failed', 'conflict', 'review']),
  /** The service's or the outbox's last word (failure reason, conflict summary) as a typed error. */
  error: lanesErrorDataSchema.nullable(),
  /** Set in states conflict and review: the record the conflict view opens. */
  conflictId: z.string().nullable(),
});
export type PublishState = z.infer<typeof publishStateSchema>;

const readOnlyReasonSchema = z.object({
  /** released: the state refuses imports; permission: the user may not edit. */
  reason: z.enum(['released', 'permission']),
  state: z.string().nullable(),
});

export const editorDocumentSchema = z.object({
  facet: z.string(),
  view: z.string(),
  id: z.string(),
  culture: editorCultureSchema,
  /** The process name in the culture (fallbacks as everywhere: 127, then any). */
  name: z.string(),
  state: z.string().nullable(),
  /** The server version the XML (or the draft's base) belongs to. */
  versionId: z.string().nullable(),
  versionLabel: z.string().nullable(),
  changedOn: z.string().nullable(),
  /** draft: the local draft (clearly marked); live: exported now; cache: the cached export (offline). */
  source: z.enum(['draft', 'live', 'cache']),
  xml: bpmnXml,
  /** When the server copy (live or cached) was fetched. */
  fetchedAt: z.string().nullable(),
  draftSavedAt: z.string().nullable(),
  /** Unsaved editor state from a crash or kill, newer than the draft: offer to restore it. */
  recovery: z.object({ savedAt: z.string() }).nullable(),
  readOnly: readOnlyReasonSchema.nullable(),
  /** "Create new version to edit" is possible (released, in effect, expiring, expired; permission). */
  canCreateVersion: z.boolean(),
  publish: publishStateSchema,
});
export type EditorDocument = z.infer<typeof editorDocumentSchema>;

/** The cached server rendering, shown at once while bpmn-js imports the XML. */
export const editorPreviewSchema = z.object({
  /** Sanitized SVG (allowlist); null when nothing is cached, or when its picture (`raster`) is sent instead. */
  svg: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  /** Which cached layout it is (for storing its picture), null when nothing is cached. */
  layout: z.enum(layoutKeys).nullable(),
  /** A picture of it the renderer drew before: painted instead of the SVG. */
  raster: renderRasterSchema.nullable(),
});
export type EditorPreview = z.infer<typeof editorPreviewSchema>;

export const saveDraftRequestSchema = editorTargetSchema.extend({ xml: bpmnXml }).strict();
export const draftSavedSchema = z.object({ savedAt: z.string() });

export const recoveryWriteSchema = editorKeySchema.extend({ xml: bpmnXml }).strict();
export const recoverySchema = z.object({ xml: z.string(), savedAt: z.string() }).nullable();

export const publishRequestSchema = editorTargetSchema
  .extend({
    /** Released process: create a new version first, then import into it. */
    newVersion: z.boolean().optional(),
  })
  .strict();

/**
 * Something the service did not keep of a published diagram, found by
 * exporting it again and comparing (verified publish): the element itself
 * (`property` null), its `layout` or `labelPosition`, one of its BPMN
 * properties (`documentation`, `conditionExpression`, …) or a vendor
 * `attribute:NAME`.
 */
/** The element an unnamed item belongs to, by which a person finds it. */
const notKeptOwnerSchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string().optional(),
  /** of: what it is attached to or stands in; from: where a flow starts. */
  relation: z.enum(['of', 'from']),
});
export type NotKeptOwner = z.infer<typeof notKeptOwnerSchema>;

export const notKeptItemSchema = z.object({
  id: z.string(),
  /** The BPMN type, e.g. `bpmn:Lane`. */
  kind: z.string(),
  /** What a modeller wrote on it: its name, a text annotation's text (one line, cut at 80 characters). */
  name: z.string().optional(),
  /** Without a name: the element it belongs to (lists stored before this was known have neither). */
  owner: notKeptOwnerSchema.optional(),
  property: z.string().nullable(),
});
export type NotKeptItem = z.infer<typeof notKeptItemSchema>;

export const publishResultSchema = z.object({
  /**
   * published: the service took the import; queued: offline or retrying, it waits in the outbox;
   * review: the server changed meanwhile and the changes merged cleanly, shown before sending;
   * conflict: both sides changed the same thing; failed: the service refused (message says why).
   */
  outcome: z.enum(['published', 'queued', 'review', 'conflict', 'failed']),
  /** Why it failed, waits or is held, shown in the interface language. */
  error: lanesErrorDataSchema.nullable(),
  /** The service's import summary ("BPMN imported: 1 created, …"), when published. */
  importSummary: z.string().nullable(),
  conflictId: z.string().nullable(),
  /**
   * When published: what the service did not keep of what was sent (empty: all of it);
   * null when it could not be checked (the export after the import failed).
   */
  notKept: z.array(notKeptItemSchema).max(10_000).nullable(),
  /** The diagram as it stands now (state, changedOn and XML refreshed after a publish). */
  document: editorDocumentSchema.nullable(),
  /**
   * When published: the outbox entry that was sent, the same one `editor.published` names (the request's
   * answer is then an acknowledgement without the document: the event carries the outcome).
   */
  publishId: z.string().nullable().optional(),
  /**
   * When published as a conflict resolution that overwrote a colleague's
   * changes: how many elements of theirs it replaced (their version is in Compare versions).
   */
  replaced: z.number().int().nonnegative().optional(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** Where one diagram's draft and publish stand. */
const diagramStandingSchema = z.object({
  id: z.string(),
  culture: z.number().int(),
  publish: publishStateSchema,
  /** null: no draft (the diagram shows the server's copy). */
  draftSavedAt: z.string().nullable(),
});
export type DiagramStanding = z.infer<typeof diagramStandingSchema>;

/**
 * Main's word after the outbox of these elements changed (`outbox.changed`:
 * any operation queued, sent, held or failed, a draft saved or discarded), for
 * every screen that shows one of them; every diagram of them that has a draft
 * or a publish is listed with its standing (one not listed has neither), so
 * an open tab asks nothing.
 */
export const outboxChangedSchema = z.object({
  elementIds: z.array(z.string()).max(10_000),
  diagrams: z.array(diagramStandingSchema).max(10_000),
});
export type OutboxChanged = z.infer<typeof outboxChangedSchema>;

/** A publish arrived at the service, however it was sent: the same outcome for every open tab. */
export const publishedEventSchema = z.object({
  id: z.string(),
  culture: z.number().int(),
  /** The process name in that culture, for a notification when no tab shows it. */
  name: z.string(),
  /** editor: a tab's Publish; sync: "Sync now" or a send after the service was back; cli: the command line. */
  via: z.enum(['editor', 'sync', 'cli']),
  /** The outbox entry, so a tab that applied this publish already does not apply it twice. */
  publishId: z.string(),
  result: publishResultSchema,
});
export type PublishedEvent = z.infer<typeof publishedEventSchema>;

/**
 * The element behind open diagrams changed on the service (released, a new
 * version, deleted), learnt from a sync or from an action done in Lanes.
 */
export const documentStateSchema = editorDocumentSchema
  .pick({
    state: true,
    versionId: true,
    versionLabel: true,
    changedOn: true,
    readOnly: true,
    canCreateVersion: true,
  })
  .extend({
    id: z.string(),
    /** The service no longer has the element: the tab keeps the diagram, read-only, to save elsewhere. */
    deleted: z.boolean(),
  });
export type DocumentState = z.infer<typeof documentStateSchema>;

export const draftSummarySchema = z.object({
  id: z.string(),
  culture: z.number().int(),
  facet: z.string().nullable(),
  view: z.string().nullable(),
  name: z.string(),
  savedAt: z.string(),
  publish: publishStateSchema,
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

const changeSchema = z.object({
  id: z.string(),
  kind: z.enum(['added', 'removed', 'changed', 'moved']),
  side: z.enum(['mine', 'theirs']),
  name: z.string().optional(),
});
const overlapSchema = z.object({
  id: z.string(),
  mine: z.enum(['added', 'removed', 'changed', 'moved']),
  theirs: z.enum(['added', 'removed', 'changed', 'moved']),
  name: z.string().optional(),
});

export const conflictSummarySchema = z.object({
  id: z.string(),
  elementId: z.string(),
  culture: z.number().int(),
  name: z.string(),
  /** conflict: overlapping changes; review: merged cleanly, waiting for the user to look before sending. */
  kind: z.enum(['conflict', 'review']),
  createdAt: z.string(),
  overlaps: z.number().int(),
});
export type ConflictSummary = z.infer<typeof conflictSummarySchema>;

/**
 * What a modeler reads about one element of one version (conflict view):
 * the BPMN type, name, documentation (cut at 300 characters), where it is
 * drawn ("x, y · width × height", or a flow's route) and what it connects
 * (a flow: its ends; a node: where its flows come from and go to).
 */
const elementFactsSchema = z.object({
  type: z.string(),
  name: z.string().nullable(),
  documentation: z.string().nullable(),
  position: z.string().nullable(),
  from: z.array(z.string()).max(1000),
  to: z.array(z.string()).max(1000),
});
export type ElementFacts = z.infer<typeof elementFactsSchema>;

/** The facts of an element a side can change, in the order a modeler reads them. */
const conflictFieldSchema = z.enum(['type', 'name', 'documentation', 'position', 'connections']);
export type ConflictField = z.infer<typeof conflictFieldSchema>;

/** One element of a conflict or review: its facts before, in my draft and on the server (null: absent there). */
const conflictElementSchema = z.object({
  id: z.string(),
  /** Changed on both sides: this is what the user decides on. */
  overlap: z.boolean(),
  base: elementFactsSchema.nullable(),
  mine: elementFactsSchema.nullable(),
  theirs: elementFactsSchema.nullable(),
  /**
   * The facts each side really changed since the base (docs/editor.md, "What the review counts as a
   * change"): a neighbour's rename, rounding or a label bpmn-js re-centred are not changes, even where
   * the facts' text differs; an element one side added or removed has all of them changed.
   */
  changed: z.object({ mine: z.array(conflictFieldSchema), theirs: z.array(conflictFieldSchema) }),
  /** Other properties each side changed (colour, condition, vendor attributes, …), by name. */
  otherChanges: z.object({ mine: z.array(z.string()), theirs: z.array(z.string()) }),
});
export type ConflictElement = z.infer<typeof conflictElementSchema>;

export const conflictDetailSchema = conflictSummarySchema.extend({
  facet: z.string(),
  view: z.string(),
  baseXml: z.string(),
  mineXml: z.string(),
  theirsXml: z.string(),
  /** The automatic merge (kind review), to look at before it is published. */
  mergedXml: z.string().nullable(),
  overlapList: z.array(overlapSchema),
  mine: z.array(changeSchema),
  theirs: z.array(changeSchema),
  /** The changed elements with their values before, mine and theirs; those changed on both sides first. */
  elements: z.array(conflictElementSchema).max(2000),
  /**
   * What "Keep mine" (mine wins where both changed, theirs stays elsewhere) would do:
   * null when the two sides cannot be combined; else the ids of the elements whose
   * change of theirs mine replaces (each is in `elements`).
   */
  keepMine: z.object({ replaced: z.array(z.string()).max(10_000) }).nullable(),
});
export type ConflictDetail = z.infer<typeof conflictDetailSchema>;

export const resolveRequestSchema = z
  .object({
    id: z.string().min(1).max(100),
    /**
     * mine: merge, my side winning where both changed; replace: publish my version as it is over
     * theirs (seen); theirs: keep the server's, drop my draft; merged: publish `xml`.
     */
    resolution: z.enum(['mine', 'replace', 'theirs', 'merged']),
    xml: bpmnXml.optional(),
  })
  .strict();

/**
 * A diagram version "Compare versions" offers. `server`: a version of the
 * element as the service lists it (its diagram as Lanes last saw it while
 * that version was current; the current one exported now); `published`: a
 * diagram Lanes sent (marked as such, with what the service did not keep);
 * `seen`: an earlier state of a version Lanes saw before it changed again;
 * `replaced`: the server's version a conflict resolution of the user overwrote (whole or in part);
 * `draft` and `base`: the local draft and the server copy it started from.
 */
export const historyEntrySchema = z.object({
  key: z.string(),
  kind: z.enum(['server', 'published', 'seen', 'draft', 'base', 'replaced']),
  versionId: z.string().nullable(),
  versionLabel: z.string().nullable(),
  changedOn: z.string().nullable(),
  seenAt: z.string(),
  /** For a published entry: what the service did not keep of it (null: not checked). */
  notKept: z.array(notKeptItemSchema).max(10_000).nullable().optional(),
  /** A service version: its release state. */
  state: z.string().nullable().optional(),
  /** A service version: the element's current (working) version. */
  current: z.boolean().optional(),
  /**
   * false: the service lists this version but Lanes never saw its diagram
   * (the service exports only the current version), so it cannot be shown.
   */
  available: z.boolean().optional(),
  /** A service version whose diagram Lanes saw before the version's last change: when it saw it. */
  seenBeforeChange: z.string().nullable().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyXmlRequestSchema = editorKeySchema.extend({ key: z.string().min(1).max(300) }).strict();
/** The versions of a process diagram; facet and view say where to ask the service (else where Lanes saw it). */
export const historyRequestSchema = editorKeySchema
  .extend({ facet: facet.optional(), view: view.optional() })
  .strict();
export type HistoryRequest = z.infer<typeof historyRequestSchema>;
/** "Restore into a draft" from Compare versions: the entry's diagram becomes the draft, based on the service's version. */
export const restoreVersionRequestSchema = historyXmlRequestSchema
  .extend({ facet: facet.optional(), view: view.optional() })
  .strict();
/** Where the restored draft can be opened. */
export const restoredVersionSchema = z.object({ facet, view }).strict();
export type RestoreVersionRequest = z.infer<typeof restoreVersionRequestSchema>;

// Local files. Paths come from main's own dialogs; the renderer only hands them back.
const filePath = z.string().min(1).max(4096);

export const openedFileSchema = z.object({
  path: z.string(),
  name: z.string(),
  /** Decoded from the file's encoding (BOM, then XML declaration, else UTF-8); it declares UTF-8 now. */
  xml: z.string(),
  mtimeMs: z.number(),
  /**
   * The file was not plain UTF-8: how it was read ("ISO-8859-1", "UTF-16LE", …), so the editor can
   * say once that it will be saved as UTF-8. null: it was UTF-8.
   */
  convertedFrom: z.string().nullable(),
});
export type OpenedFile = z.infer<typeof openedFileSchema>;

export const saveFileRequestSchema = z
  .object({
    /** null: ask where (Save as). */
    path: filePath.nullable(),
    xml: bpmnXml,
    suggestedName: z.string().max(255).optional(),
    /** The modification time the editor last saw; a different one on disk means an external change. */
    expectedMtimeMs: z.number().nullable().optional(),
    /** Write even though the file changed on disk (the user chose to overwrite). */
    overwrite: z.boolean().optional(),
  })
  .strict();
export const savedFileSchema = z.object({ path: z.string(), name: z.string(), mtimeMs: z.number() });

export const exportImageRequestSchema = z
  .object({
    format: z.enum(['svg', 'png']),
    suggestedName: z.string().min(1).max(255),
    /** SVG text, or the PNG as base64. */
    data: z.string().min(1).max(60_000_000),
  })
  .strict();

export const watchRequestSchema = z.object({ path: filePath }).strict();
export const fileChangedSchema = z.object({
  path: z.string(),
  /** null when the file was deleted or moved away. */
  mtimeMs: z.number().nullable(),
});
