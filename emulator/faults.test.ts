/** Fault injection through the control route: latency, failures with Retry-After, resets, slow bodies, scoping. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import type { Harness } from './test/harness.ts';
import { startHarness } from './test/harness.ts';

let h: Harness;
let control: string;
before(async () => {
  h = await startHarness({ seed: 'empty', faultSeed: 42 });
  control = `${h.emu.config.processBaseUrl}/_emulator/faults`;
});
after(async () => h.close());
beforeEach(async () => {
  await fetch(control, { method: 'DELETE' });
});

const addFault = async (rule: Record<string, unknown>): Promise<Response> =>
  fetch(control, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });

it('fails a fraction of matching responses with the given status and Retry-After, reproducibly', async () => {
  assert.equal(
    (await addFault({ route: '*/rest/facets', failRate: 0.5, status: 429, retryAfter: 7 })).status,
    201,
  );
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await h.api('rest/facets');
    statuses.push(res.status);
    if (res.status === 429) assert.equal(res.headers.get('retry-after'), '7');
    await res.arrayBuffer();
  }
  assert.ok(statuses.includes(429) && statuses.includes(200));
  // Same seed, same decisions.
  await fetch(control, { method: 'DELETE' });
  await fetch(control, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed: 42, rules: [{ route: '*/rest/facets', failRate: 0.5, status: 429 }] }),
  });
  const again: number[] = [];
  for (let i = 0; i < 20; i++) again.push((await h.api('rest/facets')).status);
  assert.deepEqual(again, statuses);
});

it('scopes by route pattern and method', async () => {
  await addFault({ route: '/views/', method: 'GET', failRate: 1, status: 503 });
  assert.equal((await h.api('rest/facets')).status, 200);
  const res = await h.api('rest/facets/processes/views');
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('retry-after'), '1');
});

it('adds latency', async () => {
  await addFault({ route: '*', latencyMs: 150 });
  const start = performance.now();
  await h.api('rest/facets');
  assert.ok(performance.now() - start >= 140);
});

it('resets the connection mid-body', async () => {
  await addFault({ route: '*/rest/facets', resetRate: 1 });
  await assert.rejects(async () => {
    const res = await h.api('rest/facets');
    await res.text();
  });
});

it('sends slow bodies that still arrive complete', async () => {
  await addFault({ route: '*/rest/facets', slowBodyMs: 200 });
  const start = performance.now();
  const res = await h.api('rest/facets');
  const body = (await res.json()) as { count: number };
  assert.equal(body.count, 5);
  assert.ok(performance.now() - start >= 150);
});

it('lists, removes one and clears rules; rejects invalid rules', async () => {
  const added = (await (await addFault({ route: '*', latencyMs: 1, count: 1 })).json()) as {
    added: Array<{ id: string }>;
  };
  const id = added.added[0]?.id ?? '';
  assert.equal(((await (await fetch(control)).json()) as { rules: unknown[] }).rules.length, 1);
  assert.equal((await fetch(`${control}/${id}`, { method: 'DELETE' })).status, 200);
  assert.equal((await fetch(`${control}/${id}`, { method: 'DELETE' })).status, 404);
  assert.equal((await addFault({ failRate: 2 })).status, 400);
});
