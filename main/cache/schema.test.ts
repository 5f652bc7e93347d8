import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import type { Db, Migration } from './database.ts';
import { composeMigrations } from './schema.ts';

/** A step that records, in the database, that it ran. */
const step = (version: number, name: string): Migration => ({
  version,
  description: name,
  up: (db: Db) => db.prepare('INSERT INTO ran (name) VALUES (?)').run(name),
});

test('the steps of one version from several stores are one migration, run in the order the stores are given', () => {
  const composed = composeMigrations([
    [step(1, 'cache'), step(3, 'cache later')],
    [step(2, 'drafts')],
    [step(2, 'outbox'), step(3, 'outbox later')],
  ]);
  assert.deepEqual(
    composed.map((m) => [m.version, m.description]),
    [
      [1, 'cache'],
      [2, 'drafts; outbox'],
      [3, 'cache later; outbox later'],
    ],
  );
  const db = new Database(':memory:');
  db.exec('CREATE TABLE ran (name TEXT)');
  for (const migration of composed) migration.up(db);
  assert.deepEqual(
    (db.prepare('SELECT name FROM ran').all() as { name: string }[]).map((r) => r.name),
    ['cache', 'drafts', 'outbox', 'cache later', 'outbox later'],
  );
  db.close();
});

test('a gap in the versions, or a store whose steps are out of order, is refused', () => {
  assert.throws(() => composeMigrations([[step(1, 'a'), step(3, 'c')]]), /no step 2/);
  assert.throws(() => composeMigrations([[step(2, 'b'), step(1, 'a')]]), /comes after step 2/);
  assert.throws(() => composeMigrations([[step(1, 'a'), step(1, 'again')]]), /comes after step 1/);
});
