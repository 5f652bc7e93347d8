/**
 * Issue 23 through the app's main side and the emulator over real HTTP: one
 * outcome for every publish however it was sent, conflicts only when
 * somebody else changed something, and state that follows the element. The
 * diagrams carry what the emulator really loses (a text annotation and its
 * association, the process's extension elements) and what it keeps exactly
 * (label bounds off the grid).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import type { Element } from '../../shared/domain/process.ts';
import type {
  ConflictDetail,
  DraftSummary,
  EditorDocument,
  PublishResult,
} from '../../shared/domain/editor.ts';
import type { ElementPage } from '../../shared/domain/workspace.ts';
import { CacheStore } from '../cache/cache-store.ts';
import { OutboxService } from '../sync/outbox-service.ts';
import { cacheFileFor } from '../cache/cache-location.ts';
import { startAppWorld, type AppWorld } from './app-world.test-support.ts';
import { renameTask, taskNames } from './editor-world.test-support.ts';

const FACET = 'processes';
const VIEW = 'processList';

/** What the emulator drops (annotation, association, process extensions) and keeps (label bounds). */
function withServiceLosses(xml: string): string {
  const task = /<bpmn:task id="([^"]+)"/.exec(xml)![1]!;
  const flow = /<bpmn:sequenceFlow id="([^"]+)"/.exec(xml)![1]!;
  return xml
    .replace(/(<bpmn:definitions [^>]*)>/, '$1 xmlns:camunda="http://camunda.org/schema/1.0/bpmn">')
    .replace(
      /(<bpmn:process [^>]*>)/,
      '$1<bpmn:extensionElements><camunda:properties><camunda:property name="owner" value="Ops" /></camunda:properties></bpmn:extensionElements>',
    )
    .replace(
      '</bpmn:process>',
      `<bpmn:textAnnotation id="Note_kept_not"><bpmn:text>Check twice</bpmn:text></bpmn:textAnnotation><bpmn:association id="Assoc_kept_not" sourceRef="${task}" targetRef="Note_kept_not" /></bpmn:process>`,
    )
    .replace(
      '</bpmndi:BPMNPlane>',
      '<bpmndi:BPMNShape id="Note_kept_not_di" bpmnElement="Note_kept_not"><dc:Bounds x="400" y="20" width="100" height="30" /></bpmndi:BPMNShape><bpmndi:BPMNEdge id="Assoc_kept_not_di" bpmnElement="Assoc_kept_not"><di:waypoint x="300" y="100" /><di:waypoint x="420" y="50" /></bpmndi:BPMNEdge></bpmndi:BPMNPlane>',
    )
    .replace(
      new RegExp(`(<bpmndi:BPMNEdge id="[^"]*" bpmnElement="${flow}">[\\s\\S]*?)(</bpmndi:BPMNEdge>)`),
      '$1<bpmndi:BPMNLabel><dc:Bounds x="211.5" y="88.25" width="20" height="14" /></bpmndi:BPMNLabel>$2',
    );
}

/** What was not kept, without the process's own id (which differs between processes). */
const lossShape = (result: PublishResult): string[] =>
  (result.notKept ?? []).map((item) => `${item.kind}:${item.property ?? 'element'}`).sort();

