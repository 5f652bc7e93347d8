import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TranslationCoverage } from '../../shared/domain/translation.ts';
import { coverageRows, processesWith } from './coverage-model.ts';

const counts = (translated: number, same: number, outdated: number, missing: number) => ({
  translated,
  same,
  outdated,
  missing,
});

const coverage: TranslationCoverage = {
  source: 1031,
  targets: [1033, 3082],
  facets: [
    {
      facet: 'processes',
      processes: [
        { id: 'a', name: 'Alpha', cultures: { '1033': counts(5, 0, 0, 0), '3082': counts(3, 1, 0, 2) } },
        { id: 'b', name: 'Beta', cultures: { '1033': counts(4, 0, 1, 0), '3082': counts(1, 0, 0, 4) } },
      ],
    },
  ],
  unavailable: 0,
  cachedSince: null,
};

test('texts are summed per facet and culture; a process counts by its worst text', () => {
  assert.deepEqual(coverageRows(coverage), [
    {
      facet: 'processes',
      culture: 1033,
      texts: counts(9, 0, 1, 0),
      processes: { translated: 1, outdated: 1, missing: 0 },
    },
    {
      facet: 'processes',
      culture: 3082,
      texts: counts(4, 1, 0, 6),
      processes: { translated: 0, outdated: 0, missing: 2 },
    },
  ]);
});

test('a bar lists the processes with such texts, most first', () => {
  assert.deepEqual(
    processesWith(coverage, 'processes', 3082, 'missing').map((p) => p.id),
    ['b', 'a'],
  );
  assert.deepEqual(
    processesWith(coverage, 'processes', 1033, 'outdated').map((p) => p.id),
    ['b'],
  );
  assert.deepEqual(
    processesWith(coverage, 'processes', 1033, null).map((p) => p.id),
    ['a', 'b'],
  );
});
