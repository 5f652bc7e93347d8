/** Seeds run once per database: a `--data` file that already holds a landscape keeps it. */
import type { Db } from '../store/db.ts';
import { getMeta, setMeta } from '../store/db.ts';
import { makeElement } from '../model/factory.ts';
import { insertElement } from '../store/elements.ts';
import { serviceDate } from '../util/time.ts';
import { seedBulk } from './bulk.ts';
import { seedDemo } from './demo.ts';

export type SeedKind = 'demo' | 'empty' | number;

export function parseSeed(value: string): SeedKind {
  if (value === 'demo' || value === 'empty') return value;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--seed must be demo, empty or a positive integer, got "${value}"`);
  return n;
}

/** Returns the id of the user the tokens act as. */
export function applySeed(db: Db, seed: SeedKind): string {
  const existing = getMeta(db, 'actingUserId');
  if (existing) return existing;
  const userId = db.transaction(() => {
    if (seed === 'demo') return seedDemo(db).userId;
    if (typeof seed === 'number') return seedBulk(db, seed).userId;
    // Even an empty landscape needs the user that changedBy/relBy point at.
    const id = crypto.randomUUID();
    insertElement(
      db,
      makeElement({
        id,
        facet: 'organization',
        type: 'user',
        names: { '1033': 'Emulator Admin' },
        ord: 1,
        now: serviceDate(),
        userId: id,
        state: 'released',
      }),
    );
    return id;
  })();
  setMeta(db, 'actingUserId', userId);
  setMeta(db, 'seed', String(seed));
  return userId;
}
