import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import {
  CULTURE,
  FACET,
  VIEW,
  renameTask,
  startEditorWorld,
  taskNames,
  type EditorWorld,
} from './editor-world.test-support.ts';

describe('release pre-flight facts: answered from the cache file alone', () => {
  let world: EditorWorld;
  const targetOf = (process: Element) => ({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });

  before(async () => {
    world = await startEditorWorld();
  });
  after(() => world.close());

  test('a diagram never loaded: nothing to lint, nothing pending', async () => {
    const process = await world.freshProcess('inProcess');
    assert.deepEqual(await world.editor.preflight(process.id, CULTURE), {
      xml: null,
      diagramSource: null,
      unpublishedDraft: false,
      queuedPublish: null,
      openConflict: false,
      conflictId: null,
      pendingDescription: false,
    });
  });

  test('offline: the cached export, then the unsaved draft, then the publish waiting in the outbox', async () => {
    const process = await world.freshProcess('inProcess');
    const opened = await world.editor.open(targetOf(process));
    world.breakService();
    try {
      const cached = await world.editor.preflight(process.id, CULTURE);
      assert.equal(cached.diagramSource, 'cached');
      assert.deepEqual(taskNames(cached.xml!), taskNames(opened.xml));
      assert.equal(cached.unpublishedDraft, false);

      await world.editor.saveDraft({ ...targetOf(process), xml: renameTask(0, 'Drafted')(opened.xml) });
      const drafted = await world.editor.preflight(process.id, CULTURE);
      assert.equal(drafted.diagramSource, 'draft');
      assert.ok(taskNames(drafted.xml!).includes('Drafted'));
      assert.equal(drafted.unpublishedDraft, true);

      await world.editor.publish(targetOf(process));
      const queued = await world.editor.preflight(process.id, CULTURE);
      assert.equal(queued.queuedPublish, 'queued');
      assert.equal(queued.unpublishedDraft, false, 'the draft is on its way, not forgotten');
    } finally {
      await world.restore();
    }
  });

  test('an open conflict is reported', async () => {
    const process = await world.freshProcess('inProcess');
    const opened = await world.editor.open(targetOf(process));
    await world.editor.saveDraft({ ...targetOf(process), xml: renameTask(0, 'Mine')(opened.xml) });
    await world.otherClient(process.id, renameTask(0, 'Theirs'));
    const result = await world.editor.publish(targetOf(process));
    assert.equal(result.outcome, 'conflict');
    const facts = await world.editor.preflight(process.id, CULTURE);
    assert.equal(facts.openConflict, true);
    assert.equal(facts.conflictId, result.conflictId, 'the conflict view to open is named');
    assert.equal(facts.unpublishedDraft, false);
    assert.equal(facts.queuedPublish, null);
  });
});
