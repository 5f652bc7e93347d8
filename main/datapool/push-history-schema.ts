import type { Migration } from '../cache/database.ts';

/**
 * The push history's table (push-history.ts): the data pool pushes made from this profile, and those waiting for
 * the service. Each step keeps the schema version it shipped in; the cache's schema (main/app/cache-schema.ts) runs
 * them in version order with every other store's. Never edit a released step: append one with the next version.
 */
export const pushHistoryTables: readonly Migration[] = [
  {
    version: 7,
    description: 'the data pool: pushes made from Lanes, and pushes waiting for the service',
    up(db) {
      db.exec(`
        -- Every push to the data pool made from this profile (its history), and
        -- pushes of Lanes' own tables made offline: state 'waiting', their rows
        -- snapshotted in a CSV file in the data folder, sent by the next sync.
        CREATE TABLE datapool_pushes (
          id TEXT PRIMARY KEY,
          source TEXT NOT NULL CHECK (source IN ('file', 'inventory', 'metrics')),
          table_name TEXT NOT NULL,
          mode TEXT NOT NULL CHECK (mode IN ('DELTA', 'REPLACE')),
          state TEXT NOT NULL CHECK (state IN ('waiting', 'running', 'done', 'failed', 'canceled')),
          job_id TEXT,
          job_status TEXT,
          rows INTEGER NOT NULL DEFAULT 0,
          bytes INTEGER NOT NULL DEFAULT 0,
          snapshot TEXT,
          logs TEXT,
          error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        CREATE INDEX datapool_pushes_by_state ON datapool_pushes (state, created_at);
      `);
    },
  },
];
