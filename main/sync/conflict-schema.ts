import type { Migration } from '../cache/database.ts';

/**
 * The conflict store's table (conflict-store.ts): conflicts and merges held for review, each with the three
 * versions and the outbox operation it stopped. Each step keeps the schema version it shipped in; the cache's
 * schema (main/app/cache-schema.ts) runs them in version order with every other store's. Never edit a released
 * step: append one with the next version.
 */
export const conflictTables: readonly Migration[] = [
  {
    version: 2,
    description: 'conflicts',
    up(db) {
      db.exec(`
        CREATE TABLE conflicts (
          id TEXT PRIMARY KEY,
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          op_id TEXT NOT NULL REFERENCES outbox (op_id),
          base_xml TEXT NOT NULL,
          mine_xml TEXT NOT NULL,
          theirs_xml TEXT NOT NULL,
          theirs_version_id TEXT,
          theirs_changed_on TEXT,
          changes TEXT NOT NULL,
          created_at TEXT NOT NULL,
          resolved_at TEXT,
          resolution TEXT CHECK (resolution IN ('mine', 'theirs', 'merged'))
        );
      `);
    },
  },
  {
    version: 5,
    description: 'merges waiting for review',
    up(db) {
      db.exec(`
        -- review: a clean automatic merge held back until the user has looked at it.
        ALTER TABLE conflicts ADD COLUMN kind TEXT NOT NULL DEFAULT 'conflict'
          CHECK (kind IN ('conflict', 'review'));
        ALTER TABLE conflicts ADD COLUMN merged_xml TEXT;
      `);
    },
  },
  {
    version: 13,
    description: 'conflicts resolved by replacing theirs wholesale',
    up(db) {
      db.exec(`
        -- "Replace with mine" is its own resolution beside "Keep mine" (a merge where mine wins).
        CREATE TABLE conflicts_next (
          id TEXT PRIMARY KEY,
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          op_id TEXT NOT NULL REFERENCES outbox (op_id),
          base_xml TEXT NOT NULL,
          mine_xml TEXT NOT NULL,
          theirs_xml TEXT NOT NULL,
          theirs_version_id TEXT,
          theirs_changed_on TEXT,
          changes TEXT NOT NULL,
          created_at TEXT NOT NULL,
          resolved_at TEXT,
          resolution TEXT CHECK (resolution IN ('mine', 'replace', 'theirs', 'merged')),
          kind TEXT NOT NULL DEFAULT 'conflict' CHECK (kind IN ('conflict', 'review')),
          merged_xml TEXT
        );
        INSERT INTO conflicts_next SELECT id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml,
            theirs_version_id, theirs_changed_on, changes, created_at, resolved_at, resolution, kind, merged_xml
          FROM conflicts;
        DROP TABLE conflicts;
        ALTER TABLE conflicts_next RENAME TO conflicts;
      `);
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0)
        throw new Error(`The conflicts copy left ${broken.length} dangling reference(s).`);
    },
  },
];
