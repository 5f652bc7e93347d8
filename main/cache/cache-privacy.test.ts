import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';

const modeOf = (file: string): number => statSync(file).mode & 0o777;

test('a new cache database, its WAL and shared-memory files are readable by the user only', async () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'lanes-private-')), 'profiles', 'p');
  const file = join(folder, 'cache.db');
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  db.prepare("INSERT INTO facets (name, api_version, data, fetched_at) VALUES ('f', '4.0', '{}', 'x')").run();
  assert.equal(modeOf(folder), 0o700);
  for (const name of readdirSync(folder)) assert.equal(modeOf(join(folder, name)), 0o600, name);
  db.close();
});

test('a cache an older Lanes left readable by others is made private, and so is its migration backup', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'lanes-private-')), 'cache.db');
  const old = new Database(file);
  migrations[0]!.up(old);
  old.pragma('user_version = 1');
  old.close();
  chmodSync(file, 0o644);
  const { db } = await openDatabase(file, migrations, createMemoryLogger());
  assert.equal(modeOf(file), 0o600);
  assert.equal(modeOf(`${file}.before-v2.bak`), 0o600);
  db.close();
});
