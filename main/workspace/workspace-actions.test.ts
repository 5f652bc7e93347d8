import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import type { PinView } from '../../shared/domain/workspace.ts';
import { processPicker, startWorkspaceWorld, type WorkspaceWorld } from './workspace-world.test-support.ts';

const FACET = 'processes';
const VIEW = 'processList';

describe('release actions, the outbox and pins from the workspace', () => {
  let world: WorkspaceWorld;
  const picker = processPicker(() => world);
  const inProcess = (complete: boolean): Element => picker.unusedInProcess(complete);
  const serverState = (id: string): Promise<string | undefined> => picker.serverState(id);

  before(async () => {
    world = await startWorkspaceWorld();
    await picker.load();
  });
  after(() => world.close());

  test('releasing with warnings changes nothing and lists each warning; ignoring them releases', async () => {
    const target = inProcess(false);
    const request = { facet: FACET, view: VIEW, id: target.id, transitionId: 'InProcessToReleased' };
    const warned = await world.workspace.transition(request);
    assert.equal(warned.outcome, 'warning');
    assert.equal(warned.resultType, 'warning');
    assert.equal(warned.page, null);
    assert.ok(warned.messages.length >= 1);
    assert.ok(
      warned.messages.every((m) => /^The element has no (description|owner)\.$/.test(m)),
      warned.messages.join('|'),
    );
    assert.match(warned.message ?? '', /Release validation/);
    assert.equal(await serverState(target.id), 'inProcess');

    const applied = await world.workspace.transition({ ...request, ignoreWarnings: true });
    assert.equal(applied.outcome, 'applied');
    assert.equal(applied.page?.element.state, 'released');
    assert.equal(applied.page?.source, 'live');
    assert.ok(applied.page?.transitions?.every((t) => t.sourceState === 'released'));
    assert.equal(
      (await world.session()).store.element(target.id)?.value.state,
      'released',
      'the cache follows',
    );
  });

  test('a clean release applies at once; a new version of it appears in the versions', async () => {
    const target = inProcess(true);
    const released = await world.workspace.transition({
      facet: FACET,
      view: VIEW,
      id: target.id,
      transitionId: 'InProcessToReleased',
    });
    assert.equal(released.outcome, 'applied');
    assert.equal(await serverState(target.id), 'released');
    const before = released.page!.versions!.length;
    const created = await world.workspace.createVersion({ facet: FACET, view: VIEW, id: target.id });
    assert.equal(created.outcome, 'applied');
    const page = created.page!;
    assert.equal(page.element.state, 'inProcess');
    assert.notEqual(page.element.versionId, released.page!.element.versionId);
    assert.equal(page.versions!.length, before + 1);
    assert.ok(page.versions!.some((v) => v.versionId === page.element.versionId));
  });

  test('right after an outage, a release goes to the service at once instead of waiting in the outbox', async () => {
    const target = inProcess(true);
    await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    world.breakService();
    // Something was read while the service was down: the session now believes it is offline.
    await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    assert.equal((await world.session()).monitor.state, 'offline');
    // The service is back, and nothing has been read since (no grace waited out).
    world.emulator.faults.clear();
    const result = await world.workspace.transition({
      facet: FACET,
      view: VIEW,
      id: target.id,
      transitionId: 'InProcessToInReview',
    });
    assert.equal(result.outcome, 'applied', 'one probe found the service back; nothing was queued');
    assert.equal(await serverState(target.id), 'inReview');
    assert.equal((await world.session()).monitor.state, 'online');
  });

  test('offline, a transition is queued with its target state and delivered by the next send', async () => {
    const target = inProcess(true);
    await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    world.breakService();
    let queued;
    try {
      queued = await world.workspace.transition({
        facet: FACET,
        view: VIEW,
        id: target.id,
        transitionId: 'InProcessToInReview',
      });
      assert.equal(queued.outcome, 'queued');
      assert.equal(queued.page?.source, 'cache');
      assert.equal(queued.page?.element.state, 'inProcess', 'nothing pretends it happened');
      assert.deepEqual(
        queued.page?.pending.map((p) => [p.kind, p.state, p.targetState]),
        [['transition', 'queued', 'inReview']],
      );
      // Behind the queued entry, the next action waits as well, also once the service is back.
      const second = await world.workspace.createVersion({ facet: FACET, view: VIEW, id: target.id });
      assert.equal(second.outcome, 'queued');
    } finally {
      await world.restore();
    }
    const stillWaiting = await world.workspace.transition({
      facet: FACET,
      view: VIEW,
      id: target.id,
      transitionId: 'InReviewToInProcess',
    });
    assert.equal(stillWaiting.outcome, 'queued');
    assert.equal(stillWaiting.page?.pending.length, 3);
    assert.equal(await serverState(target.id), 'inProcess');

    const report = await world.outboxes.for(await world.session()).send('sync');
    // inReview, then createVersion fails (an inReview element has a working version), the transition back runs.
    assert.equal(report.done, 2, JSON.stringify(report));
    assert.equal(report.failed, 1);
    assert.equal(await serverState(target.id), 'inProcess');
    const page = await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    assert.deepEqual(
      page.pending.map((p) => [p.kind, p.state]),
      [['createVersion', 'failed']],
      'only the refused entry is left to show',
    );
  });

  test('pins are listed, added once, removed, and adding one asks for a pull', async () => {
    const before = world.pinned;
    const target = { facet: FACET, view: 'mainProcesses', rootId: null };
    const added = await world.workspace.pin(target);
    assert.equal(world.pinned, before + 1);
    const pin = added.find((p) => p.view === 'mainProcesses' && p.rootId === null);
    assert.ok(pin);
    assert.equal(pin.status, 'pending');
    assert.equal(pin.total, null);
    assert.equal((await world.workspace.pin(target)).length, added.length, 'pinning twice keeps one pin');
    assert.deepEqual(await world.workspace.pins(), added);
    const left = await world.workspace.unpin(pin.id);
    assert.equal(left.length, added.length - 1);
    assert.deepEqual(await world.workspace.unpin(pin.id), left, 'unpinning an unknown pin changes nothing');
  });

  test('in the app, a pin is fetched in the background; then its elements and diagrams read offline', async () => {
    const services = world.appServices();
    try {
      const roots = await services.dispatch('workspace.elements', { facet: FACET, view: 'mainProcesses' });
      assert.ok(roots.ok);
      const root = (roots.value as { items: { id: string }[] }).items[3]!;
      const pinned = await services.dispatch('workspace.pin', {
        facet: FACET,
        view: 'mainProcesses',
        rootId: root.id,
      });
      assert.ok(pinned.ok);
      let pin: PinView | undefined;
      for (let i = 0; i < 300 && pin?.status !== 'done'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const pins = await services.dispatch('workspace.pins', {});
        assert.ok(pins.ok);
        pin = (pins.value as PinView[]).find((p) => p.rootId === root.id);
      }
      assert.equal(pin?.status, 'done', JSON.stringify(pin));
      assert.ok(pin.total! > 1);

      const children = await services.dispatch('workspace.elements', {
        facet: FACET,
        view: 'mainProcesses',
        parentId: root.id,
      });
      assert.ok(children.ok);
      const child = (children.value as { items: { id: string }[] }).items[0]!;
      world.breakService();
      try {
        // A fresh app: nothing in memory, everything from the cache file.
        const offline = world.appServices();
        try {
          const page = await offline.dispatch('workspace.element', { facet: FACET, id: child.id });
          assert.ok(page.ok, JSON.stringify(page));
          const value = page.value as Record<string, unknown>;
          assert.equal(value.source, 'cache');
          for (const section of ['info', 'types', 'transitions', 'versions', 'content'])
            assert.notEqual(value[section], null, section);
          for (const layout of ['horizontal', 'detailed']) {
            const diagram = await offline.dispatch('workspace.diagram', {
              id: child.id,
              layout,
              culture: 1033,
            });
            assert.ok(diagram.ok, JSON.stringify(diagram));
            assert.equal((diagram.value as { source: string }).source, 'cache');
          }
        } finally {
          offline.dispose();
        }
      } finally {
        await world.restore();
      }
    } finally {
      services.dispose();
    }
  });
});
