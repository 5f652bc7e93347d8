/**
 * One SQLite database holds every piece of emulator state, so `--data FILE`
 * survives restarts and tests can run against a throwaway in-memory copy.
 */
import Database from 'better-sqlite3';

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS elements (
  version_id TEXT PRIMARY KEY, id TEXT NOT NULL, creation_id TEXT NOT NULL, facet TEXT NOT NULL,
  type TEXT NOT NULL, state TEXT NOT NULL, parent_id TEXT, ord INTEGER NOT NULL,
  is_current INTEGER NOT NULL, version_seq INTEGER NOT NULL,
  attributes TEXT NOT NULL, related TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS elements_by_id ON elements (id, is_current);
CREATE INDEX IF NOT EXISTS elements_by_facet ON elements (facet, is_current, ord);
CREATE INDEX IF NOT EXISTS elements_by_parent ON elements (parent_id, is_current);
CREATE TABLE IF NOT EXISTS shapes (
  version_id TEXT NOT NULL, shape_id TEXT NOT NULL, element_id TEXT NOT NULL, bpmn_id TEXT NOT NULL,
  bpmn_type TEXT NOT NULL, ord INTEGER NOT NULL, x REAL, y REAL, w REAL, h REAL, ext TEXT,
  PRIMARY KEY (version_id, shape_id));
CREATE INDEX IF NOT EXISTS shapes_by_element ON shapes (element_id);
CREATE TABLE IF NOT EXISTS flows (
  version_id TEXT NOT NULL, flow_id TEXT NOT NULL, source_shape TEXT NOT NULL, target_shape TEXT NOT NULL,
  name TEXT, waypoints TEXT, ord INTEGER NOT NULL, ext TEXT, names TEXT, PRIMARY KEY (version_id, flow_id));
CREATE TABLE IF NOT EXISTS dp_jobs (
  id TEXT PRIMARY KEY, pool TEXT NOT NULL, target TEXT NOT NULL, status TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS dp_chunks (
  id TEXT PRIMARY KEY, job_id TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, info TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS dp_tables (pool TEXT NOT NULL, name TEXT NOT NULL, columns TEXT NOT NULL,
  PRIMARY KEY (pool, name));
CREATE TABLE IF NOT EXISTS dp_rows (seq INTEGER PRIMARY KEY AUTOINCREMENT, pool TEXT NOT NULL,
  tbl TEXT NOT NULL, rowkey TEXT NOT NULL, data TEXT NOT NULL, UNIQUE (pool, tbl, rowkey));
`;

export function openDb(file: string | undefined): Db {
  const db = new Database(file ?? ':memory:');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);
  migrate(db);
  return db;
}

/**
 * Brings a data file written by an older emulator up to the current schema.
 * `CREATE TABLE IF NOT EXISTS` leaves an existing table as it was, so added
 * columns are added here; old rows read them as NULL.
 */
function migrate(db: Db): void {
  const flowColumns = db.prepare('PRAGMA table_info(flows)').all() as Array<{ name: string }>;
  if (!flowColumns.some((c) => c.name === 'ext')) db.exec('ALTER TABLE flows ADD COLUMN ext TEXT');
  // Flow labels per culture (JSON culture map); older rows keep their one label in `name`.
  if (!flowColumns.some((c) => c.name === 'names')) db.exec('ALTER TABLE flows ADD COLUMN names TEXT');
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/** Prepared statements are cached per database: preparing dominates the cost of small queries. */
export function stmt(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache.set(sql, s);
  }
  return s;
}
