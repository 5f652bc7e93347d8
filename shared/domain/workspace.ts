/**
 * What the workspace (navigator, element page, server diagrams, release and
 * versions) asks of main, and what it gets back. Main validates its answers
 * against these schemas too, so a broken cache row cannot reach the UI.
 */
import { z } from 'zod';
import { lanesErrorDataSchema } from '../ipc/errors.ts';
import { layoutKeys, operationResultTypes, type Element } from './process.ts';

export const cultureMapSchema = z.record(z.string(), z.string());

const facetName = z.string().min(1).max(200);
const viewName = z.string().min(1).max(200);
const elementId = z.string().min(1).max(200);

/** Where a read came from: `live` from the service now, `cache` when offline (fetchedAt tells how old). */
export const freshnessSchema = z.object({
  source: z.enum(['live', 'cache']),
  fetchedAt: z.string(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

export const facetSchema = z.object({ name: z.string(), displayNames: cultureMapSchema });
export const facetViewSchema = z.object({
  name: z.string(),
  displayNames: cultureMapSchema,
  isHierarchical: z.boolean(),
});

const relatedReferenceSchema = z.object({
  facetName: z.string(),
  id: z.string(),
  creationId: z.string(),
  versionId: z.string().optional(),
  type: z.string(),
  state: z.string().optional(),
  expandUri: z.string().optional(),
  shapeId: z.string().optional(),
  /** With `$expandRelated`: the related element's attributes. */
  attributes: z.record(z.string(), cultureMapSchema).optional(),
});

export const elementSchema: z.ZodType<Element> = z.lazy(() =>
  z.object({
    facetName: z.string(),
    id: z.string(),
    creationId: z.string(),
    versionId: z.string().optional(),
    type: z.string(),
    state: z.string().optional(),
    displayNames: cultureMapSchema,
    attributes: z.record(z.string(), cultureMapSchema),
    related: z.record(z.string(), z.array(relatedReferenceSchema)),
    rootPath: z.array(z.string()),
    children: z.array(elementSchema),
  }),
);

/** One row of the navigator: enough to draw it, nothing more. */
const elementSummarySchema = z.object({
  id: z.string(),
  facetName: z.string(),
  type: z.string(),
  state: z.string().nullable(),
  versionId: z.string().nullable(),
  /** The invariant `version` attribute ("1.2"), if any. */
  version: z.string().nullable(),
  displayNames: cultureMapSchema,
  /** Children in a hierarchical view (0 in flat views): the tree loads them on expand. */
  childCount: z.number().int().nonnegative(),
});
export type ElementSummary = z.infer<typeof elementSummarySchema>;

export const elementsRequestSchema = z
  .object({
    facet: facetName,
    view: viewName,
    /** Hierarchical views: the element whose children to list; absent = the roots. */
    parentId: elementId.optional(),
    /** Text the user typed: matched against names (the service's $filter online, the cache offline). */
    filter: z.string().trim().max(200).optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(1000).default(200),
  })
  .strict();
export type ElementsRequest = z.input<typeof elementsRequestSchema>;

export const elementsPageSchema = freshnessSchema.extend({
  items: z.array(elementSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether another page follows; the service gives no totals. */
  hasMore: z.boolean(),
});
export type ElementsPage = z.infer<typeof elementsPageSchema>;

const elementInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  elementTypeName: z.string(),
  hasDiagram: z.boolean(),
  hasEditPermission: z.boolean(),
  isReadOnly: z.boolean(),
  permissions: z.array(z.string()),
  typeColor: z.string().optional(),
});

const elementTypeSchema = z.object({
  key: z.string(),
  displayNames: cultureMapSchema,
  descriptions: cultureMapSchema,
  properties: z.array(
    z.object({
      key: z.string(),
      displayNames: cultureMapSchema,
      dataType: z.string().optional(),
      isInvariantCulture: z.boolean(),
      selectableValues: z.array(z.unknown()),
    }),
  ),
});

const transitionSchema = z.object({
  id: z.string(),
  sourceState: z.string(),
  targetState: z.string(),
});

const contentShapeSchema = z.object({
  facetName: z.string(),
  id: z.string(),
  creationId: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), cultureMapSchema),
  shapeId: z.string(),
  predecessors: z.array(relatedReferenceSchema),
});

