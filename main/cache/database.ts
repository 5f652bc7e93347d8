import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../log/logger.ts';

export type Db = Database.Database;

export interface Migration {
  /** The schema version this step produces; steps run in order from user_version + 1. */
  version: number;
  description: string;
  up(db: Db): void;
}

interface OpenedDatabase {
  db: Db;
  /** Set when the file failed its integrity check and was set aside; the user must be told. */
  recovery?: { damagedFile: string; salvagedDrafts: number };
}

/**
 * Opens a profile's cache database: WAL (readers never block the writer),
 * foreign keys on, an integrity check at start, and migrations by
 * `PRAGMA user_version`, one transaction per step, with a backup of the file
 * taken before the first step runs.
 */
export async function openDatabase(
  file: string,
  migrations: readonly Migration[],
  logger: Logger,
): Promise<OpenedDatabase> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let recovery: OpenedDatabase['recovery'];
  let db = connect(file);
  if (!isIntact(db)) {
    db.close();
    const damagedFile = `${file}.damaged-${Date.now()}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, damagedFile + suffix);
    }
    logger.error(`The cache database failed its integrity check and was set aside as ${damagedFile}`);
    db = connect(file);
    recovery = { damagedFile, salvagedDrafts: 0 };
  }
  await migrate(db, file, migrations, logger);
  if (recovery) recovery.salvagedDrafts = salvageDrafts(db, recovery.damagedFile, logger);
  return recovery ? { db, recovery } : { db };
}

/**
 * Another connection to a database that openDatabase has already opened in
 * another thread (the sync worker's, for each pull): the file was checked and
 * migrated there, so none of it is done again. Checking the whole file cost
 * each pull tens of milliseconds per 10,000 cached elements, and a recovery
 * from here would set aside the file the serving thread has open. `expected` is
 * the schema version that thread has the file at.
 */
export function openConnection(file: string, expected: number): Db {
  const db = connect(file);
  const found = schemaVersion(db);
  if (found !== expected) {
    db.close();
    throw new Error(
      `The cache ${file} is at schema ${found}, not ${expected}: open it with openDatabase first.`,
    );
  }
  return db;
}

/**
 * The cache holds a tenant's data: private to the user, like the secrets.
 * SQLite gives its -wal and -shm files the database file's permissions, so
 * creating that one 0600 (and tightening one an older Lanes made) covers all three.
 */
function makePrivate(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  if (process.platform === 'win32') return;
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
}

function connect(file: string): Db {
  makePrivate(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; commits that hold
  // user edits switch to FULL (see `durably`) so they also survive power loss.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

function isIntact(db: Db): boolean {
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.length === 1 && rows[0]!.integrity_check === 'ok';
  } catch {
    return false;
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

async function migrate(
  db: Db,
  file: string,
  migrations: readonly Migration[],
  logger: Logger,
): Promise<void> {
  const current = schemaVersion(db);
  const pending = migrations.filter((step) => step.version > current).sort((a, b) => a.version - b.version);
  if (pending.length === 0) return;
  if (current > 0) {
    const backup = `${file}.before-v${pending[0]!.version}.bak`;
    await db.backup(backup);
    if (process.platform !== 'win32') chmodSync(backup, 0o600);
    logger.info(`Backed up the cache to ${backup} before migrating from schema ${current}`);
  }
  for (const step of pending) {
    db.transaction(() => {
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
    })();
    logger.info(`Cache schema ${step.version}: ${step.description}`);
  }
}

/**
 * Runs `work` in one transaction committed with synchronous = FULL: for user
 * edits, which must survive a power cut as well as a crash. Returns only after
 * the commit is on disk.
 */
export function durably<T>(db: Db, work: () => T): T {
  // Nested inside another durable transaction: that one's commit carries this work.
  if (db.inTransaction) return db.transaction(work)();
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}

/** Drafts are the one thing that must never be lost: copy what can still be read. */
function salvageDrafts(db: Db, damagedFile: string, logger: Logger): number {
  if (!hasTable(db, 'drafts')) return 0;
  let damaged: Db | undefined;
  try {
    damaged = new Database(damagedFile, { readonly: true, fileMustExist: true });
    const rows = damaged.prepare('SELECT * FROM drafts').all() as Record<string, unknown>[];
    const columns = (db.prepare('PRAGMA table_info(drafts)').all() as { name: string }[]).map((c) => c.name);
    const insert = db.prepare(
      `INSERT OR IGNORE INTO drafts (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`,
    );
    let saved = 0;
    for (const row of rows) {
      try {
        insert.run(Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
        saved++;
      } catch {
        // A row that no longer fits the schema stays in the damaged file for manual recovery.
      }
    }
    return saved;
  } catch (error) {
    logger.warn('No drafts could be read from the damaged cache', error);
    return 0;
  } finally {
    damaged?.close();
  }
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}
