/**
 * A description written from the release pre-flight, through the real path:
 * written into the diagram as the process's documentation, published through
 * the outbox to the emulator (whose BPMN import makes it the element's
 * description), queued while offline and sent by the next sync.
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
import { diagramDescription, withDescription } from './process-description.ts';

type CultureMap = Record<string, string>;

describe('describing a process from the pre-flight: the documentation of its diagram, published', () => {
  let world: EditorWorld;
  const targetOf = (process: Element) => ({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });

  /** The element's description on the service, per culture (straight from the emulator's database). */
  function serviceDescription(id: string): CultureMap | undefined {
    const row = world.emulator.db
      .prepare('SELECT attributes FROM elements WHERE id = ? AND is_current = 1')
      .get(id) as { attributes: string };
    return (JSON.parse(row.attributes) as Record<string, CultureMap>)['description'];
  }

  /** The service without a description of the process (what the pre-flight reports). */
  function removeDescription(id: string): void {
    const row = world.emulator.db
      .prepare('SELECT attributes FROM elements WHERE id = ? AND is_current = 1')
      .get(id) as { attributes: string };
    const attributes = JSON.parse(row.attributes) as Record<string, unknown>;
    delete attributes['description'];
    world.emulator.db
      .prepare('UPDATE elements SET attributes = ? WHERE id = ? AND is_current = 1')
      .run(JSON.stringify(attributes), id);
  }

  before(async () => {
    world = await startEditorWorld();
  });
  after(() => world.close());

  test('online: published at once; the service has it as the description and exports it as documentation', async () => {
    const process = await world.freshProcess('inProcess');
    removeDescription(process.id);
    const text = 'Handles every incoming order & its <refunds>.';
    const result = await world.editor.describe({ ...targetOf(process), text });
    assert.equal(result.outcome, 'published', JSON.stringify(result));
    assert.equal(serviceDescription(process.id)?.[String(CULTURE)], text);
    assert.equal(await diagramDescription(await world.serverXml(process.id), process.id), text);
    const facts = await world.editor.preflight(process.id, CULTURE);
    assert.equal(facts.unpublishedDraft, false, 'nothing is left behind in a draft');
    assert.equal(facts.queuedPublish, null);
    assert.equal(facts.pendingDescription, false);
  });

  test('offline: queued like any publish, reported as on its way, and sent by the next sync', async () => {
    const process = await world.freshProcess('inProcess');
    removeDescription(process.id);
    await world.editor.open(targetOf(process));
    world.breakService();
    try {
      const result = await world.editor.describe({ ...targetOf(process), text: 'Written on the train.' });
      assert.equal(result.outcome, 'queued');
      const facts = await world.editor.preflight(process.id, CULTURE);
      assert.equal(facts.queuedPublish, 'queued');
      assert.equal(facts.pendingDescription, true, 'the pre-flight knows the description is on its way');
    } finally {
      await world.restore();
    }
    assert.equal(serviceDescription(process.id), undefined, 'nothing reached the service while offline');
    await world.sync.run({ send: true, pull: false });
    assert.equal(serviceDescription(process.id)?.[String(CULTURE)], 'Written on the train.');
    const after = await world.editor.preflight(process.id, CULTURE);
    assert.equal(after.queuedPublish, null);
    assert.equal(after.pendingDescription, false);
  });

  test('with a draft: the draft carries the description and is published with it, nothing of it lost', async () => {
    const process = await world.freshProcess('inProcess');
    removeDescription(process.id);
    const opened = await world.editor.open(targetOf(process));
    await world.editor.saveDraft({ ...targetOf(process), xml: renameTask(0, 'Drafted')(opened.xml) });
    assert.equal((await world.editor.preflight(process.id, CULTURE)).pendingDescription, false);
    const result = await world.editor.describe({ ...targetOf(process), text: 'With the draft.' });
    assert.equal(result.outcome, 'published', JSON.stringify(result));
    const server = await world.serverXml(process.id);
    assert.ok(taskNames(server).includes('Drafted'), 'the draft went with it');
    assert.equal(await diagramDescription(server, process.id), 'With the draft.');
    assert.equal(serviceDescription(process.id)?.[String(CULTURE)], 'With the draft.');
  });

  test('a diagram whose process is not the element’s own is refused with what to do, nothing saved', async () => {
    const process = await world.freshProcess('inProcess');
    const xml = await world.serverXml(process.id);
    const foreign = xml.replaceAll(`Process_${process.id}`, 'Process_from_a_file');
    await assert.rejects(
      withDescription(foreign, process.id, 'Lost'),
      (error: unknown) => error instanceof LanesError && error.code === 'editor.noElementProcess',
    );
    // Blank text is refused at the boundary (the IPC contract), so it never reaches the diagram.
    const { describeProcessRequestSchema } = await import('../../shared/domain/preflight.ts');
    assert.equal(
      describeProcessRequestSchema.safeParse({ ...targetOf(process), text: '  \n ' }).success,
      false,
    );
  });
});
