import type { Migration } from '../cache/database.ts';

/**
 * The tables of the draft store (draft-store.ts): saved edits and the editor's recovery slots. Each step keeps the
 * schema version it shipped in; the cache's schema (main/app/cache-schema.ts) runs them in version order with every
 * other store's. Never edit a released step: append one with the next version.
 */
export const draftTables: readonly Migration[] = [
  {
    version: 2,
    description: 'drafts and recovery slots',
    up(db) {
      db.exec(`
        -- A saved edit: the local BPMN and the base it was made from.
        CREATE TABLE drafts (
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          base_version_id TEXT,
          base_changed_on TEXT,
          base_xml TEXT NOT NULL,
          local_xml TEXT NOT NULL,
          saved_at TEXT NOT NULL,
          PRIMARY KEY (element_id, culture)
        );
        -- An editor's unsaved state, written every few seconds.
        CREATE TABLE recovery_slots (
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          xml TEXT NOT NULL,
          saved_at TEXT NOT NULL,
          PRIMARY KEY (element_id, culture)
        );
      `);
    },
  },
];