/** An outbox entry for this element that the service has not confirmed yet. */
const pendingActionSchema = z.object({
  kind: z.enum([
    'bpmnImport',
    'transition',
    'createVersion',
    'createContent',
    'deleteElement',
    'translation',
  ]),
  state: z.enum(['queued', 'sending', 'unknown', 'failed', 'conflict']),
  /** For transitions: the state it leads to. */
  targetState: z.string().nullable(),
  createdAt: z.string(),
  /** Why it failed or waits: code and parameters, rendered in the interface language. */
  lastError: lanesErrorDataSchema.nullable(),
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

export const elementRequestSchema = z
  .object({
    facet: facetName,
    /** Absent (a related link): main finds the first view of the facet that has the element. */
    view: viewName.optional(),
    id: elementId,
    /** An older version, shown read-only. */
    versionId: z.string().min(1).max(200).optional(),
  })
  .strict();
export type ElementRequest = z.input<typeof elementRequestSchema>;

/**
 * Everything the element page shows, in one round trip. A section that is
 * not available (offline and never fetched, or not applicable) is null.
 */
export const elementPageSchema = freshnessSchema.extend({
  facet: z.string(),
  view: z.string(),
  element: elementSchema,
  info: elementInfoSchema.nullable(),
  /** The element-type configuration (labels and choices of its attributes). */
  types: z.array(elementTypeSchema).nullable(),
  transitions: z.array(transitionSchema).nullable(),
  versions: z.array(elementSchema).nullable(),
  content: z.array(contentShapeSchema).nullable(),
  /** True when an older version is shown: no actions are offered. */
  readOnlyVersion: z.boolean(),
  pending: z.array(pendingActionSchema),
});
export type ElementPage = z.infer<typeof elementPageSchema>;

export const diagramRequestSchema = z
  .object({ id: elementId, layout: z.enum(layoutKeys), culture: z.number().int() })
  .strict();
export const diagramSchema = freshnessSchema.extend({
  /** Sanitized in main (no scripts, handlers, foreign content or external references). */
  svg: z.string(),
  /** What the sanitizer removed, for the record. */
  removed: z.number().int(),
});
export type ServerDiagram = z.infer<typeof diagramSchema>;

/** The most pixels a side of a rendering's picture may have, and the most base64 characters of its PNG. */
export const RASTER_LIMITS = { side: 4096, pngChars: 6 * 1024 * 1024 } as const;

/**
 * A picture (PNG, base64) of a cached rendering, drawn by the renderer from
 * the sanitised SVG the first time it showed it: a later preview of the same
 * rendering is one image to paint instead of ~20,000 SVG nodes to lay out.
 */
export const renderRasterSchema = z.object({
  png: z
    .string()
    .min(8)
    .max(RASTER_LIMITS.pngChars)
    // A PNG's signature, base64: nothing else is stored or shown as one.
    .regex(/^iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/),
  width: z.number().int().min(1).max(RASTER_LIMITS.side),
  height: z.number().int().min(1).max(RASTER_LIMITS.side),
});
export type RenderRaster = z.infer<typeof renderRasterSchema>;

/**
 * The Diagram tab's picture of a rendering: the whole diagram, drawn at the
 * size the tab fitted it to, and the diagram's own size (its viewBox), so a
 * later visit shows the picture exactly where and as large as the SVG that
 * replaces it.
 */
export const diagramPictureSchema = renderRasterSchema.extend({
  natural: z
    .object({
      width: z.number().positive().max(10_000_000),
      height: z.number().positive().max(10_000_000),
    })
    .strict(),
});
export type DiagramPicture = z.infer<typeof diagramPictureSchema>;

const rasterTarget = {
  id: elementId,
  layout: z.enum(layoutKeys),
  culture: z.number().int(),
  fetchedAt: z.string().min(1).max(40),
};

/**
 * Keep a picture of the cached rendering `fetchedAt` names (stored only if that rendering is still cached):
 * the editor's preview (`view: 'preview'`, the top of the diagram at the editor's width) or the Diagram
 * tab's (`view: 'diagram'`, the whole diagram fitted). Each rendering keeps one of each.
 */
export const storeRasterRequestSchema = z.discriminatedUnion('view', [
  z.object({ ...rasterTarget, view: z.literal('preview'), raster: renderRasterSchema }).strict(),
  z.object({ ...rasterTarget, view: z.literal('diagram'), raster: diagramPictureSchema }).strict(),
]);
export type StoreRasterRequest = z.infer<typeof storeRasterRequestSchema>;

export const transitionRequestSchema = z
  .object({
    facet: facetName,
    view: viewName,
    id: elementId,
    transitionId: z.string().min(1).max(200),
    ignoreWarnings: z.boolean().default(false),
  })
  .strict();
export type TransitionRequest = z.input<typeof transitionRequestSchema>;

export const createVersionRequestSchema = z
  .object({ facet: facetName, view: viewName, id: elementId })
  .strict();

/**
 * `applied`: the service did it (page is the element as it is now);
 * `warning`: the service refused with warnings (messages) and changed nothing;
 * `queued`: offline, kept in the outbox and sent by the next sync.
 */
export const actionResultSchema = z.object({
  outcome: z.enum(['applied', 'warning', 'queued']),
  resultType: z.enum(operationResultTypes).nullable(),
  message: z.string().nullable(),
  messages: z.array(z.string()),
  page: elementPageSchema.nullable(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;

export const pinSchema = z.object({
  id: z.number().int(),
  facet: z.string(),
  view: z.string(),
  rootId: z.string().nullable(),
  status: z.enum(['pending', 'running', 'done', 'cancelled', 'failed']),
  done: z.number().int(),
  total: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type PinView = z.infer<typeof pinSchema>;
export const pinTargetSchema = z
  .object({ facet: facetName, view: viewName, rootId: elementId.nullable().default(null) })
  .strict();

export const recentSchema = z.object({
  facet: z.string(),
  view: z.string(),
  id: z.string(),
  type: z.string(),
  displayNames: cultureMapSchema,
  openedAt: z.string(),
});
export type Recent = z.infer<typeof recentSchema>;
