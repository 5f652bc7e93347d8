/** Contract tests of the process-management read operations (spec §4.1, §4.2, §7.1) through real HTTP. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ElementJson, Harness } from './test/harness.ts';
import { PROCESS_LIST, processes, startHarness } from './test/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => h.close());

describe('facets and views', () => {
  it('lists facets with displayName under 1.0 and displayNames under 4.0', async () => {
    const v1 = await h.json<{ count: number; values: Array<Record<string, unknown>> }>('rest/facets', {
      version: '1.0',
    });
    const v4 = await h.json<{ count: number; values: Array<Record<string, unknown>> }>('rest/facets', {
      version: '4.0',
    });
    assert.equal(v1.count, v1.values.length);
    assert.deepEqual(
      v1.values.map((f) => f.name),
      ['processes', 'organization', 'itSystems', 'documents', 'risks'],
    );
    assert.equal(typeof v1.values[0]?.displayName, 'string');
    assert.deepEqual(Object.keys(v4.values[0]?.displayNames as object).sort(), ['1031', '1033', '3082']);
    assert.match(String(v4.values[0]?.views), /^http:\/\/127\.0\.0\.1:\d+\/.+\/facets\/processes\/views$/);
  });

  it('lists views; the 1.0 list repeats a view name, 4.0 does not', async () => {
    const v1 = await h.json<{ values: Array<{ name: string; displayName: string }> }>(
      'rest/facets/processes/views',
      { version: '1.0' },
    );
    const v4 = await h.json<{ values: Array<{ name: string; isHierarchical: boolean; elements: string }> }>(
      'rest/facets/processes/views',
      {
        version: '4.0',
      },
    );
    const names1 = v1.values.map((v) => v.name);
    assert.ok(names1.length > new Set(names1).size, 'a repeated view name in 1.0');
    assert.equal(v4.values.length, new Set(v4.values.map((v) => v.name)).size);
    assert.equal(v4.values.find((v) => v.name === 'mainProcesses')?.isHierarchical, true);
    const res = await fetch(v4.values[0]?.elements ?? '', {
      headers: { 'symbio-auth-token': h.emu.config.authToken },
    });
    assert.equal(res.status, 200);
  });

  it('answers 404 with an OperationResult for an unknown facet or view', async () => {
    for (const path of ['rest/facets/nope/views', 'rest/facets/processes/views/nope/elements']) {
      const res = await h.api(path);
      assert.equal(res.status, 404);
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal(String(body.type).toLowerCase(), 'error');
      assert.ok(
        Array.isArray(body.data) && typeof body.message === 'string' && typeof body.output === 'string',
      );
    }
  });
});

describe('element lists', () => {
  it('returns the hierarchical view as a tree with rootPath', async () => {
    const body = await h.json<{ count: number; values: ElementJson[] }>(
      'rest/facets/processes/views/mainProcesses/elements',
    );
    assert.equal(body.count, 6);
    const root = body.values[0];
    assert.ok(root);
    assert.deepEqual(root.rootPath, [root.id]);
    const child = root.children?.[0] as ElementJson;
    assert.equal(child.type, 'process');
    assert.deepEqual(child.rootPath, [root.id, child.id]);
  });

  it('pages 1-based with $page/$pageSize and finds the page of $pageSelectionKey', async () => {
    const all = await h.json<{ values: ElementJson[] }>(
      `${PROCESS_LIST}?$pageSize=1000&$resources=attributes`,
    );
    const p1 = await h.json<{ count: number; values: ElementJson[] }>(
      `${PROCESS_LIST}?$page=1&$pageSize=5&$resources=attributes`,
    );
    const p2 = await h.json<{ count: number; values: ElementJson[] }>(
      `${PROCESS_LIST}?$page=2&$pageSize=5&$resources=attributes`,
    );
    assert.equal(p1.count, 5);
    assert.deepEqual(
      [...p1.values, ...p2.values].map((e) => e.id),
      all.values.slice(0, 10).map((e) => e.id),
    );
    const target = all.values[12];
    assert.ok(target);
    const sel = await h.json<{ values: ElementJson[] }>(
      `${PROCESS_LIST}?$pageSize=5&$pageSelectionKey=${target.id}&$resources=attributes`,
    );
    assert.ok(sel.values.some((e) => e.id === target.id));
    assert.equal(sel.values[0]?.id, all.values[10]?.id);
    assert.equal((await h.api(`${PROCESS_LIST}?$page=0`)).status, 400);
  });

  it('filters with -eq, Contains, StartsWith, EndsWith, IsNull, AND and OR', async () => {
    const all = await processes(h);
    const first = all[0];
    assert.ok(first);
    const name = first.attributes.name?.['1033'] ?? '';
    const q = async (filter: string): Promise<ElementJson[]> =>
      (
        await h.json<{ values: ElementJson[] }>(
          `${PROCESS_LIST}?$pageSize=1000&$filter=${encodeURIComponent(filter)}`,
        )
      ).values;
    assert.deepEqual(
      (await q(`name -eq '${name.replace(/'/g, "''")}'`)).map((e) => e.id),
      [first.id],
    );
    assert.ok(
      (await q("Contains(name,'sales')")).every((e) =>
        /sales|ventas|vertrieb/i.test(JSON.stringify(e.attributes.name)),
      ),
    );
    assert.ok((await q("StartsWith(name,'Finance')")).length > 0);
    assert.ok((await q("EndsWith(name,'processes')")).length >= 6);
    const noDescription = await q('IsNull(description)');
    assert.ok(noDescription.length > 0 && noDescription.every((e) => !e.attributes.description));
    const released = await q("state1 -eq 'released'");
    assert.ok(released.every((e) => e.attributes.state1?.['127'] === 'released'));
    const both = await q(`StartsWith(name,'Sales') AND state1 -eq 'released'`);
    assert.ok(both.every((e) => e.attributes.state1?.['127'] === 'released'));
    const either = await q(`name -eq '${name.replace(/'/g, "''")}' OR IsNull(description)`);
    assert.equal(either.length, new Set([first.id, ...noDescription.map((e) => e.id)]).size);
  });

  it('refuses unsupported filter operators with 404 and broken syntax with 400, both as OperationResult', async () => {
    const unsupported = await h.api(`${PROCESS_LIST}?$filter=${encodeURIComponent("name -gt 'a'")}`);
    assert.equal(unsupported.status, 404);
    assert.equal(String(((await unsupported.json()) as { type: string }).type).toLowerCase(), 'error');
    const broken = await h.api(`${PROCESS_LIST}?$filter=${encodeURIComponent("name -eq 'a")}`);
    assert.equal(broken.status, 400);
    assert.match(((await broken.json()) as { message: string }).message, /filter/i);
  });

  it('honours $resources, $select and $expandRelated', async () => {
    const only = await h.json<{ values: Array<Record<string, unknown>> }>(
      `${PROCESS_LIST}?$pageSize=3&$resources=attributes&$select=name`,
    );
    const item = only.values[0] ?? {};
    assert.deepEqual(Object.keys(item.attributes as object), ['name']);
    assert.equal(item.related, undefined);
    assert.equal(item.content, undefined);
    const expanded = await h.json<{ values: ElementJson[] }>(
      `${PROCESS_LIST}?$pageSize=3&$resources=related&$expandRelated=owner`,
    );
    const owner = expanded.values.find((e) => e.related.owner?.length)?.related.owner?.[0];
    assert.ok(owner?.attributes, 'expanded reference carries the related element attributes');
    assert.equal((await h.api(`${PROCESS_LIST}?$resources=bogus`)).status, 400);
  });
});

describe('element details', () => {
  let process: ElementJson;
  const V = 'rest/facets/processes/views/processList/elements';
  before(async () => {
    const all = await processes(h);
    const found = all.find((e) => (e.content?.length ?? 0) > 4 && e.related.owner?.length);
    assert.ok(found);
    process = found;
  });

  it('gets one element under the key "elements" with all resources, localized in 3 cultures', async () => {
    const body = await h.json<{ count: number; elements: ElementJson[] }>(`${V}/${process.id}`);
    assert.equal(body.count, 1);
    const e = body.elements[0];
    assert.ok(e);
    assert.deepEqual(Object.keys(e.attributes.name ?? {}).sort(), ['1031', '1033', '3082']);
    assert.ok(
      e.attributes.createdOn?.['127'] && e.attributes.version?.['127'] && e.attributes.state1?.['127'],
    );
    for (const key of ['displayNames', 'attributes', 'related', 'children', 'content', 'rootPath'])
      assert.ok(key in e, key);
    const ref = e.related.createdBy?.[0];
    assert.ok(ref && typeof ref.expandUri === 'string');
    const followed = await fetch(String(ref.expandUri), {
      headers: { 'symbio-auth-token': h.emu.config.authToken },
    });
    assert.equal(followed.status, 200);
    assert.equal(((await followed.json()) as { elements: ElementJson[] }).elements[0]?.type, 'user');
  });

  it('lists attributes as a map, and one attribute by name', async () => {
    const all = await h.json<{ count: number; values: Record<string, Record<string, string>> }>(
      `${V}/${process.id}/attributes`,
    );
    assert.equal(all.count, Object.keys(all.values).length);
    assert.ok(all.values.name?.['1031']);
    const one = await h.json<{ count: number; values: Record<string, unknown> }>(
      `${V}/${process.id}/attributes/name`,
    );
    assert.deepEqual(Object.keys(one.values), ['name']);
    const selected = await h.json<{ values: Record<string, unknown> }>(
      `${V}/${process.id}/attributes?$select=version,name`,
    );
    assert.deepEqual(Object.keys(selected.values).sort(), ['name', 'version']);
    assert.equal((await h.api(`${V}/${process.id}/attributes/noSuchAttribute`)).status, 404);
  });

  it('lists related contexts as a map, one by name, also by POST (note 7)', async () => {
    const all = await h.json<{ values: Record<string, Array<Record<string, unknown>>> }>(
      `${V}/${process.id}/related`,
    );
    assert.ok(all.values.owner?.[0]?.id);
    const one = await h.json<{ values: Record<string, unknown[]> }>(`${V}/${process.id}/related/owner`);
    assert.deepEqual(Object.keys(one.values), ['owner']);
    const posted = await h.api(`${V}/${process.id}/related/owner`, { method: 'POST' });
    assert.equal(posted.status, 200);
  });

  it('returns info with permissions', async () => {
    const body = await h.json<{ count: number; values: Array<Record<string, unknown>> }>(
      `${V}/${process.id}/info`,
    );
    const info = body.values[0] ?? {};
    assert.ok(Array.isArray(info.permissions) && (info.permissions as string[]).includes('ShowElement'));
    assert.match(String(info.typeColor), /^#[0-9a-f]{6}$/i);
    assert.equal(info.readOnlyContext, 'None');
  });

  it('returns content shapes with shapeId and predecessors', async () => {
    const body = await h.json<{
      count: number;
      elements: Array<{
        properties: { shapeId: string; predecessors: Array<{ properties: { shapeId: string } }> };
      }>;
    }>(`${V}/${process.id}/content`);
    assert.ok(body.count >= 5);
    const shapeIds = new Set(body.elements.map((e) => e.properties.shapeId));
    const preds = body.elements.flatMap((e) => e.properties.predecessors);
    assert.ok(preds.length > 0 && preds.every((p) => shapeIds.has(p.properties.shapeId)));
  });

  it('returns element type configuration with MultiLineText and SelectionValue', async () => {
    const body = await h.json<{
      values: Array<{
        key: string;
        properties: Array<{ key: string; attribute: { dataType: string; selectableValues: unknown[] } }>;
      }>;
    }>('rest/facets/processes/views/processList/config/process');
    const props = body.values[0]?.properties ?? [];
    assert.equal(props.find((p) => p.key === 'description')?.attribute.dataType, 'MultiLineText');
    const state1 = props.find((p) => p.key === 'state1');
    assert.equal(state1?.attribute.dataType, 'SelectionValue');
    assert.ok((state1?.attribute.selectableValues.length ?? 0) >= 2);
    assert.equal((await h.api('rest/facets/processes/views/processList/config/nope')).status, 404);
  });

  it('lists versions under "elements"', async () => {
    const body = await h.json<{ count: number; elements: ElementJson[] }>(`${V}/${process.id}/versions`);
    assert.ok(body.count >= 1);
    assert.ok(body.elements.every((e) => e.id === process.id && e.versionId));
  });

  it('answers 404 for an unknown element', async () => {
    const res = await h.api(`${V}/00000000-0000-4000-8000-000000000000`);
    assert.equal(res.status, 404);
  });
});

describe('auth and versions', () => {
  it('answers 401 type unauthorized without or with a wrong token; accepts the query parameter', async () => {
    for (const token of [null, 'wrong']) {
      const res = await h.api('rest/facets', { token });
      assert.equal(res.status, 401);
      assert.equal(String(((await res.json()) as { type: string }).type).toLowerCase(), 'unauthorized');
    }
    const c = h.emu.config;
    const res = await fetch(
      `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/rest/facets?symbio-auth-token=${c.authToken}`,
    );
    assert.equal(res.status, 200);
  });

  it('refuses an api-version the operation does not have', async () => {
    assert.equal((await h.api(PROCESS_LIST, { version: '1.0' })).status, 400);
    assert.equal((await h.api(PROCESS_LIST, { version: '4.0' })).status, 200);
  });

  it('answers 404 for a wrong storage', async () => {
    const c = h.emu.config;
    const res = await fetch(`${c.processBaseUrl}/${c.collectionId}/other/_api/rest/facets`, {
      headers: { 'symbio-auth-token': c.authToken },
    });
    assert.equal(res.status, 404);
  });
});
