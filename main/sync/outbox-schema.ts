import type { Migration } from '../cache/database.ts';

/**
 * The outbox's table (outbox-store.ts): every operation Lanes sends to the service, in order. Each step keeps the
 * schema version it shipped in; the cache's schema (main/app/cache-schema.ts) runs them in version order with every
 * other store's. Never edit a released step: append one with the next version. Version 8 copies the conflicts too:
 * they reference the outbox, and a copied table takes references along only when both move together.
 */
export const outboxTables: readonly Migration[] = [
  {
    version: 2,
    description: 'the outbox',
    up(db) {
      db.exec(`
        CREATE TABLE outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          op_id TEXT NOT NULL UNIQUE,
          element_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('bpmnImport', 'transition', 'createVersion', 'createContent')),
          payload TEXT NOT NULL,
          base TEXT NOT NULL,
          depends_on TEXT REFERENCES outbox (op_id),
          state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'unknown', 'done', 'failed', 'conflict')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at TEXT NOT NULL,
          last_error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        CREATE INDEX outbox_open ON outbox (state, element_id, seq);
      `);
    },
  },
  {
    version: 8,
    description: 'outbox kinds checked by their handlers, not by the table',
    up(db) {
      // The kinds of outbox operations are declared once, by their handlers (sync/operations/);
      // the table no longer repeats the list, so a new kind needs no migration. SQLite cannot drop
      // a CHECK in place: the outbox is copied into a table without it, and so are the conflicts
      // that reference it (a renamed table takes the references along).
      db.pragma('defer_foreign_keys = ON');
      db.exec(`
        CREATE TABLE outbox_next (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          op_id TEXT NOT NULL UNIQUE,
          element_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          payload TEXT NOT NULL,
          base TEXT NOT NULL,
          depends_on TEXT REFERENCES outbox_next (op_id),
          state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'unknown', 'done', 'failed', 'conflict')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at TEXT NOT NULL,
          last_error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        INSERT INTO outbox_next (seq, op_id, element_id, kind, payload, base, depends_on, state, attempts,
            next_attempt_at, last_error, created_at, finished_at)
          SELECT seq, op_id, element_id, kind, payload, base, depends_on, state, attempts,
            next_attempt_at, last_error, created_at, finished_at FROM outbox;
        CREATE TABLE conflicts_next (
          id TEXT PRIMARY KEY,
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          op_id TEXT NOT NULL REFERENCES outbox_next (op_id),
          base_xml TEXT NOT NULL,
          mine_xml TEXT NOT NULL,
          theirs_xml TEXT NOT NULL,
          theirs_version_id TEXT,
          theirs_changed_on TEXT,
          changes TEXT NOT NULL,
          created_at TEXT NOT NULL,
          resolved_at TEXT,
          resolution TEXT CHECK (resolution IN ('mine', 'theirs', 'merged')),
          kind TEXT NOT NULL DEFAULT 'conflict' CHECK (kind IN ('conflict', 'review')),
          merged_xml TEXT
        );
        INSERT INTO conflicts_next (id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml,
            theirs_version_id, theirs_changed_on, changes, created_at, resolved_at, resolution, kind, merged_xml)
          SELECT id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml, theirs_version_id,
            theirs_changed_on, changes, created_at, resolved_at, resolution, kind, merged_xml FROM conflicts;
        DROP TABLE conflicts;
        DROP TABLE outbox;
        ALTER TABLE outbox_next RENAME TO outbox;
        ALTER TABLE conflicts_next RENAME TO conflicts;
        CREATE INDEX outbox_open ON outbox (state, element_id, seq);
      `);
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`The outbox copy left ${broken.length} dangling reference(s).`);
    },
  },
  {
    version: 14,
    description: "an element's outbox operations found by its id",
    up(db) {
      // The outbox keeps every sent operation: "the publishes of this diagram" are looked up by element
      // (OutboxStore.ofElement) instead of by reading the whole table.
      db.exec('CREATE INDEX outbox_element ON outbox (element_id, seq)');
    },
  },
  {
    version: 15,
    description: 'outbox batches, and operations cancelled before they were sent',
    up(db) {
      // A batch (one transition for twenty elements) is found by its id for progress and cancel. The
      // state's CHECK cannot take a new value without copying the outbox and the conflicts (as 8 did):
      // a cancelled operation is stored failed with the time it was cancelled, and read as cancelled.
      db.exec(`
        ALTER TABLE outbox ADD COLUMN batch_id TEXT;
        ALTER TABLE outbox ADD COLUMN cancelled_at TEXT;
        CREATE INDEX outbox_batch ON outbox (batch_id) WHERE batch_id IS NOT NULL;
      `);
    },
  },
];
