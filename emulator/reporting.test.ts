/** Reporting interface (spec §4.3, §8) through real HTTP. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Harness } from './test/harness.ts';
import { startHarness } from './test/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => h.close());

type Page = { totalCount: number; take: number; items: Array<{ id: string; facetName: string }> };

it('pages elements with skip/take, caps take at 100 (also when omitted) and reports totalCount', async () => {
  const omitted = (await (await h.reporting('/api/v1/elements')).json()) as Page;
  assert.equal(omitted.items.length, 100);
  assert.ok(omitted.totalCount > 100);
  const big = (await (await h.reporting('/api/v1/elements?take=500')).json()) as Page;
  assert.equal(big.items.length, 100);
  const second = (await (await h.reporting('/api/v1/elements?skip=10&take=5')).json()) as Page;
  assert.deepEqual(
    second.items.map((i) => i.id),
    omitted.items.slice(10, 15).map((i) => i.id),
  );
  assert.equal((await h.reporting('/api/v1/elements?skip=-1')).status, 400);
});

it('accepts parameter names in any casing and filters facetName exactly', async () => {
  const capital = (await (
    await h.reporting('/api/v1/elements?FacetName=risks&Skip=0&Take=7')
  ).json()) as Page;
  assert.equal(capital.items.length, 7);
  assert.ok(capital.items.every((i) => i.facetName === 'risks'));
  const lower = (await (await h.reporting('/api/v1/elements?facetname=risks&take=7')).json()) as Page;
  assert.equal(lower.totalCount, capital.totalCount);
  const partial = (await (await h.reporting('/api/v1/elements?facetName=risk')).json()) as Page;
  assert.equal(partial.totalCount, 0);
});

it('lists facet names and returns a facet hierarchy as a tree', async () => {
  const facets = (await (await h.reporting('/api/v1/facets')).json()) as string[];
  assert.ok(facets.includes('processes') && facets.includes('risks'));
  const tree = (await (await h.reporting('/api/v1/facets/processes/hierarchy')).json()) as Array<{
    children: Array<{ children: unknown[] }>;
  }>;
  assert.ok(tree.some((n) => n.children.length > 0));
  assert.equal((await h.reporting('/api/v1/facets/nope/hierarchy')).status, 404);
});

it('checks x-tenant-id and x-api-key on every request', async () => {
  const c = h.emu.config;
  assert.equal((await h.reporting('/api/v1/facets', {})).status, 401);
  assert.equal(
    (await h.reporting('/api/v1/facets', { 'x-tenant-id': c.tenantId, 'x-api-key': 'wrong' })).status,
    401,
  );
  assert.equal(
    (await h.reporting('/api/v1/facets', { 'x-tenant-id': 'not-a-guid', 'x-api-key': c.reportingApiKey }))
      .status,
    400,
  );
});
