/**
 * Where a colleague's work meets mine (issue 39): "Keep mine" merges with my
 * side winning only where both changed, "Replace with mine" overwrites their
 * version wholesale, and whatever of theirs is overwritten stays in Compare
 * versions, from where it can be restored into a draft. Through the real
 * editor service, cache file and emulator.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from '../../shared/domain/process.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import {
  CULTURE,
  FACET,
  VIEW,
  renameTask,
  startEditorWorld,
  taskNames,
  type EditorWorld,
} from './editor-world.test-support.ts';

describe('resolving a conflict keeps or names every change of theirs', () => {
  let world: EditorWorld;
  const targetOf = (process: Element) => ({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });

  before(async () => {
    world = await startEditorWorld();
  });
  after(() => world.close());

  /** I rename task A offline; a colleague renames A and B on the service; my publish meets theirs. */
  async function conflictOnTwoTasks(): Promise<{ process: Element; conflictId: string; before: string[] }> {
    const process = await world.freshProcess('inProcess');
    const opened = await world.editor.open(targetOf(process));
    const before = taskNames(opened.xml);
    assert.ok(before.length >= 2, 'the process has two tasks');
    await world.editor.saveDraft({ ...targetOf(process), xml: renameTask(0, 'A by me')(opened.xml) });
    await world.otherClient(process.id, (xml) => renameTask(1, 'B by them')(renameTask(0, 'A by them')(xml)));
    const conflict = await world.editor.publish(targetOf(process));
    assert.equal(conflict.outcome, 'conflict');
    return { process, conflictId: conflict.conflictId!, before };
  }

  test('keep mine: my name where both renamed, their rename of another task stays, and the confirmation names exactly what is replaced', async () => {
    const { process, conflictId } = await conflictOnTwoTasks();
    const detail = await world.editor.conflict(conflictId);
    assert.ok(detail.keepMine, 'keep mine is possible');
    assert.equal(detail.keepMine.replaced.length, 1, 'only task A of theirs is replaced');
    const replaced = detail.elements.find((element) => element.id === detail.keepMine!.replaced[0]);
    assert.deepEqual([replaced?.theirs?.name, replaced?.mine?.name], ['A by them', 'A by me']);

    const result = await world.editor.resolve({ id: conflictId, resolution: 'mine' });
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    assert.equal(result.replaced, 1, 'the outcome says one element of theirs was replaced');
    const names = taskNames(await world.serverXml(process.id));
    assert.equal(names[0], 'A by me');
    assert.equal(names[1], 'B by them', 'their rename of B is not lost');

    const history = await world.editor.history({ id: process.id, culture: CULTURE });
    const theirs = history.find((entry) => entry.kind === 'replaced');
    assert.ok(theirs, 'their replaced version is listed in Compare versions');
    const theirsXml = (await world.editor.historyXml({ id: process.id, culture: CULTURE, key: theirs.key }))
      .xml;
    assert.deepEqual(taskNames(theirsXml).slice(0, 2), ['A by them', 'B by them']);
  });

  test('replace with mine overwrites their version wholesale; their version is listed and can be restored into a draft', async () => {
    const { process, conflictId, before } = await conflictOnTwoTasks();
    const detail = await world.editor.conflict(conflictId);
    assert.equal(
      new Set(detail.theirs.map((change) => change.id)).size,
      2,
      'both of their renames are listed',
    );

    const result = await world.editor.resolve({ id: conflictId, resolution: 'replace' });
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    assert.equal(result.replaced, 2, 'the outcome says both elements of theirs were replaced');
    assert.deepEqual(taskNames(await world.serverXml(process.id)).slice(0, 2), ['A by me', before[1]]);

    const history = await world.editor.history({ id: process.id, culture: CULTURE });
    const theirs = history.find((entry) => entry.kind === 'replaced');
    assert.ok(theirs, 'their replaced version is listed');
    const place = await world.editor.restoreVersion({ ...targetOf(process), key: theirs.key });
    assert.deepEqual(place, { facet: FACET, view: VIEW });
    const reopened = await world.editor.open(targetOf(process));
    assert.equal(reopened.source, 'draft');
    assert.deepEqual(taskNames(reopened.xml).slice(0, 2), ['A by them', 'B by them']);
    await assert.rejects(
      world.editor.restoreVersion({ ...targetOf(process), key: theirs.key }),
      (error) => error instanceof LanesError && error.code === 'editor.draftExists',
      'a draft is never overwritten by a restore',
    );
  });
});
