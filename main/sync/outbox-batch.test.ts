import { clientsFor, freshCacheDb } from './emulator-clients.test-support.ts';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { Db } from '../cache/database.ts';
import { changedOnOf, type Element } from '../../shared/domain/process.ts';
import { OutboxService } from './outbox-service.ts';
import type { OutboxClients } from './service-view.ts';

const FACET = 'processes';
const VIEW = 'processList';

/** One change for many elements: independent operations sharing a batch id, against the emulator. */
describe('a batch of operations for many elements', () => {
  let emulator: RunningEmulator;
  let clients: OutboxClients;
  let outbox: OutboxService;
  let db: Db;
  let released: Element[];

  before(async () => {
    emulator = await startEmulator({ seed: 'demo', quiet: true });
    const { process, bpmn } = clientsFor(emulator.config, { retry: { maxAttempts: 1 } });
    clients = { process, bpmn };
    released = (await process.listAllElements(FACET, VIEW)).filter((e) => e.state === 'released');
    assert.ok(released.length >= 28, `the demo seed has 28 released processes, found ${released.length}`);
    db = await freshCacheDb('lanes-batch-');
    outbox = new OutboxService({ db, clients: () => clients, reviewMerges: false, random: () => 0.5 });
  });
  after(async () => {
    db.close();
    await emulator.close();
  });
  beforeEach(() => emulator.faults.clear());

  const stateOf = async (id: string): Promise<string | undefined> =>
    (await clients.process.getElement(FACET, VIEW, id)).state;

  /** The same transition for every element, as one batch. */
  function queueTransition(elements: Element[], transitionId: string, targetState: string) {
    const batchId = outbox.newBatch();
    const opIds = elements.map((element) =>
      outbox.execute(
        'transition',
        {
          elementId: element.id,
          facet: FACET,
          view: VIEW,
          versionId: element.versionId ?? null,
          changedOn: changedOnOf(element),
        },
        { transitionId, ignoreWarnings: false, targetState },
        { batchId },
      ),
    );
    return { batchId, opIds };
  }

  test('twenty elements, the first refused by the service: the other nineteen are sent and done', async () => {
    const twenty = released.slice(0, 20);
    const [first] = twenty;
    // The service refuses the first element's transition outright.
    emulator.faults.add({
      route: `*/release/${first!.id}/transitions/*`,
      method: 'POST',
      failRate: 1,
      status: 400,
    });
    const { batchId, opIds } = queueTransition(twenty, 'ReleasedToRequestToExpire', 'requestToExpire');
    assert.deepEqual(outbox.batchProgress(batchId), {
      total: 20,
      done: 0,
      failed: 0,
      cancelled: 0,
      held: 0,
      open: 20,
    });
    // None waits for another: every one of them can go now.
    assert.equal(outbox.outbox.runnable().filter((op) => op.batchId === batchId).length, 20);

    const seen: string[] = [];
    const sent = await outbox.sendNow(opIds, {
      via: 'editor',
      onEvent: (event) => seen.push(`${event.type}:${event.op.elementId}`),
    });
    assert.equal(seen[0], `failed:${first!.id}`, 'the refused one was sent first');
    assert.deepEqual(
      sent.map((s) => s.op.state),
      ['failed', ...Array<string>(19).fill('done')],
    );
    assert.deepEqual(outbox.batchProgress(batchId), {
      total: 20,
      done: 19,
      failed: 1,
      cancelled: 0,
      held: 0,
      open: 0,
    });
    assert.equal(await stateOf(first!.id), 'released', 'the refused one is unchanged');
    for (const element of twenty.slice(1)) assert.equal(await stateOf(element.id), 'requestToExpire');
  });

  test('cancelling a batch withdraws what was not sent yet; it is counted, kept, and never sent', async () => {
    const eight = released.slice(20, 28);
    const { batchId, opIds } = queueTransition(eight, 'ReleasedToInEffect', 'inEffect');
    const sent = await outbox.sendNow(opIds, {
      via: 'editor',
      // The user cancels as soon as the first one arrived.
      onEvent: (event) => {
        if (event.type === 'done') outbox.cancelBatch(batchId);
      },
    });
    assert.deepEqual(
      sent.map((s) => s.op.state),
      ['done', ...Array<string>(7).fill('cancelled')],
    );
    assert.deepEqual(outbox.batchProgress(batchId), {
      total: 8,
      done: 1,
      failed: 0,
      cancelled: 7,
      held: 0,
      open: 0,
    });
    assert.equal(await stateOf(eight[0]!.id), 'inEffect');
    for (const element of eight.slice(1)) assert.equal(await stateOf(element.id), 'released');
    // A later send never picks them up; they are no longer news on the element, but still listed.
    const later = await outbox.send('sync');
    assert.equal(later.done + later.failed, 0);
    assert.deepEqual(outbox.outbox.unfinished(eight[1]!.id), []);
    assert.equal(outbox.outbox.list(['cancelled']).length, 7);
    assert.equal(outbox.outbox.count(['cancelled']), 7);
    assert.equal(outbox.outbox.count(['failed']), 1, 'the refusal of the other test, not the cancelled ones');
  });
});
