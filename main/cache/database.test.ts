import { createHash } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durably, openConnection, openDatabase, schemaVersion } from './database.ts';
import { LATEST_SCHEMA, migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { BpmnHistoryStore } from '../sync/bpmn-history-store.ts';

const tempFile = (): string => join(mkdtempSync(join(tmpdir(), 'lanes-db-')), 'cache.db');

test('a new database gets WAL, foreign keys and the latest schema', async () => {
  const { db, recovery } = await openDatabase(tempFile(), migrations, createMemoryLogger());
  assert.equal(recovery, undefined);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
  assert.equal(schemaVersion(db), LATEST_SCHEMA);
  db.close();
});

for (const earlier of migrations.map((m) => m.version).filter((v) => v < LATEST_SCHEMA)) {
  test(`a database at schema ${earlier} migrates to ${LATEST_SCHEMA}, keeps its rows and leaves a backup`, async () => {
    const file = tempFile();
    const old = new Database(file);
    for (const step of migrations.filter((m) => m.version <= earlier)) step.up(old);
    old.pragma(`user_version = ${earlier}`);
    old
      .prepare(
        "INSERT INTO facets (name, api_version, data, fetched_at) VALUES ('processes', '4.0', '{}', '2026-01-01')",
      )
      .run();
    old.close();

    const { db } = await openDatabase(file, migrations, createMemoryLogger());
    assert.equal(schemaVersion(db), LATEST_SCHEMA);
    assert.equal((db.prepare('SELECT name FROM facets').get() as { name: string }).name, 'processes');
    assert.ok(existsSync(`${file}.before-v${earlier + 1}.bak`));
    db.close();
  });
}

/** What a database's schema is: every table and index SQLite keeps the statement of, by name. */
const schemaOf = (db: Database.Database): unknown[] =>
  db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();

/**
 * Schema 14 as the one schema file built it, before the stores declared their own tables: the SHA-256 of
 * `schemaOf` (as JSON) of a database it made, recorded then. A step at or below 14 that changed in any
 * statement changes it; the versions users' files carry must mean the tables they meant.
 */
const SCHEMA_14_DIGEST = 'af7d0c0ff194c0523a97fe05cf77ca8b71facf08989ab0acabe6b16c8acf95e6';

const digestOf = (db: Database.Database): string =>
  createHash('sha256')
    .update(JSON.stringify(schemaOf(db)))
    .digest('hex');

/** A cache file at schema 14, made by the declared steps up to 14 (proved to be the old schema, below). */
function cacheOfSchema14(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  for (const step of migrations.filter((m) => m.version <= 14)) db.transaction(() => step.up(db))();
  db.pragma('user_version = 14');
  return db;
}

test('the stores’ own declarations build exactly the schema 14 the one schema file built', () => {
  const declared = cacheOfSchema14(':memory:');
  assert.ok(schemaOf(declared).length >= 30, 'the whole schema: every table and index');
  assert.equal(digestOf(declared), SCHEMA_14_DIGEST);
  // Every step of a version is one migration: the numbers users' files carry are the numbers they had.
  assert.deepEqual(
    migrations.map((m) => m.version),
    Array.from({ length: LATEST_SCHEMA }, (_, i) => i + 1),
  );
  declared.close();
});

test('a cache file at schema 14 made before the split opens unchanged and keeps its rows', async () => {
  const file = tempFile();
  const old = cacheOfSchema14(file);
  old.pragma('foreign_keys = ON');
  old.exec(`
    INSERT INTO facets (name, api_version, data, fetched_at) VALUES ('processes', '4.0', '{}', '2026-01-01');
    INSERT INTO drafts VALUES ('e1', 1033, 'v1', '2026-01-01', '<base/>', '<mine/>', '2026-01-02');
    INSERT INTO outbox (op_id, element_id, kind, payload, base, state, next_attempt_at, created_at)
      VALUES ('op1', 'e1', 'bpmnImport', '{}', '{}', 'queued', '2026-01-01', '2026-01-01');
  `);
  const schemaBefore = schemaOf(old);
  old.close();

  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  if (LATEST_SCHEMA === 14) {
    // Nothing to migrate: no backup, the same schema.
    assert.equal(schemaVersion(db), 14);
    assert.deepEqual(schemaOf(db), schemaBefore);
    assert.deepEqual(
      readdirSync(join(file, '..')).filter((name) => name.includes('.bak')),
      [],
    );
  } else {
    // A later step (appended to its store) migrates it on from 14.
    assert.equal(schemaVersion(db), LATEST_SCHEMA);
    assert.ok(existsSync(`${file}.before-v15.bak`));
  }
  assert.deepEqual(db.prepare('SELECT name FROM facets').all(), [{ name: 'processes' }]);
  assert.deepEqual(db.prepare('SELECT element_id, local_xml FROM drafts').all(), [
    { element_id: 'e1', local_xml: '<mine/>' },
  ]);
  assert.deepEqual(db.prepare('SELECT op_id, state FROM outbox').all(), [{ op_id: 'op1', state: 'queued' }]);
  db.close();
});

test('schema 5: a conflict recorded before becomes kind conflict, and the BPMN history keeps each XML once', async () => {
  const file = tempFile();
  const old = new Database(file);
  for (const step of migrations.filter((m) => m.version <= 4)) step.up(old);
  old.pragma('user_version = 4');
  old
    .prepare(
      `INSERT INTO outbox (op_id, element_id, kind, payload, base, state, next_attempt_at, created_at)
       VALUES ('op1', 'e1', 'bpmnImport', '{}', '{}', 'conflict', '2026-01-01', '2026-01-01')`,
    )
    .run();
  old
    .prepare(
      `INSERT INTO conflicts (id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml, changes, created_at)
       VALUES ('c1', 'e1', 1033, 'op1', '<b/>', '<m/>', '<t/>', '{}', '2026-01-01')`,
    )
    .run();
  old.close();

  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  assert.deepEqual(db.prepare('SELECT kind, merged_xml FROM conflicts').get(), {
    kind: 'conflict',
    merged_xml: null,
  });
  const history = new BpmnHistoryStore(db);
  const entry = {
    elementId: 'e1',
    lcid: 1033,
    versionId: 'v1',
    versionLabel: '0.1',
    changedOn: null,
    kind: 'server' as const,
    xml: '<x/>',
  };
  history.remember(entry);
  history.remember(entry);
  history.remember({ ...entry, xml: '<y/>' });
  assert.deepEqual(
    history.list('e1', 1033).map((h) => history.xml('e1', 1033, h.seq)),
    ['<y/>', '<x/>'],
  );
  db.close();
});

test('schema 8: the outbox keeps its entries, their order and their conflicts, and takes any kind a handler declares', async () => {
  const file = tempFile();
  const old = new Database(file);
  old.pragma('foreign_keys = ON');
  for (const step of migrations.filter((m) => m.version <= 7)) step.up(old);
  old.pragma('user_version = 7');
  const insert = old.prepare(
    `INSERT INTO outbox (op_id, element_id, kind, payload, base, depends_on, state, next_attempt_at, created_at)
     VALUES (?, 'e1', ?, '{}', '{}', ?, ?, '2026-01-01', '2026-01-01')`,
  );
  insert.run('op1', 'createVersion', null, 'done');
  insert.run('op2', 'bpmnImport', 'op1', 'conflict');
  old
    .prepare(
      `INSERT INTO conflicts (id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml, changes, created_at, kind)
       VALUES ('c1', 'e1', 1033, 'op2', '<b/>', '<m/>', '<t/>', '{}', '2026-01-01', 'review')`,
    )
    .run();
  old.close();

  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  assert.deepEqual(db.prepare('SELECT seq, op_id, depends_on, state FROM outbox ORDER BY seq').all(), [
    { seq: 1, op_id: 'op1', depends_on: null, state: 'done' },
    { seq: 2, op_id: 'op2', depends_on: 'op1', state: 'conflict' },
  ]);
  assert.deepEqual(db.prepare('SELECT id, op_id, kind FROM conflicts').all(), [
    { id: 'c1', op_id: 'op2', kind: 'review' },
  ]);
  // The kinds are the handlers' to declare; references are still enforced, and numbering goes on.
  const next = db
    .prepare(
      `INSERT INTO outbox (op_id, element_id, kind, payload, base, state, next_attempt_at, created_at)
       VALUES ('op3', 'e1', 'aKindOfTomorrow', '{}', '{}', 'queued', '2026-01-01', '2026-01-01') RETURNING seq`,
    )
    .get() as { seq: number };
  assert.equal(next.seq, 3);
  assert.throws(
    () =>
      db
        .prepare(
          `INSERT INTO conflicts (id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml, changes, created_at)
           VALUES ('c2', 'e1', 1033, 'nowhere', '', '', '', '{}', '2026-01-01')`,
        )
        .run(),
    /FOREIGN KEY/,
  );
  db.close();
});

test('schema 12: a view keeps its members and the age of its oldest one as its listing time', async () => {
  const file = tempFile();
  const old = new Database(file);
  for (const step of migrations.filter((m) => m.version <= 11)) step.up(old);
  old.pragma('user_version = 11');
  const member = old.prepare(
    `INSERT INTO view_members (facet, view, element_id, parent_id, position, fetched_at) VALUES ('p', ?, ?, ?, ?, ?)`,
  );
  member.run('list', 'a', null, 0, '2026-01-02T00:00:00.000Z');
  member.run('list', 'b', 'a', 1, '2026-01-01T00:00:00.000Z');
  member.run('tree', 'a', null, 0, '2026-01-03T00:00:00.000Z');
  old.close();

  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  assert.deepEqual(db.prepare('SELECT facet, view, fetched_at FROM view_listings ORDER BY view').all(), [
    { facet: 'p', view: 'list', fetched_at: '2026-01-01T00:00:00.000Z' },
    { facet: 'p', view: 'tree', fetched_at: '2026-01-03T00:00:00.000Z' },
  ]);
  assert.deepEqual(db.prepare('SELECT * FROM view_members ORDER BY view, position').all(), [
    { facet: 'p', view: 'list', element_id: 'a', parent_id: null, position: 0 },
    { facet: 'p', view: 'list', element_id: 'b', parent_id: 'a', position: 1 },
    { facet: 'p', view: 'tree', element_id: 'a', parent_id: null, position: 0 },
  ]);
  db.close();
});

test('a failed migration step rolls back as a whole and leaves the version where it was', async () => {
  const file = tempFile();
  const broken = [
    ...migrations,
    {
      version: LATEST_SCHEMA + 1,
      description: 'broken',
      up: (db: Database.Database) => db.exec('CREATE TABLE half (x); SELECT nonsense FROM nowhere;'),
    },
  ];
  await assert.rejects(openDatabase(file, broken, createMemoryLogger()));
  const db = new Database(file);
  assert.equal(schemaVersion(db), LATEST_SCHEMA);
  assert.equal(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'half'").get(), undefined);
  db.close();
});

test('a damaged file is set aside, a fresh cache starts, and readable drafts are salvaged', async () => {
  const file = tempFile();
  const first = await openDatabase(file, migrations, createMemoryLogger());
  durably(first.db, () =>
    first.db
      .prepare(
        "INSERT INTO drafts VALUES ('e1', 1033, 'v1', '2026-01-01', '<base/>', '<mine/>', '2026-01-02T00:00:00Z')",
      )
      .run(),
  );
  first.db.pragma('wal_checkpoint(TRUNCATE)');
  first.db.close();
  // Corrupt an index page deep in the file while keeping the header, so the drafts table stays readable.
  assert.ok(statSync(file).size > 0);
  const master = new Database(file, { readonly: true });
  const indexPage = (
    master.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'elements_by_facet'").get() as {
      rootpage: number;
    }
  ).rootpage;
  const pageSize = master.pragma('page_size', { simple: true }) as number;
  master.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (indexPage - 1) * pageSize);
  closeSync(fd);

  const logger = createMemoryLogger();
  const { db, recovery } = await openDatabase(file, migrations, logger);
  assert.ok(recovery, 'the damage was detected');
  assert.ok(readdirSync(join(file, '..')).some((name) => name.startsWith('cache.db.damaged-')));
  assert.equal(recovery.salvagedDrafts, 1);
  assert.deepEqual(db.prepare('SELECT element_id, local_xml FROM drafts').all(), [
    { element_id: 'e1', local_xml: '<mine/>' },
  ]);
  db.close();
});

