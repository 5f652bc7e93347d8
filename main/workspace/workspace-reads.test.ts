import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layoutKeys } from '../../shared/domain/process.ts';
import type { ElementSummary } from '../../shared/domain/workspace.ts';
import { elementPageSchema } from '../../shared/domain/workspace.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { CurrentSession } from '../session/current-session.ts';
import { migrations } from '../app/cache-schema.ts';
import { SessionOutboxes } from '../sync/session-outboxes.ts';
import { WorkspaceService } from './workspace-service.ts';
import { startWorkspaceWorld, type WorkspaceWorld } from './workspace-world.test-support.ts';

const name = (item: { displayNames: Record<string, string> }): string => item.displayNames['1033'] ?? '';
const ids = (items: readonly { id: string }[]): string[] => items.map((i) => i.id).sort();

describe('workspace reads over the demo tenant', () => {
  let world: WorkspaceWorld;
  let roots: ElementSummary[];
  before(async () => {
    world = await startWorkspaceWorld();
  });
  after(() => world.close());

  test('a hierarchical view lists its roots, and children load lazily at any depth', async () => {
    const page = await world.workspace.elements({
      facet: 'processes',
      view: 'mainProcesses',
      page: 1,
      pageSize: 200,
    });
    roots = page.items;
    assert.equal(page.source, 'live');
    assert.equal(roots.length, 6, 'six main processes');
    assert.ok(roots.every((r) => r.childCount > 0 && name(r) !== '' && name(r) !== 'Process'));
    const children = await world.workspace.elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: roots[0]!.id,
      page: 1,
      pageSize: 200,
    });
    assert.equal(children.items.length, roots[0]!.childCount);
    const nested = children.items.find((c) => c.childCount > 0);
    assert.ok(nested, 'some sub-process has children of its own');
    const grandchildren = await world.workspace.elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: nested.id,
      page: 1,
      pageSize: 200,
    });
    assert.equal(grandchildren.items.length, nested.childCount);
    const firstTwo = await world.workspace.elements({
      facet: 'processes',
      view: 'mainProcesses',
      parentId: roots[0]!.id,
      page: 2,
      pageSize: 2,
    });
    assert.deepEqual(
      firstTwo.items.map((i) => i.id),
      children.items.slice(2, 4).map((i) => i.id),
    );
    assert.equal(firstTwo.hasMore, children.items.length > 4);
  });

  test('a flat view pages on the service and tells whether more follow', async () => {
    const all = await world.workspace.elements({
      facet: 'processes',
      view: 'processList',
      page: 1,
      pageSize: 1000,
    });
    assert.equal(all.hasMore, false);
    assert.ok(all.items.length > 20);
    assert.ok(all.items.every((i) => i.childCount === 0));
    const first = await world.workspace.elements({
      facet: 'processes',
      view: 'processList',
      page: 1,
      pageSize: 10,
    });
    const second = await world.workspace.elements({
      facet: 'processes',
      view: 'processList',
      page: 2,
      pageSize: 10,
    });
    assert.equal(first.hasMore, true);
    assert.deepEqual(
      [...first.items, ...second.items].map((i) => i.id),
      all.items.slice(0, 20).map((i) => i.id),
    );
    const last = Math.ceil(all.items.length / 10);
    const tail = await world.workspace.elements({
      facet: 'processes',
      view: 'processList',
      page: last,
      pageSize: 10,
    });
    assert.equal(tail.items.length, all.items.length - (last - 1) * 10);
    assert.equal(tail.hasMore, false);
  });

  test('a filter matches names on the service, and the same names in the cache when offline', async () => {
    const online = await world.workspace.elements({
      facet: 'processes',
      view: 'mainProcesses',
      filter: 'ORDER',
      page: 1,
      pageSize: 200,
    });
    assert.equal(online.source, 'live');
    assert.ok(online.items.length > 2);
    assert.ok(online.items.every((i) => /order/i.test(Object.values(i.displayNames).join(' '))));
    assert.ok(
      online.items.every((i) => i.childCount === 0),
      'filtered results are flat',
    );
    const quoted = await world.workspace.elements({
      facet: 'processes',
      view: 'mainProcesses',
      filter: "it's",
      page: 1,
      pageSize: 200,
    });
    assert.deepEqual(quoted.items, [], 'a quote is escaped, not a syntax error');

    world.breakService();
    try {
      const offline = await world.workspace.elements({
        facet: 'processes',
        view: 'mainProcesses',
        filter: 'order',
        page: 1,
        pageSize: 200,
      });
      assert.equal(offline.source, 'cache');
      assert.deepEqual(ids(offline.items), ids(online.items));
      // German names match too: the cache is searched in every culture.
      const german = await world.workspace.elements({
        facet: 'processes',
        view: 'mainProcesses',
        filter: 'auftrag',
        page: 1,
        pageSize: 2,
      });
      assert.equal(german.items.length, 2);
      assert.equal(german.hasMore, true);
      const cachedRoots = await world.workspace.elements({
        facet: 'processes',
        view: 'mainProcesses',
        page: 1,
        pageSize: 200,
      });
      assert.equal(cachedRoots.source, 'cache');
      assert.deepEqual(ids(cachedRoots.items), ids(roots));
    } finally {
      await world.restore();
    }
  });

  test('the element page has every section, and records the element as recently opened', async () => {
    const child = (
      await world.workspace.elements({
        facet: 'processes',
        view: 'mainProcesses',
        parentId: roots[0]!.id,
        page: 1,
        pageSize: 200,
      })
    ).items[0]!;
    const page = await world.workspace.element({ facet: 'processes', view: 'mainProcesses', id: child.id });
    assert.equal(page.element.id, child.id);
    assert.equal(page.source, 'live');
    assert.equal(page.info?.id, child.id);
    assert.equal(page.types?.[0]?.key, 'process');
    assert.ok(page.transitions && page.transitions.every((t) => t.sourceState === page.element.state));
    assert.ok(page.versions?.some((v) => v.versionId === page.element.versionId));
    assert.ok(page.content && page.content.length > 0, 'a sub-process has a diagram');
    assert.equal(page.readOnlyVersion, false);
    assert.deepEqual(page.pending, []);
    assert.equal(elementPageSchema.safeParse(page).success, true);
    const recents = await world.workspace.recents();
    assert.equal(recents[0]?.id, child.id);
    assert.equal(recents[0]?.view, 'mainProcesses');
    assert.deepEqual(recents[0]?.displayNames, child.displayNames);
  });

  test('a related element opens without a view: the first view of its facet that has it', async () => {
    const page = await world.workspace.element({ facet: 'processes', view: 'processList', id: roots[1]!.id });
    const author = page.element.related.author?.[0];
    assert.ok(author);
    const related = await world.workspace.element({ facet: author.facetName, id: author.id });
    assert.equal(related.element.id, author.id);
    assert.equal(related.facet, 'organization');
    const views = (await world.workspace.views('organization')).items.map((v) => v.name);
    assert.ok(views.includes(related.view));
    assert.equal(related.content, null, 'a user has no diagram');
    // Once the author has been seen, the process page names it, from the cache, without asking the service.
    const again = await world.workspace.element({
      facet: 'processes',
      view: 'processList',
      id: roots[1]!.id,
    });
    const named = again.element.related.author?.[0] as { attributes?: Record<string, unknown> } | undefined;
    assert.deepEqual(named?.attributes?.name, related.element.attributes.name);
    assert.ok(related.element.attributes.name?.['1033']);
    const missing = world.workspace.element({ facet: 'organization', id: 'no-such-element' });
    await assert.rejects(missing, (e: unknown) => e instanceof LanesError && e.code === 'api.notFound');
  });

  test('an older version is shown read-only, without actions, and is not recorded as opened', async () => {
    const list = await world.workspace.elements({
      facet: 'processes',
      view: 'processList',
      page: 1,
      pageSize: 1000,
    });
    const third = list.items.find((i) => i.version === '1.2');
    assert.ok(third, 'the demo seed has processes with three versions');
    const current = await world.workspace.element({ facet: 'processes', view: 'processList', id: third.id });
    const older = current.versions!.find((v) => v.versionId !== current.element.versionId)!;
    const before = await world.workspace.recents();
    const page = await world.workspace.element({
      facet: 'processes',
      view: 'processList',
      id: third.id,
      versionId: older.versionId!,
    });
    assert.equal(page.readOnlyVersion, true);
    assert.equal(page.element.versionId, older.versionId);
    assert.notEqual(page.element.attributes.version?.['127'], '1.2');
    assert.equal(page.transitions, null);
    assert.deepEqual(await world.workspace.recents(), before);
    const same = await world.workspace.element({
      facet: 'processes',
      view: 'processList',
      id: third.id,
      versionId: current.element.versionId!,
    });
    assert.equal(same.readOnlyVersion, false, 'the current version by id is the ordinary page');
  });

  test('recents are newest first, each element once', async () => {
    const [a, b] = roots;
    await world.workspace.element({ facet: 'processes', view: 'mainProcesses', id: a!.id });
    await world.workspace.element({ facet: 'processes', view: 'mainProcesses', id: b!.id });
    await world.workspace.element({ facet: 'processes', view: 'mainProcesses', id: a!.id });
    const recents = await world.workspace.recents();
    assert.deepEqual(
      recents.slice(0, 2).map((r) => r.id),
      [a!.id, b!.id],
    );
    assert.equal(recents.filter((r) => r.id === a!.id).length, 1);
    assert.ok(recents[0]!.openedAt >= recents[1]!.openedAt);
  });

  test('every layout of a diagram arrives sanitized: no script or inline style, shape ids kept', async () => {
    const child = (
      await world.workspace.elements({
        facet: 'processes',
        view: 'mainProcesses',
        parentId: roots[0]!.id,
        page: 1,
        pageSize: 1,
      })
    ).items[0]!;
    for (const layout of layoutKeys) {
      const diagram = await world.workspace.diagram({ id: child.id, layout, culture: 1031 });
      assert.equal(diagram.source, 'live');
      assert.match(diagram.svg, /^<svg/);
      assert.match(diagram.svg, /data-pz-shape-id="[^"]+"/, layout);
      assert.match(diagram.svg, /data-pz-guid="[^"]+"/, layout);
      assert.doesNotMatch(diagram.svg, /<script|<style|\sstyle=|\son\w+=/i, layout);
      assert.ok(diagram.removed >= 1, 'the emulator embeds a script, which is counted');
    }
  });

  test('the element page crosses the IPC contract: validated in and out', async () => {
    const services = world.appServices();
    try {
      const result = await services.dispatch('workspace.element', { facet: 'processes', id: roots[2]!.id });
      assert.ok(result.ok, JSON.stringify(result));
      assert.equal((result.value as { element: { id: string } }).element.id, roots[2]!.id);
      const bad = await services.dispatch('workspace.element', { facet: 'processes', id: '' });
      assert.equal(bad.ok, false);
    } finally {
      services.dispose();
    }
  });
});

test('without a connected profile every workspace call says so', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-workspace-none-'));
  const session = new CurrentSession({
    dataDir,
    migrations,
    env: {},
    logger: createMemoryLogger(),
    secrets: new MemorySecretStore(),
  });
  const workspace = new WorkspaceService({
    session,
    outboxes: new SessionOutboxes(),
    dataDir,
    logger: createMemoryLogger(),
  });
  try {
    const notConnected = (e: unknown): boolean =>
      e instanceof LanesError && e.code === 'workspace.notConnected';
    await assert.rejects(workspace.facets(), notConnected);
    await assert.rejects(workspace.elements({ facet: 'a', view: 'b', page: 1, pageSize: 10 }), notConnected);
    await assert.rejects(workspace.recents(), notConnected);
    await assert.rejects(workspace.pins(), notConnected);
  } finally {
    await session.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
