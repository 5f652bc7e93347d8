import type { Migration } from '../cache/database.ts';

/**
 * The translation store's table (translation-store.ts): translations made in Lanes. Each step keeps the schema
 * version it shipped in; the cache's schema (main/app/cache-schema.ts) runs them in version order with every other
 * store's. Never edit a released step: append one with the next version.
 */
export const translationTables: readonly Migration[] = [
  {
    version: 10,
    description:
      'translations made in Lanes: drafts, queued, and what each published one was translated from',
    up(db) {
      db.exec(`
        -- One row per process, target culture and text (element id#field): the
        -- translator's text while it is a draft or queued in the outbox (op_id),
        -- and once published the ledger of what it was translated from, so a
        -- later change of the source shows the row as out of date.
        CREATE TABLE translations (
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          item TEXT NOT NULL,
          text TEXT NOT NULL,
          base TEXT,
          source_lcid INTEGER NOT NULL,
          source TEXT,
          state TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'published')),
          op_id TEXT,
          updated_at TEXT NOT NULL,
          PRIMARY KEY (element_id, lcid, item)
        );
        CREATE INDEX translations_by_op ON translations (op_id);
      `);
    },
  },
];
