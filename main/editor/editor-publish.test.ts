import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import {
  CULTURE,
  FACET,
  VIEW,
  namesById,
  renameTask,
  startEditorWorld,
  taskNames,
  type EditorWorld,
} from './editor-world.test-support.ts';

describe('publishing from the editor: now, queued, reviewed merges, conflicts, released processes', () => {
  let world: EditorWorld;
  const targetOf = (process: Element) => ({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });

  before(async () => {
    world = await startEditorWorld();
  });
  after(() => world.close());

  /** Opens the process and saves a draft with one task renamed; returns the server copy it started from. */
  async function draftWith(process: Element, n: number, name: string): Promise<string> {
    const opened = await world.editor.open(targetOf(process));
    await world.editor.saveDraft({ ...targetOf(process), xml: renameTask(n, name)(opened.xml) });
    return opened.xml;
  }

  test('publishing without a draft is refused', async () => {
    const process = await world.freshProcess('inProcess');
    await assert.rejects(
      world.editor.publish(targetOf(process)),
      (error) => error instanceof LanesError && error.code === 'editor.noDraft',
    );
  });

  test('save then publish: the service has exactly the change, the summary is shown, the history has both', async () => {
    const process = await world.freshProcess('inProcess');
    const before = await draftWith(process, 0, 'Published from the editor');
    const result = await world.editor.publish(targetOf(process));
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    assert.match(result.importSummary ?? '', /^BPMN imported: /);

    const expected = await namesById(before);
    const renamedId = [...expected].find(([, name]) => name === taskNames(before)[0])![0];
    expected.set(renamedId, 'Published from the editor');
    assert.deepEqual(await namesById(await world.serverXml(process.id)), expected);

    // The answer acknowledges; the outcome with the document is told to the tabs, once.
    assert.equal(result.document, null);
    const told = world.publishedOutcome(process.id);
    assert.equal(told.publishId, result.publishId);
    assert.equal(told.importSummary, result.importSummary);
    assert.equal(told.document?.source, 'live');
    assert.equal(told.document?.publish.state, 'none');
    assert.notEqual(told.document?.changedOn, process.attributes.changedOn?.['127']);
    assert.equal(told.document?.draftSavedAt, null, 'the published draft is gone');
    const history = await world.editor.history({ id: process.id, culture: CULTURE });
    // The version as the service has it now, what Lanes sent, and the diagram before the publish.
    assert.deepEqual(
      history.map((h) => h.kind),
      ['server', 'published', 'seen'],
    );
    // The service exports exactly what was published: one stored diagram, shown as the version and as sent.
    const xmlOf = async (key: string) =>
      (await world.editor.historyXml({ id: process.id, culture: CULTURE, key })).xml;
    assert.equal(await xmlOf(history[0]!.key), await xmlOf(history[1]!.key));
  });

  test('offline the publish waits in the outbox; a sync sends it', async () => {
    const process = await world.freshProcess('inProcess');
    await draftWith(process, 1, 'Published later');
    world.breakService();
    try {
      const queued = await world.editor.publish(targetOf(process));
      assert.equal(queued.outcome, 'queued');
      assert.equal(queued.document?.publish.state, 'queued');
      assert.equal(queued.document?.source, 'draft');
      assert.ok(!taskNames(await world.serverXml(process.id).catch(() => '')).includes('Published later'));
    } finally {
      await world.restore();
    }
    const synced = await world.sync.run({ send: true, pull: false });
    assert.equal(synced.sent?.done, 1);
    assert.ok(taskNames(await world.serverXml(process.id)).includes('Published later'));
    const doc = await world.editor.open(targetOf(process));
    assert.equal(doc.publish.state, 'none');
    assert.equal(doc.source, 'live');
  });

  test('a server change that does not overlap is merged and held for review; publishing the merge sends both', async () => {
    const process = await world.freshProcess('inProcess');
    await draftWith(process, 0, 'Mine, first task');
    await world.otherClient(process.id, renameTask(1, 'Theirs, second task'));
    const review = await world.editor.publish(targetOf(process));
    assert.equal(review.outcome, 'review');
    assert.ok(review.conflictId);
    assert.ok(!taskNames(await world.serverXml(process.id)).includes('Mine, first task'), 'nothing sent yet');

    const detail = await world.editor.conflict(review.conflictId);
    assert.equal(detail.kind, 'review');
    assert.equal(detail.facet, FACET);
    assert.deepEqual(taskNames(detail.mergedXml ?? '').slice(0, 2), [
      'Mine, first task',
      'Theirs, second task',
    ]);
    assert.ok(detail.mine.some((c) => c.kind === 'changed' && c.name === 'Mine, first task'));
    assert.ok(detail.theirs.some((c) => c.kind === 'changed' && c.name === 'Theirs, second task'));
    assert.deepEqual(
      (await world.editor.conflicts()).map((c) => [c.id, c.kind]),
      [[review.conflictId, 'review']],
    );

    const published = await world.editor.resolve({ id: review.conflictId, resolution: 'merged' });
    assert.equal(published.outcome, 'published', published.error?.message ?? '');
    const names = taskNames(await world.serverXml(process.id));
    assert.ok(names.includes('Mine, first task') && names.includes('Theirs, second task'), names.join(', '));
    await assert.rejects(
      world.editor.resolve({ id: review.conflictId, resolution: 'mine' }),
      (error) => error instanceof LanesError && error.code === 'editor.conflictGone',
    );
  });

  for (const resolution of ['mine', 'theirs', 'merged'] as const) {
    test(`an overlapping server change is a conflict; resolving with ${resolution} works`, async () => {
      const process = await world.freshProcess('inProcess');
      await draftWith(process, 0, 'Mine wins?');
      await world.otherClient(process.id, renameTask(0, 'Theirs wins?'));
      const theirs = await world.serverXml(process.id);
      const conflict = await world.editor.publish(targetOf(process));
      assert.equal(conflict.outcome, 'conflict');
      assert.equal(conflict.document?.publish.state, 'conflict');
      assert.equal(await world.serverXml(process.id), theirs, 'the server copy is untouched');
      const detail = await world.editor.conflict(conflict.conflictId!);
      assert.equal(detail.kind, 'conflict');
      assert.equal(detail.overlaps, 1);
      assert.equal(detail.mergedXml, null);
      // What the user decides on: the task's name before, in the draft and on the server.
      const decided = detail.elements.filter((element) => element.overlap);
      assert.equal(decided.length, 1);
      assert.deepEqual(
        [decided[0]!.base?.name, decided[0]!.mine?.name, decided[0]!.theirs?.name],
        [taskNames(detail.baseXml)[0], 'Mine wins?', 'Theirs wins?'],
      );
      assert.equal(decided[0]!.mine?.position, decided[0]!.theirs?.position, 'nobody moved it');

      const merged = renameTask(0, 'Both agreed')(detail.theirsXml);
      const result = await world.editor.resolve({
        id: conflict.conflictId!,
        resolution,
        ...(resolution === 'merged' ? { xml: merged } : {}),
      });
      assert.equal(result.outcome, 'published', result.error?.message ?? '');
      const expected = {
        mine: 'Mine wins?',
        replace: 'Mine wins?',
        theirs: 'Theirs wins?',
        merged: 'Both agreed',
      }[resolution];
      assert.equal(taskNames(await world.serverXml(process.id))[0], expected);
      // Keeping theirs sends nothing: its answer is the server's diagram; a sent resolution is told as published.
      const shown = resolution === 'theirs' ? result : world.publishedOutcome(process.id);
      assert.equal(shown.document?.publish.state, 'none');
      assert.equal(shown.document?.source, 'live', 'no draft is left');
      assert.deepEqual(await world.editor.conflicts(), []);
    });
  }

  test('a released process refuses the publish with the reason; with a new version it goes through', async () => {
    const process = await world.freshProcess('released');
    await draftWith(process, 0, 'In the next version');
    const refused = await world.editor.publish(targetOf(process));
    assert.equal(refused.outcome, 'failed');
    assert.equal(refused.error?.code, 'outbox.released');
    assert.deepEqual(refused.error?.params, { state: 'released' });
    assert.equal(refused.document?.publish.state, 'failed');

    const published = await world.editor.publish({ ...targetOf(process), newVersion: true });
    assert.equal(published.outcome, 'published', published.error?.message ?? '');
    const told = world.publishedOutcome(process.id).document;
    assert.equal(told?.state, 'inProcess');
    assert.notEqual(told?.versionId, process.versionId);
    assert.equal(told?.readOnly, null);
    assert.equal(taskNames(await world.serverXml(process.id))[0], 'In the next version');
  });
});
