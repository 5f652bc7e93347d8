import { z } from 'zod';

/**
 * What the service actually sends, as loosely as it varies. Normalization
 * (normalize.ts) turns these into the shared domain model.
 */
const text = z.string();
export const cultureMapSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

export const rawRelatedSchema = z.looseObject({
  facetName: text.optional().default(''),
  id: text,
  creationId: text.optional(),
  versionId: text.optional(),
  type: text.optional().default(''),
  state: text.optional(),
  expandUri: text.optional(),
  properties: z.looseObject({ shapeId: text.optional() }).optional(),
  /** With `$expandRelated`: the related element's attributes. */
  attributes: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});
export type RawRelated = z.infer<typeof rawRelatedSchema>;

export type RawElement = {
  facetName?: string;
  id: string;
  creationId?: string;
  versionId?: string;
  type?: string;
  state?: string;
  displayNames?: Record<string, unknown>;
  attributes?: Record<string, Record<string, unknown>>;
  related?: Record<string, RawRelated[]>;
  rootPath?: string[];
  children?: RawElement[] | { values?: RawElement[]; elements?: RawElement[] };
  properties?: { shapeId?: string; predecessors?: RawRelated[] };
};

export const rawElementSchema: z.ZodType<RawElement> = z.lazy(() =>
  z.looseObject({
    facetName: text.optional(),
    id: text,
    creationId: text.optional(),
    versionId: text.optional(),
    type: text.optional(),
    state: text.optional(),
    displayNames: cultureMapSchema.optional(),
    attributes: z.record(z.string(), cultureMapSchema).optional(),
    related: z.record(z.string(), z.array(rawRelatedSchema)).optional(),
    rootPath: z.array(text).optional(),
    children: z
      .union([
        z.array(rawElementSchema),
        z.looseObject({
          values: z.array(rawElementSchema).optional(),
          elements: z.array(rawElementSchema).optional(),
        }),
      ])
      .optional(),
    properties: z
      .looseObject({ shapeId: text.optional(), predecessors: z.array(rawRelatedSchema).optional() })
      .optional(),
  }),
);

/** List envelope: the spec's tables say `values`, its examples `elements`, once `transitions`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z
    .looseObject({
      count: z.number().optional(),
      values: z.array(item).optional(),
      elements: z.array(item).optional(),
      transitions: z.array(item).optional(),
    })
    .transform((body, ctx) => {
      const list = body.values ?? body.elements ?? body.transitions;
      if (!list) {
        ctx.addIssue({ code: 'custom', message: 'expected a list under values, elements or transitions' });
        return z.NEVER;
      }
      return list as z.output<T>[];
    });
}

/** Attribute and related-context operations return `values` as a map instead of a list. */
export function mapEnvelope<T extends z.ZodType>(item: T) {
  return z
    .looseObject({ count: z.number().optional(), values: z.record(z.string(), item) })
    .transform((b) => b.values);
}

export const rawFacetSchema = z.looseObject({
  name: text,
  displayName: text.optional(),
  displayNames: cultureMapSchema.optional(),
});

export const rawViewSchema = rawFacetSchema.extend({ isHierarchical: z.boolean().optional().default(false) });

export const rawTransitionSchema = z.looseObject({
  transitionId: text,
  sourceState: text,
  targetState: text,
});

export const rawInfoSchema = z.looseObject({
  id: text,
  name: text.optional().default(''),
  elementTypeName: text.optional().default(''),
  hasDiagram: z.boolean().optional().default(false),
  hasEditPermission: z.boolean().optional().default(false),
  isReadOnly: z.boolean().optional().default(false),
  permissions: z.array(text).optional().default([]),
  typeColor: text.optional(),
});

export const rawElementTypeSchema = z.looseObject({
  key: text,
  displayNames: cultureMapSchema.optional(),
  descriptions: cultureMapSchema.optional(),
  properties: z
    .array(
      z.looseObject({
        key: text,
        displayNames: cultureMapSchema.optional(),
        attribute: z
          .looseObject({
            dataType: text.optional(),
            isInvariantCulture: z.boolean().optional(),
            selectableValues: z.array(z.unknown()).optional(),
          })
          .optional(),
      }),
    )
    .optional()
    .default([]),
});

/** OperationResult: `type` and `output` arrive capitalised or not; `data` is a list of `{ error }`. */
export const rawOperationResultSchema = z.looseObject({
  type: text,
  message: text.optional().default(''),
  output: z.unknown().optional(),
  data: z.unknown().optional(),
});
