/**
 * An outbox failure reaches the element page as data, through the real path:
 * a transition queued while the service was away, a colleague's change that
 * makes it unavailable, the send that the service's state refuses (the
 * emulator, a real SQLite outbox), and the element page as main's IPC
 * dispatch answers it (validated by the contract): a code with parameters,
 * which the catalogue renders in German, never an English sentence.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { translateError } from '../../shared/i18n/translate.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { startWorkspaceWorld, type WorkspaceWorld } from './workspace-world.test-support.ts';

const FACET = 'processes';
const VIEW = 'processList';

let world: WorkspaceWorld;
before(async () => {
  world = await startWorkspaceWorld();
});
after(() => world.close());

test('a refused transition is on the element page as code and parameters, shown in German', async () => {
  const session = await world.session();
  const processes = await session.clients.process.listAllElements(FACET, VIEW);
  const target = processes.find((e) => e.state === 'inProcess');
  assert.ok(target, 'the demo seed has a process in state inProcess');
  await world.workspace.element({ facet: FACET, view: VIEW, id: target.id });

  world.breakService();
  try {
    const queued = await world.workspace.transition({
      facet: FACET,
      view: VIEW,
      id: target.id,
      transitionId: 'InProcessToReadyForQA',
    });
    assert.equal(queued.outcome, 'queued');
  } finally {
    await world.restore();
  }
  // Meanwhile a colleague sent it to review: from there, the queued transition is not offered.
  await session.clients.process.changeState(target.id, 'InProcessToInReview', { ignoreWarnings: true });
  const report = await world.outboxes.for(session).send('sync');
  assert.equal(report.failed, 1, JSON.stringify(report));

  const services = world.appServices();
  try {
    const answer = await services.dispatch('workspace.element', { facet: FACET, view: VIEW, id: target.id });
    assert.ok(answer.ok, JSON.stringify(answer));
    const page = answer.value as ElementPage;
    const [failed] = page.pending;
    assert.equal(failed?.state, 'failed');
    assert.equal(failed.lastError?.code, 'outbox.transitionUnavailable');
    assert.deepEqual(failed.lastError.params, {
      transitionId: 'InProcessToReadyForQA',
      targetState: 'readyForQa',
      state: 'inReview',
    });
    assert.equal(
      translateError('de', failed.lastError),
      'Der Wechsel nach „Bereit zur Qualitätssicherung“ ist nicht mehr möglich: Das Element ist jetzt im Status „In Prüfung“.',
    );
    assert.equal(
      translateError('en', failed.lastError),
      'The change to Ready for QA is no longer available: the element is now In review.',
    );
  } finally {
    services.dispose();
  }
});
