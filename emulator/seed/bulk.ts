/**
 * `--seed N`: N elements for load tests, in groups of ten (a process with an
 * eight-shape diagram and a document). Everything goes through prepared
 * statements inside the caller's single transaction, which keeps 100,000
 * elements to a few seconds.
 */
import { makeElement } from '../model/factory.ts';
import type { Db } from '../store/db.ts';
import { createRng, guidFrom } from '../util/random.ts';
import { activityName, addDiagram, createWriter, names } from './common.ts';

export function seedBulk(db: Db, total: number): { userId: string; count: number } {
  const rng = createRng(total);
  const userId = guidFrom(rng);
  const now = '2025-03-14T09:30:00';
  const w = createWriter(db, rng, now, userId);
  w.insert(
    makeElement({
      id: userId,
      facet: 'organization',
      type: 'user',
      names: names('Emulator Admin', 'Emulator Admin', 'Emulator Admin'),
      ord: w.ord++,
      now,
      userId,
      state: 'released',
    }),
  );
  let made = 1;
  let n = 0;
  while (made + 10 <= total) {
    n++;
    const process = makeElement({
      id: w.guid(),
      facet: 'processes',
      type: 'process',
      names: names(`Prozess ${n}`, `Process ${n}`, `Proceso ${n}`),
      ord: w.ord++,
      now,
      userId,
      state: n % 3 === 0 ? 'released' : 'inProcess',
    });
    process.related.owner = [{ id: userId }];
    w.insert(process);
    addDiagram(w, process, 8, 'processes');
    const doc = makeElement({
      id: w.guid(),
      facet: 'documents',
      type: 'document',
      names: activityName(rng),
      ord: w.ord++,
      now,
      userId,
    });
    w.insert(doc);
    made += 10;
  }
  while (made < total) {
    w.insert(
      makeElement({
        id: w.guid(),
        facet: 'itSystems',
        type: 'itSystem',
        names: names(`System ${made}`, `System ${made}`, `Sistema ${made}`),
        ord: w.ord++,
        now,
        userId,
      }),
    );
    made++;
  }
  return { userId, count: made };
}