test('a second connection (the sync worker’s) neither migrates nor checks nor sets the file aside', async () => {
  const fresh = tempFile();
  new Database(fresh).close();
  assert.throws(() => openConnection(fresh, LATEST_SCHEMA), /schema 0/);
  assert.equal(schemaVersion(new Database(fresh)), 0, 'not migrated from the second connection');

  const file = tempFile();
  const first = await openDatabase(file, migrations, createMemoryLogger());
  first.db.pragma('wal_checkpoint(TRUNCATE)');
  const indexPage = (
    first.db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'elements_by_facet'").get() as {
      rootpage: number;
    }
  ).rootpage;
  const pageSize = first.db.pragma('page_size', { simple: true }) as number;
  first.db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (indexPage - 1) * pageSize);
  closeSync(fd);
  // openDatabase would set this file aside; the serving thread that opened it decides that, not a worker.
  const db = openConnection(file, LATEST_SCHEMA);
  assert.equal(schemaVersion(db), LATEST_SCHEMA);
  db.close();
  assert.deepEqual(readdirSync(join(file, '..')), ['cache.db']);
});

test('durably commits with synchronous FULL and restores NORMAL afterwards', async () => {
  const { db } = await openDatabase(tempFile(), migrations, createMemoryLogger());
  let during = -1;
  durably(db, () => {
    during = db.pragma('synchronous', { simple: true }) as number;
  });
  assert.equal(during, 2, 'FULL');
  assert.equal(db.pragma('synchronous', { simple: true }), 1, 'NORMAL');
  db.close();
});
