/**
 * The translation workbench over IPC: a process's texts in a source and a
 * target culture side by side (the sheet), saving the translator's texts,
 * publishing them, and exchanging them with translators as XLIFF or CSV.
 * The rows and their states are translation-rows.ts (plain, for the renderer).
 */
import { z } from 'zod';
import { lanesErrorDataSchema } from '../ipc/errors.ts';
import { notKeptItemSchema } from './editor.ts';
import { textFields } from './translation-rows.ts';

const culture = z.union([z.literal(1031), z.literal(1033), z.literal(3082)]);
const id = z.string().min(1).max(200);
const key = z.string().min(3).max(1000);
const text = z.string().max(100_000);

export const translationTargetSchema = z
  .object({ facet: id, view: id, id, source: culture, target: culture })
  .strict()
  .refine((t) => t.source !== t.target, { message: 'source and target culture must differ' });
export type TranslationTarget = z.infer<typeof translationTargetSchema>;

const rowSchema = z.object({
  key,
  id: z.string(),
  field: z.enum(textFields),
  type: z.string(),
  source: text.nullable(),
  server: text.nullable(),
  edit: z
    .object({
      text,
      base: text.nullable(),
      source: text.nullable(),
      state: z.enum(['draft', 'queued']),
    })
    .nullable(),
  ledger: z.object({ source: text, text }).nullable(),
});

export const translationSheetSchema = z.object({
  facet: z.string(),
  view: z.string(),
  id: z.string(),
  source: culture,
  target: culture,
  /** The process's name in the source culture (else any). */
  name: z.string(),
  rows: z.array(rowSchema).max(200_000),
  /** The source and target cultures' exports, for the small diagram beside the table. */
  sourceXml: z.string(),
  targetXml: z.string(),
  /** live: both exports just came from the service; cache: from the offline cache (fetched then). */
  freshness: z.enum(['live', 'cache']),
  fetchedAt: z.string().nullable(),
  /** Set when the service accepts no changes to this version (released and later). */
  readOnlyState: z.string().nullable(),
  /** The latest translation of this culture in the outbox that is not delivered, with why. */
  pending: z
    .object({
      state: z.enum(['queued', 'sending', 'unknown', 'failed', 'conflict']),
      error: lanesErrorDataSchema.nullable(),
    })
    .nullable(),
});
export type TranslationSheet = z.infer<typeof translationSheetSchema>;

export const translationSaveSchema = z
  .object({
    id,
    source: culture,
    target: culture,
    edits: z
      .array(
        z.object({ key, text: text.nullable(), base: text.nullable(), source: text.nullable() }).strict(),
      )
      .max(200_000),
  })
  .strict();
export type TranslationSave = z.infer<typeof translationSaveSchema>;

export const exchangeExportSchema = z
  .object({
    facet: id,
    view: id,
    id,
    source: culture,
    target: culture,
    format: z.enum(['xliff', 'csv']),
    /** open: texts missing or out of date in the target; all: every text. */
    rows: z.enum(['open', 'all']),
  })
  .strict();
export type ExchangeExport = z.infer<typeof exchangeExportSchema>;

/** What importing a translator's file would change, before anything changes. */
export const importPreviewSchema = z.object({
  path: z.string(),
  format: z.enum(['xliff', 'csv']),
  /** Texts the file translates differently from the table now: `from` is the table's target text. */
  changes: z.array(z.object({ key, from: text.nullable(), to: text })).max(200_000),
  /**
   * Rows not taken: sourceChanged (the source text is no longer what the file
   * was translated from), unknown (no such text in the process), markup
   * (inline elements a name cannot hold).
   */
  refused: z
    .array(
      z.object({
        key: z.string().max(1000),
        reason: z.enum(['sourceChanged', 'unknown', 'markup']),
        fileSource: text.nullable(),
        source: text.nullable(),
      }),
    )
    .max(200_000),
  /** Rows the file has as the table does, and rows it leaves empty. */
  unchanged: z.number().int().min(0),
  empty: z.number().int().min(0),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const translationPublishResultSchema = z.object({
  /** published: on the service; queued: offline, it waits in the outbox; nothing: no draft to send; failed: refused. */
  outcome: z.enum(['published', 'queued', 'nothing', 'failed']),
  /** Why it failed or waits, rendered in the interface language. */
  error: lanesErrorDataSchema.nullable(),
  /** How many texts the service now has as the translator wrote them. */
  published: z.number().int().min(0),
  /** What the service's export does not have as sent (null: not checked). */
  notKept: z.array(notKeptItemSchema).max(200_000).nullable(),
  /** Keys of texts not sent: the service's text changed since the translation began, or the element is gone. */
  heldBack: z.array(key).max(200_000),
  sheet: translationSheetSchema,
});
export type TranslationPublishResult = z.infer<typeof translationPublishResultSchema>;

const stateCounts = z.object({
  translated: z.number().int().min(0),
  same: z.number().int().min(0),
  outdated: z.number().int().min(0),
  missing: z.number().int().min(0),
});
export type StateCountsView = z.infer<typeof stateCounts>;

export const coverageRequestSchema = z.object({ source: culture, fresh: z.boolean().optional() }).strict();

/**
 * How far each process's texts are translated from a source culture into the
 * other cultures, by facet: the renderer sums processes and names per facet
 * and culture (translated, same as source, out of date, missing).
 */
export const translationCoverageSchema = z.object({
  source: culture,
  targets: z.array(culture),
  facets: z.array(
    z.object({
      facet: z.string(),
      processes: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          /** Counts of the process's texts per target culture (key: the LCID). */
          cultures: z.record(z.string(), stateCounts),
        }),
      ),
    }),
  ),
  /** Processes whose exports could not be read (offline and never fetched). */
  unavailable: z.number().int().min(0),
  /** The oldest export counted came from the cache, fetched then (null: all live). */
  cachedSince: z.string().nullable(),
});
export type TranslationCoverage = z.infer<typeof translationCoverageSchema>;
