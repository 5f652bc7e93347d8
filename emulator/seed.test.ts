/** Seeds: the demo landscape's promises and the bulk seed's scale. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { STATES } from './model/catalog.ts';
import { applySeed } from './seed/index.ts';
import { openDb } from './store/db.ts';

it('builds a deterministic demo landscape with every state, versions and 20+ diagrams of 5–80 shapes', () => {
  const a = openDb(undefined);
  const b = openDb(undefined);
  applySeed(a, 'demo');
  applySeed(b, 'demo');
  const dump = (db: typeof a): unknown =>
    db.prepare('SELECT id, version_id, state, attributes FROM elements ORDER BY version_id').all();
  assert.deepEqual(dump(a), dump(b));
  const states = (a.prepare('SELECT DISTINCT state FROM elements').all() as Array<{ state: string }>).map(
    (r) => r.state,
  );
  for (const s of STATES) assert.ok(states.includes(s), s);
  const facets = (a.prepare('SELECT DISTINCT facet FROM elements').all() as Array<{ facet: string }>).map(
    (r) => r.facet,
  );
  assert.deepEqual(facets.sort(), ['documents', 'itSystems', 'organization', 'processes', 'risks']);
  const diagrams = a
    .prepare(
      'SELECT e.id, COUNT(*) AS n FROM shapes s JOIN elements e ON e.version_id = s.version_id WHERE e.is_current = 1 GROUP BY e.id',
    )
    .all() as Array<{ n: number }>;
  assert.ok(diagrams.length >= 20);
  assert.ok(diagrams.every((d) => d.n >= 5 && d.n <= 80));
  assert.ok(diagrams.some((d) => d.n === 80));
  const versioned = a.prepare('SELECT id FROM elements GROUP BY id HAVING COUNT(*) > 1').all();
  assert.ok(versioned.length >= 2);
  const nonShape = a
    .prepare(
      "SELECT COUNT(*) AS n FROM elements WHERE is_current = 1 AND type NOT IN ('task','startEvent','endEvent','event','rule')",
    )
    .get() as { n: number };
  assert.ok(nonShape.n >= 200 && nonShape.n <= 400, String(nonShape.n));
  a.close();
  b.close();
});

it('seeds 100,000 elements quickly', () => {
  const db = openDb(undefined);
  const start = performance.now();
  applySeed(db, 100_000);
  const ms = performance.now() - start;
  const n = (db.prepare('SELECT COUNT(*) AS n FROM elements').get() as { n: number }).n;
  assert.equal(n, 100_000);
  assert.ok(ms < 60_000, `took ${ms} ms`);
  db.close();
});
