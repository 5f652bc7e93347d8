import type { Migration } from '../cache/database.ts';

/**
 * The BPMN history's table (bpmn-history-store.ts): every distinct diagram Lanes has seen of a process. Each step
 * keeps the schema version it shipped in; the cache's schema (main/app/cache-schema.ts) runs them in version order
 * with every other store's. Never edit a released step: append one with the next version.
 */
export const bpmnHistoryTables: readonly Migration[] = [
  {
    version: 5,
    description: 'the BPMN history of each process',
    up(db) {
      db.exec(`
        -- Every distinct BPMN Lanes has seen of a process (the service exports only the
        -- current version), so that older versions can still be compared.
        CREATE TABLE bpmn_history (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          version_id TEXT,
          version_label TEXT,
          changed_on TEXT,
          kind TEXT NOT NULL CHECK (kind IN ('server', 'published')),
          xml TEXT NOT NULL,
          xml_hash TEXT NOT NULL,
          seen_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX bpmn_history_distinct
          ON bpmn_history (element_id, lcid, IFNULL(version_id, ''), IFNULL(changed_on, ''), xml_hash);
      `);
    },
  },
  {
    version: 6,
    description: 'what the service did not keep of each published diagram (verified publish)',
    up(db) {
      db.exec(`
        -- JSON list of NotKeptItem for kind 'published'; NULL: not checked.
        ALTER TABLE bpmn_history ADD COLUMN not_kept TEXT;
      `);
    },
  },
  {
    version: 13,
    description: 'the server versions a resolution replaced',
    up(db) {
      db.exec(`
        -- The server's version a resolution overwrote ('replaced') is kept beside the same diagram
        -- seen as the version ('server'); a server and a sent copy of one diagram stay one row, as before.
        CREATE TABLE bpmn_history_next (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          version_id TEXT,
          version_label TEXT,
          changed_on TEXT,
          kind TEXT NOT NULL CHECK (kind IN ('server', 'published', 'replaced')),
          xml TEXT NOT NULL,
          xml_hash TEXT NOT NULL,
          seen_at TEXT NOT NULL,
          not_kept TEXT
        );
        INSERT INTO bpmn_history_next (seq, element_id, lcid, version_id, version_label, changed_on, kind, xml,
            xml_hash, seen_at, not_kept)
          SELECT seq, element_id, lcid, version_id, version_label, changed_on, kind, xml, xml_hash, seen_at, not_kept
          FROM bpmn_history;
        DROP TABLE bpmn_history;
        ALTER TABLE bpmn_history_next RENAME TO bpmn_history;
        CREATE UNIQUE INDEX bpmn_history_distinct
          ON bpmn_history (element_id, lcid, kind = 'replaced', IFNULL(version_id, ''), IFNULL(changed_on, ''), xml_hash);
      `);
    },
  },
];