describe('one outcome for every publish; conflicts only from others; state follows the element', () => {
  let world: AppWorld;
  const targetOf = (process: Element) => ({ facet: FACET, view: VIEW, id: process.id, culture: 1033 });

  before(async () => {
    world = await startAppWorld();
  });
  after(() => world.close());

  async function draft(process: Element, change: (xml: string) => string): Promise<string> {
    const opened = await world.call<EditorDocument>('editor.open', targetOf(process));
    const xml = change(opened.xml);
    await world.call('editor.saveDraft', { ...targetOf(process), xml });
    return xml;
  }

  test('a publish delivered by Sync now has the same outcome as publish now, and the service version is shown', async () => {
    const direct = await world.freshProcess();
    await draft(direct, withServiceLosses);
    const now = await world.call<PublishResult>('editor.publish', targetOf(direct));
    assert.equal(now.outcome, 'published');
    assert.ok((now.notKept ?? []).length > 0);

    const later = await world.freshProcess();
    await draft(later, withServiceLosses);
    world.breakService();
    try {
      assert.equal((await world.call<PublishResult>('editor.publish', targetOf(later))).outcome, 'queued');
    } finally {
      await world.restore();
    }
    await world.call('sync.run', { send: true, pull: false });
    const published = await world.waitFor('editor.published', (event) => event.id === later.id);
    assert.equal(published.via, 'sync');
    assert.deepEqual(lossShape(published.result), lossShape(now), 'the same verification, the same list');
    assert.deepEqual(lossShape(published.result), [
      'bpmn:Association:element',
      'bpmn:Process:extensionElements',
      'bpmn:TextAnnotation:element',
    ]);
    // The tab's canvas takes the service's version: no annotation, the label exactly where it was put.
    const shown = published.result.document!;
    assert.equal(shown.source, 'live');
    assert.equal(shown.draftSavedAt, null, 'the published draft is closed');
    assert.ok(!shown.xml.includes('Note_kept_not'));
    assert.ok(shown.xml.includes('x="211.5" y="88.25"'));
    assert.equal(shown.xml, await world.service.bpmn.exportBpmn(later.id, 1033));
    // The outbox's own event said so first: no draft, nothing waiting.
    const standing = world.eventsOf('outbox.changed').filter((e) => e.elementIds.includes(later.id));
    assert.deepEqual(standing.at(-1)?.diagrams, []);

    // What the service dropped can be brought back as a draft, on the service's version.
    const restored = await world.call<EditorDocument>('editor.restoreSent', targetOf(later));
    assert.equal(restored.source, 'draft');
    assert.ok(restored.xml.includes('Note_kept_not'));
    await world.call('editor.discardDraft', { id: later.id, culture: 1033 });
  });

  test('my own change delivered by sync is never "theirs"; a colleague\'s change is, alone', async () => {
    const process = await world.freshProcess(3);
    const sent = await draft(process, (xml) => withServiceLosses(renameTask(0, 'Mine, offline')(xml)));
    world.breakService();
    try {
      await world.call('editor.publish', targetOf(process));
    } finally {
      await world.restore();
    }
    await world.call('sync.run', { send: true, pull: false });
    await world.waitFor('editor.published', (event) => event.id === process.id);

    // Going on from what is on screen (the sent version, annotation and all): no review, nothing to merge.
    await world.call('editor.saveDraft', { ...targetOf(process), xml: renameTask(1, 'Mine, later')(sent) });
    const next = await world.call<PublishResult>('editor.publish', targetOf(process));
    assert.equal(next.outcome, 'published', next.error?.message ?? '');

    // My next edit; meanwhile a colleague renames a third task: merged, held for review with only that.
    await draft(process, renameTask(0, 'Mine, once more'));
    const names = taskNames(await world.service.bpmn.exportBpmn(process.id, 1033));
    await world.service.bpmn.importBpmn(
      process.id,
      1033,
      renameTask(2, 'Theirs')(await world.service.bpmn.exportBpmn(process.id, 1033)),
    );
    const review = await world.call<PublishResult>('editor.publish', targetOf(process));
    assert.equal(review.outcome, 'review');
    const detail = await world.call<ConflictDetail>('editor.conflict', { id: review.conflictId });
    assert.deepEqual(
      detail.theirs.map((change) => change.name),
      ['Theirs'],
      `only the colleague's change (was ${names[2]})`,
    );
    assert.deepEqual(detail.overlapList, []);
    await world.call('editor.resolve', { id: review.conflictId, resolution: 'merged' });
  });

  test('a hand-merged publish closes the draft, and the next publish needs no review', async () => {
    const process = await world.freshProcess();
    const mine = await draft(process, (xml) => withServiceLosses(renameTask(0, 'Mine')(xml)));
    await world.service.bpmn.importBpmn(
      process.id,
      1033,
      renameTask(1, 'Theirs')(await world.service.bpmn.exportBpmn(process.id, 1033)),
    );
    const review = await world.call<PublishResult>('editor.publish', targetOf(process));
    assert.equal(review.outcome, 'review');
    // The modeler merges by hand in the editor, saves, and publishes the result.
    const merged = renameTask(1, 'Theirs')(mine);
    await world.call('editor.saveDraft', { ...targetOf(process), xml: merged });
    const resolved = await world.call<PublishResult>('editor.resolve', {
      id: review.conflictId,
      resolution: 'merged',
      xml: merged,
    });
    assert.equal(resolved.outcome, 'published');
    const told = await world.waitFor('editor.published', (event) => event.publishId === resolved.publishId);
    assert.equal(told.result.document?.source, 'live');
    const drafts = await world.call<DraftSummary[]>('editor.drafts', {});
    assert.ok(!drafts.some((d) => d.id === process.id), 'the published draft is closed');

    await draft(process, renameTask(2, 'Next edit'));
    const next = await world.call<PublishResult>('editor.publish', targetOf(process));
    assert.equal(next.outcome, 'published', `no review: ${next.error?.message ?? ''}`);
  });

  test('released while a draft is open: the tab learns it, and "new version and publish" is one operation, sent once', async () => {
    const process = await world.freshProcess();
    await draft(process, renameTask(0, 'Into the new version'));
    const before = (await world.service.process.listVersions(FACET, VIEW, process.id)).length;
    const released = await world.call<{ outcome: string }>('workspace.transition', {
      facet: FACET,
      view: VIEW,
      id: process.id,
      transitionId: 'InProcessToReleased',
      ignoreWarnings: true,
    });
    assert.equal(released.outcome, 'applied');
    const told = await world.waitFor(
      'editor.documentState',
      (s) => s.id === process.id && s.state === 'released',
    );
    assert.deepEqual(told.readOnly, { reason: 'released', state: 'released' });
    assert.equal(told.canCreateVersion, true);

    // Offline: one queued operation, also when a plain publish was queued first.
    world.breakService();
    let queued: PublishResult;
    try {
      await world.call<PublishResult>('editor.publish', targetOf(process));
      queued = await world.call<PublishResult>('editor.publish', { ...targetOf(process), newVersion: true });
    } finally {
      await world.restore();
    }
    assert.equal(queued.outcome, 'queued');
    const page = await world.call<ElementPage>('workspace.element', {
      facet: FACET,
      view: VIEW,
      id: process.id,
    });
    assert.deepEqual(
      page.pending.map((p) => p.kind),
      ['bpmnImport'],
    );

    await world.call('sync.run', { send: true, pull: false });
    const published = await world.waitFor('editor.published', (event) => event.id === process.id);
    assert.equal(published.result.document?.state, 'inProcess');
    assert.equal(published.result.document?.readOnly, null);
    assert.equal((await world.service.process.listVersions(FACET, VIEW, process.id)).length, before + 1);
    assert.ok(
      taskNames(await world.service.bpmn.exportBpmn(process.id, 1033)).includes('Into the new version'),
    );
    // A second sync sends nothing again: delivered once.
    await world.call('sync.run', { send: true, pull: false });
    assert.equal((await world.service.process.listVersions(FACET, VIEW, process.id)).length, before + 1);
    const after = await world.call<ElementPage>('workspace.element', {
      facet: FACET,
      view: VIEW,
      id: process.id,
    });
    assert.deepEqual(after.pending, [], 'nothing pending on the element page');
  });

  test('a refused publish stops being pending once a new version was made and published', async () => {
    const process = await world.freshProcess();
    await draft(process, renameTask(0, 'Refused first'));
    // Released behind the app's back: the next publish is refused.
    await world.service.process.changeState(process.id, 'InProcessToReleased', { ignoreWarnings: true });
    const refused = await world.call<PublishResult>('editor.publish', targetOf(process));
    assert.equal(refused.outcome, 'failed');
    const page = await world.call<ElementPage>('workspace.element', {
      facet: FACET,
      view: VIEW,
      id: process.id,
    });
    assert.deepEqual(
      page.pending.map((p) => [p.kind, p.state]),
      [['bpmnImport', 'failed']],
    );
    const into = await world.call<PublishResult>('editor.publish', {
      ...targetOf(process),
      newVersion: true,
    });
    assert.equal(into.outcome, 'published');
    const now = await world.call<ElementPage>('workspace.element', {
      facet: FACET,
      view: VIEW,
      id: process.id,
    });
    assert.deepEqual(now.pending, [], 'the old refusal is no longer news');
  });

  test('a publish sent from the command line reaches the app at the next sync, with the same list', async () => {
    const process = await world.freshProcess();
    const xml = await draft(process, withServiceLosses);
    await world.call('editor.discardDraft', { id: process.id, culture: 1033 });
    // Another process on the same cache file: what `lanes draft save` and `lanes publish` do.
    const db = new Database(cacheFileFor(world.dataDir, 'Demo'));
    try {
      const cli = new OutboxService({
        db,
        clients: () => world.service,
        cache: new CacheStore(db),
        reviewMerges: false,
      });
      const base = new CacheStore(db).bpmnExport(process.id, 1033)!;
      cli.drafts.save({
        elementId: process.id,
        culture: 1033,
        baseVersionId: base.versionId,
        baseChangedOn: base.changedOn,
        baseXml: base.xml,
        localXml: xml,
      });
      cli.publish({ elementId: process.id, culture: 1033, facet: FACET, view: VIEW });
      assert.equal((await cli.send('cli')).done, 1);
    } finally {
      db.close();
    }
    assert.equal(world.eventsOf('editor.published').filter((e) => e.id === process.id).length, 0);
    await world.call('sync.run', { send: true, pull: true });
    const told = await world.waitFor('editor.published', (event) => event.id === process.id);
    assert.equal(told.via, 'cli');
    assert.deepEqual(lossShape(told.result), [
      'bpmn:Association:element',
      'bpmn:Process:extensionElements',
      'bpmn:TextAnnotation:element',
    ]);
    assert.ok(!told.result.document?.xml.includes('Note_kept_not'));
  });
});
