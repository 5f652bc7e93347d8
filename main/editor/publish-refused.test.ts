/**
 * Issue 39, item 4, through the app's main side and the emulator: a publish
 * the service refuses because a colleague released the process meanwhile is
 * no dead end. The tab is told the released state at once (not at the next
 * sync), the answer's document is the draft, read-only, with a new version
 * possible; publishing into a new version is one operation, queued offline
 * and sent once; a publish queued offline and refused by the send when the
 * service is back is told the same way.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import type { EditorDocument, PublishResult } from '../../shared/domain/editor.ts';
import { startAppWorld, type AppWorld } from './app-world.test-support.ts';
import { renameTask, taskNames } from './editor-world.test-support.ts';

const FACET = 'processes';
const VIEW = 'processList';

describe('a publish refused because the process was released meanwhile', () => {
  let world: AppWorld;
  const targetOf = (process: Element) => ({ facet: FACET, view: VIEW, id: process.id, culture: 1033 });

  before(async () => {
    world = await startAppWorld();
  });
  after(() => world.close());

  async function draft(process: Element, name: string): Promise<string> {
    const opened = await world.call<EditorDocument>('editor.open', targetOf(process));
    const xml = renameTask(0, name)(opened.xml);
    await world.call('editor.saveDraft', { ...targetOf(process), xml });
    return xml;
  }
  const versions = async (process: Element) =>
    (await world.service.process.listVersions(FACET, VIEW, process.id)).length;
  const releaseBehindTheAppsBack = (process: Element) =>
    world.service.process.changeState(process.id, 'InProcessToReleased', { ignoreWarnings: true });

  test('refused right away: the tab is told at once, the draft kept, and the way on is one operation, offline too', async () => {
    const process = await world.freshProcess();
    const mine = await draft(process, 'Before the release');
    await releaseBehindTheAppsBack(process);

    const refused = await world.call<PublishResult>('editor.publish', targetOf(process));
    assert.equal(refused.outcome, 'failed');
    const doc = refused.document!;
    assert.deepEqual(doc.readOnly, { reason: 'released', state: 'released' });
    assert.equal(doc.canCreateVersion, true, 'a new version may be made');
    assert.equal(doc.source, 'draft', 'the draft is kept');
    assert.equal(doc.xml, mine);
    assert.equal(doc.publish.state, 'failed');
    // No sync ran: the tabs learn the state from the refusal itself.
    const state = await world.waitFor(
      'editor.documentState',
      (s) => s.id === process.id && s.state === 'released',
    );
    assert.deepEqual(state.readOnly, { reason: 'released', state: 'released' });
    assert.equal(state.canCreateVersion, true);

    // "Create a new version and publish into it", offline: one queued operation.
    const before = await versions(process);
    world.breakService();
    let queued: PublishResult;
    try {
      queued = await world.call<PublishResult>('editor.publish', { ...targetOf(process), newVersion: true });
    } finally {
      await world.restore();
    }
    assert.equal(queued.outcome, 'queued');
    assert.equal(queued.document?.publish.state, 'queued');
    assert.equal(queued.document?.canCreateVersion, false, 'the new version is on its way');
    assert.equal(await versions(process), before);

    await world.call('sync.run', { send: true, pull: false });
    const published = await world.waitFor('editor.published', (event) => event.id === process.id);
    assert.equal(published.result.document?.state, 'inProcess');
    assert.equal(published.result.document?.readOnly, null);
    assert.equal(await versions(process), before + 1);
    assert.ok(
      taskNames(await world.service.bpmn.exportBpmn(process.id, 1033)).includes('Before the release'),
    );
    await world.call('sync.run', { send: true, pull: false });
    assert.equal(await versions(process), before + 1, 'sent once');
  });

  test('queued offline, refused when sent: the tab is told by the send, without a pull', async () => {
    const process = await world.freshProcess();
    await draft(process, 'Queued on the train');
    world.breakService();
    try {
      const queued = await world.call<PublishResult>('editor.publish', targetOf(process));
      assert.equal(queued.outcome, 'queued');
    } finally {
      await world.restore();
    }
    await releaseBehindTheAppsBack(process);
    await world.call('sync.run', { send: true, pull: false });
    const state = await world.waitFor(
      'editor.documentState',
      (s) => s.id === process.id && s.state === 'released',
    );
    assert.deepEqual(state.readOnly, { reason: 'released', state: 'released' });
    const opened = await world.call<EditorDocument>('editor.open', targetOf(process));
    assert.equal(opened.source, 'draft', 'the draft is kept');
    assert.equal(opened.publish.state, 'failed');
  });
});
