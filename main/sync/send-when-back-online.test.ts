/**
 * Offline edits go out by themselves when the service answers again: the app's
 * main side against the emulator over real HTTP, with the service really out
 * of reach and back, and nobody pressing "Sync now".
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EditorDocument, PublishResult } from '../../shared/domain/editor.ts';
import type { SyncStatus } from '../../shared/domain/sync.ts';
import { startAppWorld, type AppWorld } from '../editor/app-world.test-support.ts';
import { renameTask, taskNames } from '../editor/editor-world.test-support.ts';

describe('a publish made while the service is out of reach', () => {
  let world: AppWorld;
  before(async () => {
    world = await startAppWorld();
  });
  after(() => world.close());

  test('is sent by itself once the service answers again, and the tab hears it was published', async () => {
    const process = await world.freshProcess();
    const target = { facet: 'processes', view: 'processList', id: process.id, culture: 1033 };
    const opened = await world.call<EditorDocument>('editor.open', target);
    await world.call('editor.saveDraft', { ...target, xml: renameTask(0, 'Sent when back')(opened.xml) });

    world.breakService();
    let queued: PublishResult;
    try {
      queued = await world.call<PublishResult>('editor.publish', target);
    } finally {
      await world.restore();
    }
    assert.equal(queued.outcome, 'queued', 'offline, the publish waits in the outbox');
    assert.ok(!taskNames(await world.service.bpmn.exportBpmn(process.id, 1033)).includes('Sent when back'));

    // No "Sync now": the monitor's own probe notices the service, and what waits goes out.
    await world.waitFor('editor.published', (event) => event.id === process.id);
    assert.ok(taskNames(await world.service.bpmn.exportBpmn(process.id, 1033)).includes('Sent when back'));
    const status = await world.call<SyncStatus>('sync.status', {});
    assert.equal(status.online, 'online');
    assert.equal(status.queued, 0, 'nothing is left waiting');
  });
});
