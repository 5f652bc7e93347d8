/**
 * What the Reports screen asks main for and gets back (the IPC schemas of
 * `reports.*`). The reporting interface names no element fields beyond an id,
 * so elements travel as the loose records the service sent.
 */
import { z } from 'zod';
import { freshnessSchema } from './workspace.ts';

const facetName = z.string().min(1).max(200);

/** At most 100 per page, as the service allows. */
export const REPORT_PAGE_SIZE = 100;

const reportElementSchema = z.looseObject({ id: z.string() });
export type ReportElement = z.infer<typeof reportElementSchema>;

const reportFacetSchema = z.object({ name: z.string(), totalCount: z.number().int() });
export type ReportFacet = z.infer<typeof reportFacetSchema>;

const cultureMapSchema = z.record(z.string(), z.string());

/**
 * What the process-management interface calls the facets and element types
 * the reports show (its `displayNames`: facets list 4.0, `config/{type}`), by
 * key. The reporting interface sends keys only; a key missing here is named
 * from the app's catalogue.
 */
const serviceNamesSchema = z.object({
  facets: z.record(z.string(), cultureMapSchema),
  types: z.record(z.string(), cultureMapSchema),
});
export type ServiceNames = z.infer<typeof serviceNamesSchema>;

export const reportFacetsSchema = freshnessSchema.extend({
  items: z.array(reportFacetSchema),
  /** Every element of the tenant (the list without a facet filter). */
  totalCount: z.number().int(),
  names: serviceNamesSchema,
});
export type ReportFacets = z.infer<typeof reportFacetsSchema>;

export const reportElementsRequestSchema = z
  .object({
    facet: facetName.optional(),
    skip: z.number().int().min(0).max(100_000_000),
    take: z.number().int().min(1).max(REPORT_PAGE_SIZE),
  })
  .strict();

export const reportElementsPageSchema = freshnessSchema.extend({
  totalCount: z.number().int(),
  items: z.array(reportElementSchema),
});
export type ReportElementsPage = z.infer<typeof reportElementsPageSchema>;

export type ReportNode = { id: string; children?: ReportNode[] } & Record<string, unknown>;
const reportNodeSchema: z.ZodType<ReportNode> = z.lazy(() =>
  z.looseObject({ id: z.string(), children: z.array(reportNodeSchema).optional() }),
);

export const reportHierarchySchema = freshnessSchema.extend({ items: z.array(reportNodeSchema) });
export type ReportHierarchy = z.infer<typeof reportHierarchySchema>;

export const facetRequestSchema = z.object({ facet: facetName }).strict();

/** A count per value of one field (state, type, day of change). */
const countsSchema = z.record(z.string(), z.number().int());

const recentChangeSchema = z.object({
  id: z.string(),
  names: z.record(z.string(), z.string()),
  type: z.string(),
  state: z.string(),
  changedOn: z.string(),
});
export type RecentChange = z.infer<typeof recentChangeSchema>;

/** One facet's part of the landscape overview, counted in main from all its elements. */
export const facetOverviewSchema = freshnessSchema.extend({
  facet: z.string(),
  total: z.number().int(),
  byState: countsSchema,
  byType: countsSchema,
  /** Changes per day (YYYY-MM-DD) in the last RECENT_DAYS days before the newest change. */
  changesByDay: countsSchema,
  /** The latest changes, newest first. */
  recent: z.array(recentChangeSchema),
});
export type FacetOverview = z.infer<typeof facetOverviewSchema>;

export const csvExportRequestSchema = z
  .object({
    suggestedName: z.string().min(1).max(300),
    header: z.array(z.string().max(1000)).min(1).max(500),
    rows: z.array(z.array(z.string().max(100_000)).max(500)).max(1_000_000),
  })
  .strict();
