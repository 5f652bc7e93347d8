/** Contract tests of the release state machine, content creation, versions and delete (spec §3, §4.2). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ElementJson, Harness } from './test/harness.ts';
import { processes, startHarness } from './test/harness.ts';

let h: Harness;
let all: ElementJson[];
before(async () => {
  h = await startHarness();
  all = await processes(h);
});
after(async () => h.close());

const V = 'rest/facets/processes/views/processList/elements';
const INPROCESS_TRANSITIONS = [
  'InProcessToInReview',
  'InProcessToReadyForQA',
  'InProcessToReadyForRelease',
  'InProcessToReleased',
  'InProcessToReleasedQA',
  'InProcessToReleasedExternal',
];

function pickProcess(predicate: (e: ElementJson) => boolean): ElementJson {
  const found = all.find((e) => predicate(e) && !used.has(e.id));
  assert.ok(found, 'a seeded process matching the test needs');
  used.add(found.id);
  return found;
}
const used = new Set<string>();

async function transition(
  id: string,
  transitionId: string,
  query = '',
  prefix = 'release',
): Promise<Response> {
  return h.api(`${prefix}/${id}/transitions/${transitionId}${query}`, { method: 'POST' });
}

describe('release state machine', () => {
  it('lists exactly the six inProcess transitions of spec §3, under both path prefixes', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    for (const prefix of ['release', 'rest/release']) {
      const body = await h.json<{
        count: number;
        values: Array<{ transitionId: string; sourceState: string; targetState: string }>;
      }>(`${prefix}/${p.id}/transitions`);
      assert.deepEqual(
        body.values.map((t) => t.transitionId),
        INPROCESS_TRANSITIONS,
      );
      assert.ok(body.values.every((t) => t.sourceState === 'inProcess'));
      assert.deepEqual(
        body.values.map((t) => t.targetState),
        ['inReview', 'readyForQa', 'readyForRelease', 'released', 'released', 'released'],
      );
    }
  });

  it('warns when releasing without description or owner, unless ignoreWarnings=true', async () => {
    const p = pickProcess(
      (e) =>
        e.state === 'inProcess' &&
        (!e.attributes.description || !e.related.owner?.length) &&
        !e.related.releaseHistory?.length,
    );
    const warned = await transition(p.id, 'InProcessToReleased');
    assert.equal(warned.status, 200);
    const body = (await warned.json()) as { type: string; message: string };
    assert.equal(body.type.toLowerCase(), 'warning');
    const still = await h.json<{ elements: ElementJson[] }>(`${V}/${p.id}`);
    assert.equal(still.elements[0]?.state, 'inProcess');
    const forced = await transition(p.id, 'InProcessToReleased', '?ignoreWarnings=true', 'rest/release');
    assert.equal(forced.status, 200);
    const released = ((await forced.json()) as { count: number; elements: ElementJson[] }).elements[0];
    assert.equal(released?.state, 'released');
    assert.equal(released?.attributes.state1?.['127'], 'released');
    assert.ok(released?.attributes.relOn?.['127']);
    assert.equal(released?.related.relBy?.length, 1);
    assert.ok(released?.attributes.changedOn?.['127'] !== p.attributes.changedOn?.['127']);
  });

  it('goes inProcess → inReview → back to inProcess (reject)', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    assert.equal((await transition(p.id, 'InProcessToInReview')).status, 200);
    const t = await h.json<{ values: Array<{ transitionId: string }> }>(`release/${p.id}/transitions`);
    assert.ok(t.values.some((x) => x.transitionId === 'InReviewToInProcess'));
    const back = (await (await transition(p.id, 'InReviewToInProcess')).json()) as {
      elements: ElementJson[];
    };
    assert.equal(back.elements[0]?.state, 'inProcess');
    assert.equal(back.elements[0]?.attributes.state1?.['127'], 'inProcess');
  });

  it('refuses a transition not available in the current state', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    const res = await transition(p.id, 'ReleasedToRequestToExpire');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { type: string }).type.toLowerCase(), 'error');
  });

  it('makes released elements read-only, versions them, and expires the old version on release', async () => {
    const p = pickProcess(
      (e) =>
        e.state === 'released' &&
        !!e.attributes.description &&
        !!e.related.owner?.length &&
        (e.content?.length ?? 0) > 0,
    );
    const content = await h.api(`rest/facets/processes/views/diagram/elements/${p.id}/content`, {
      method: 'POST',
      version: '3.0',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        values: [
          { shapeInfo: { index: 0 }, element: { type: 'task', attributes: { name: { '1033': 'x' } } } },
        ],
      }),
    });
    assert.equal(content.status, 409);
    assert.equal(((await content.json()) as { type: string }).type.toLowerCase(), 'error');
    const bpmn = await fetch(h.bpmnUrl(p.id), {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<x/>',
    });
    assert.equal(bpmn.status, 409);

    const created = await h.json<{ count: number; elements: ElementJson[] }>(
      `rest/release/${p.id}/createversion`,
      { method: 'POST' },
    );
    const next = created.elements[0];
    assert.ok(next);
    assert.equal(next.state, 'inProcess');
    assert.notEqual(next.versionId, p.versionId);
    assert.equal(next.attributes.version?.['127'], bumped(p.attributes.version?.['127']));
    const released = await h.json<{ elements: ElementJson[] }>(
      `release/${p.id}/transitions/InProcessToReleased`,
      { method: 'POST' },
    );
    assert.equal(released.elements[0]?.state, 'released');
    const versions = await h.json<{ elements: ElementJson[] }>(`${V}/${p.id}/versions`);
    const old = versions.elements.find((v) => v.versionId === p.versionId);
    assert.equal(old?.state, 'expired');
    assert.ok(old?.attributes.validUntil?.['127'] && !old.attributes.validUntil['127'].startsWith('9999'));
    const history = released.elements[0]?.related.releaseHistory ?? [];
    assert.ok(history.some((r) => r.versionId === p.versionId && r.state === 'expired'));
  });

  it('goes released → requestToExpire → expired', async () => {
    const p = pickProcess((e) => e.state === 'released');
    const requested = await h.json<{ elements: ElementJson[] }>(
      `release/${p.id}/transitions/ReleasedToRequestToExpire`,
      { method: 'POST' },
    );
    assert.equal(requested.elements[0]?.state, 'requestToExpire');
    const expired = await h.json<{ elements: ElementJson[] }>(
      `release/${p.id}/transitions/RequestToExpireToExpired`,
      { method: 'POST' },
    );
    assert.equal(expired.elements[0]?.state, 'expired');
    assert.deepEqual((await h.json<{ values: unknown[] }>(`release/${p.id}/transitions`)).values, []);
  });

  it('refuses createversion while a working version exists', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    assert.equal((await h.api(`rest/release/${p.id}/createversion`, { method: 'POST' })).status, 409);
  });
});

function bumped(label: string | undefined): string {
  const [major, minor] = (label ?? '0.0').split('.');
  return `${major}.${Number(minor) + 1}`;
}

describe('content creation and delete', () => {
  it('creates shapes from a ContentModel with predecessors by index', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    const before = await h.json<{ count: number }>(`${V}/${p.id}/content`);
    const res = await h.api(`rest/facets/processes/views/diagram/elements/${p.id}/content`, {
      method: 'POST',
      version: '3.0',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        values: [
          {
            shapeInfo: { index: 0 },
            element: { type: 'startEvent', attributes: { name: { '1033': 'Begin' } } },
          },
          {
            shapeInfo: { index: 1, predecessors: [0] },
            element: { type: 'task', attributes: { name: { '1033': 'Work', '1031': 'Arbeit' } } },
          },
          {
            shapeInfo: { index: 2, predecessors: [1] },
            element: { type: 'endEvent', attributes: { name: { '1033': 'Done' } } },
          },
        ],
      }),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { message: string; type: string; output: string };
    assert.equal(body.type.toLowerCase(), 'success');
    assert.equal(typeof body.output, 'string');
    const after = await h.json<{
      count: number;
      elements: Array<{
        attributes: { name: Record<string, string> };
        properties: { shapeId: string; predecessors: Array<{ properties: { shapeId: string } }> };
      }>;
    }>(`${V}/${p.id}/content`);
    assert.equal(after.count, before.count + 3);
    const work = after.elements.find((e) => e.attributes.name['1033'] === 'Work');
    const begin = after.elements.find((e) => e.attributes.name['1033'] === 'Begin');
    assert.equal(work?.properties.predecessors[0]?.properties.shapeId, begin?.properties.shapeId);
  });

  it('refuses a malformed ContentModel with 400', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    const res = await h.api(`rest/facets/processes/views/diagram/elements/${p.id}/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        values: [{ shapeInfo: { index: 0, predecessors: [7] }, element: { type: 'task' } }],
      }),
    });
    assert.equal(res.status, 400);
  });

  it('deletes an element (api-version 2.0)', async () => {
    const p = pickProcess((e) => e.state === 'inProcess');
    const res = await h.api(`${V}/${p.id}/delete`, { method: 'POST', version: '2.0' });
    assert.deepEqual(await res.json(), {
      data: [],
      message: 'Element has been deleted.',
      output: 'Volatile',
      type: 'Success',
    });
    assert.equal((await h.api(`${V}/${p.id}`)).status, 404);
  });
});
