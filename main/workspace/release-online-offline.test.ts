import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FaultRule } from '../../emulator/index.ts';
import type { Element } from '../../shared/domain/process.ts';
import type { ActionResult } from '../../shared/domain/workspace.ts';
import { processPicker, startWorkspaceWorld, type WorkspaceWorld } from './workspace-world.test-support.ts';

const FACET = 'processes';
const VIEW = 'processList';
/** The change-state request (the transitions list is a GET on the path without the id). */
const POST_TRANSITION = '*/release/*/transitions/*';

/**
 * A release transition is one outbox operation whether the user acts online
 * (sent at once) or offline (sent by the next sync): the same faults give
 * the same outcome, each delivered exactly once.
 */
describe('release transitions online and offline, through the one write path', () => {
  let world: WorkspaceWorld;
  const picker = processPicker(() => world);
  const unused = (complete: boolean): Element => picker.unusedInProcess(complete);
  const serverState = (id: string): Promise<string | undefined> => picker.serverState(id);
  const outbox = async () => world.outboxes.for(await world.session());

  before(async () => {
    world = await startWorkspaceWorld();
    await picker.load();
  });
  after(() => world.close());

  /**
   * Acts online or offline with these faults on the service; then syncs until
   * the operation is settled. Returns the action's result and how many
   * change-state requests reached the service.
   */
  async function transitionWith(
    start: 'online' | 'offline',
    target: Element,
    transitionId: string,
    faults: FaultRule[],
  ): Promise<{ result: ActionResult; posts: number; syncs: number }> {
    await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    const armed = (): (() => number) => {
      const counter = world.emulator.faults.add({ route: POST_TRANSITION, method: 'POST' });
      for (const fault of faults) world.emulator.faults.add(fault);
      // The injector lists each rule with how many requests it matched.
      return () =>
        (world.emulator.faults.list().rules.find((r) => r.id === counter.id) as unknown as { hits: number })
          .hits;
    };
    let posts: () => number;
    let result: ActionResult;
    if (start === 'online') {
      posts = armed();
      result = await world.workspace.transition({ facet: FACET, view: VIEW, id: target.id, transitionId });
    } else {
      world.breakService();
      result = await world.workspace.transition({ facet: FACET, view: VIEW, id: target.id, transitionId });
      await world.restore();
      posts = armed();
    }
    let syncs = 0;
    const open = async (): Promise<boolean> =>
      (await outbox()).outbox.ofElement(target.id, { states: ['queued', 'sending', 'unknown'] }).length > 0;
    while ((await open()) && syncs < 4) {
      await (await outbox()).send('sync');
      syncs++;
    }
    const total = posts();
    world.emulator.faults.clear();
    return { result, posts: total, syncs };
  }

  /** One transition operation of the element, done; nothing left to show on its page. */
  async function deliveredOnce(target: Element, state: string): Promise<void> {
    assert.equal(await serverState(target.id), state);
    assert.deepEqual(
      (await outbox()).outbox.ofElement(target.id).map((op) => [op.kind, op.state]),
      [['transition', 'done']],
    );
    const page = await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    assert.deepEqual(page.pending, []);
  }

  for (const start of ['online', 'offline'] as const) {
    test(`${start}: a 5xx is retried and the transition delivered once`, async () => {
      const target = unused(true);
      const { result, posts } = await transitionWith(start, target, 'InProcessToInReview', [
        { route: POST_TRANSITION, method: 'POST', failRate: 1, status: 500, count: 1 },
      ]);
      assert.equal(result.outcome, 'queued');
      assert.deepEqual(
        result.page?.pending.map((p) => [p.kind, p.targetState]),
        [['transition', 'inReview']],
      );
      assert.equal(posts, 2, 'the refused request, then the one that arrived');
      await deliveredOnce(target, 'inReview');
    });

    test(`${start}: an answer lost on the way back is checked, not sent again`, async () => {
      const target = unused(true);
      const { result, posts, syncs } = await transitionWith(start, target, 'InProcessToInReview', [
        { route: POST_TRANSITION, method: 'POST', resetRate: 1, count: 1 },
      ]);
      assert.equal(result.outcome, 'queued');
      if (start === 'online') assert.equal(result.page?.pending[0]?.state, 'unknown');
      assert.ok(syncs >= 1);
      assert.equal(posts, 1, 'applied by the first request; the check found it there');
      await deliveredOnce(target, 'inReview');
    });

    test(`${start}: the service out of reach for the request leaves it queued for the next sync`, async () => {
      const target = unused(true);
      const { result, posts } = await transitionWith(start, target, 'InProcessToInReview', [
        { route: POST_TRANSITION, method: 'POST', failRate: 1, status: 503, retryAfter: 0, count: 1 },
      ]);
      assert.equal(result.outcome, 'queued');
      assert.equal(result.page?.element.state, 'inProcess', 'nothing pretends it happened');
      assert.equal(posts, 2);
      await deliveredOnce(target, 'inReview');
    });
  }

  test('offline, a colleague made the same change meanwhile: the queued transition is done, nothing sent twice, no refusal shown', async () => {
    const target = unused(true);
    await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });
    world.breakService();
    const queued = await world.workspace.transition({
      facet: FACET,
      view: VIEW,
      id: target.id,
      transitionId: 'InProcessToInReview',
    });
    await world.restore();
    assert.equal(queued.outcome, 'queued');
    // The colleague, on the service.
    const session = await world.session();
    await session.clients.process.changeState(target.id, 'InProcessToInReview', { ignoreWarnings: true });
    const counter = world.emulator.faults.add({ route: POST_TRANSITION, method: 'POST' });
    await (await outbox()).send('sync');
    const posts = (
      world.emulator.faults.list().rules.find((r) => r.id === counter.id) as unknown as { hits: number }
    ).hits;
    world.emulator.faults.clear();
    assert.equal(posts, 0, 'nothing sent: the service already holds it');
    await deliveredOnce(target, 'inReview');
  });

  test('a validation warning: found by a sync it stays as a failure to show; answered online it is withdrawn', async () => {
    const target = unused(false);
    const request = { facet: FACET, view: VIEW, id: target.id, transitionId: 'InProcessToReleased' };
    const { result } = await transitionWith('offline', target, request.transitionId, []);
    assert.equal(result.outcome, 'queued');
    assert.equal(await serverState(target.id), 'inProcess');
    const pending = async () =>
      (await world.workspace.element(request)).pending.map((p) => [p.kind, p.state]);
    assert.deepEqual(await pending(), [['transition', 'failed']], 'nobody answered it: news');

    const warned = await world.workspace.transition(request);
    assert.equal(warned.outcome, 'warning');
    assert.ok(warned.messages.length >= 1);
    assert.equal(await serverState(target.id), 'inProcess');
    assert.deepEqual(
      (await outbox()).outbox.ofElement(target.id).map((op) => op.state),
      ['failed', 'cancelled'],
      'the answered one is withdrawn, not a second failure',
    );
    assert.deepEqual(await pending(), [['transition', 'failed']]);

    const applied = await world.workspace.transition({ ...request, ignoreWarnings: true });
    assert.equal(applied.outcome, 'applied');
    assert.equal(await serverState(target.id), 'released');
    assert.deepEqual(
      await pending(),
      [],
      'the same transition done later: the old failure is no longer news',
    );
  });
});
