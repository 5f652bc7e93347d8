import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FacetOverview } from '../../shared/domain/reports.ts';
import { byStateChart, byTypeChart, changesChart, latestChanges, OVERVIEW_DAYS } from './overview-model.ts';

const overview = (facet: string, parts: Partial<FacetOverview>): FacetOverview => ({
  facet,
  total: 0,
  byState: {},
  byType: {},
  changesByDay: {},
  recent: [],
  source: 'live',
  fetchedAt: '2026-11-24T00:00:00Z',
  ...parts,
});

const overviews = [
  overview('processes', {
    byState: { released: 3, inProcess: 2 },
    byType: { process: 4, diagram: 1 },
    changesByDay: { '2026-11-20': 2 },
    recent: [{ id: 'p', names: {}, type: 'process', state: 'released', changedOn: '2026-11-20T09:00:00Z' }],
  }),
  overview('itSystems', {
    byState: { released: 1, expired: 1 },
    byType: { itSystem: 2 },
    changesByDay: { '2026-11-22': 1 },
    recent: [{ id: 'i', names: {}, type: 'itSystem', state: 'expired', changedOn: '2026-11-22T09:00:00Z' }],
  }),
];

test('facet × state: facets along the axis, states stacked in release order, each bar opens facet and state', () => {
  const chart = byStateChart(overviews);
  assert.deepEqual(chart.categories, ['processes', 'itSystems']);
  assert.deepEqual(
    chart.series.map((s) => s.raw),
    ['inProcess', 'released', 'expired'],
  );
  assert.deepEqual(chart.series[1]!.data, [3, 1]);
  assert.deepEqual(chart.target(2, 1), { facet: 'itSystems', where: { field: 'state', value: 'expired' } });
});

test('by type: the most common type first, one series per facet', () => {
  const chart = byTypeChart(overviews);
  assert.deepEqual(chart.categories, ['process', 'itSystem', 'diagram']);
  assert.deepEqual(chart.series[0]!.data, [4, 0, 1]);
  assert.deepEqual(chart.target(1, 1), { facet: 'itSystems', where: { field: 'type', value: 'itSystem' } });
});

test('changes: every day of the window up to the newest change, empty days as zero', () => {
  const chart = changesChart(overviews);
  assert.equal(chart.categories.length, OVERVIEW_DAYS);
  assert.equal(chart.categories.at(-1), '2026-11-22');
  assert.equal(chart.series[0]!.data[OVERVIEW_DAYS - 3], 2);
  assert.equal(chart.series[0]!.data[OVERVIEW_DAYS - 2], 0);
  assert.deepEqual(
    latestChanges(overviews, 5).map((c) => c.id),
    ['i', 'p'],
  );
});
