import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryEntry } from '../../shared/domain/editor.ts';
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

/**
 * "Compare versions" lists the element's versions as the service has them
 * (its versions interface), not what Lanes happened to see: against the demo
 * emulator over HTTP, with a real cache file.
 */
describe('the versions Compare offers: from the service, with Lanes’ own sends marked', () => {
  let world: EditorWorld;
  let versioned: Element;
  const request = () => ({ facet: FACET, view: VIEW, id: versioned.id, culture: CULTURE });
  const xmlOf = async (entry: HistoryEntry) =>
    (await world.editor.historyXml({ id: versioned.id, culture: CULTURE, key: entry.key })).xml;

  before(async () => {
    world = await startEditorWorld();
    const session = await world.session();
    for (const element of await session.clients.process.listAllElements(FACET, VIEW)) {
      if (element.type !== 'process' || element.state !== 'inProcess') continue;
      const versions = await session.clients.process.listVersions(FACET, VIEW, element.id);
      if (versions.length >= 3 && taskNames(await world.serverXml(element.id)).length >= 2) {
        versioned = element;
        break;
      }
    }
    assert.ok(versioned, 'the demo seed has a process with three versions');
  });
  after(() => world.close());

  test('every version the service lists, newest first, with its state; older diagrams Lanes never saw are marked', async () => {
    const history = await world.editor.history(request());
    const versions = history.filter((entry) => entry.kind === 'server');
    assert.deepEqual(
      versions.map((entry) => [entry.versionLabel, entry.state, entry.current, entry.available]),
      [
        ['1.2', 'inProcess', true, true],
        ['1.1', 'released', false, false],
        ['1.0', 'expired', false, false],
      ],
    );
    assert.equal(
      taskNames(await xmlOf(versions[0]!)).join(),
      taskNames(await world.serverXml(versioned.id)).join(),
    );
    await assert.rejects(xmlOf(versions[1]!), /never saw the diagram/);
    assert.equal(new Set(history.map((entry) => entry.key)).size, history.length, 'no entry twice');
  });

  test('a colleague’s publish is in the list without reopening the editor; the state before it is kept once', async () => {
    const before = await world.serverXml(versioned.id);
    await world.otherClient(versioned.id, renameTask(0, 'Renamed by a colleague'));
    const history = await world.editor.history(request());
    const current = history.find((entry) => entry.kind === 'server' && entry.current)!;
    assert.equal(taskNames(await xmlOf(current))[0], 'Renamed by a colleague');
    const earlier = history.filter((entry) => entry.kind === 'seen');
    assert.equal(earlier.length, 1, 'the diagram before the colleague’s change, once');
    assert.equal(taskNames(await xmlOf(earlier[0]!)).join(), taskNames(before).join());
    // Asking again adds nothing: the same diagram is one entry.
    assert.equal((await world.editor.history(request())).length, history.length);
  });

  test('a diagram Lanes sent is listed as sent, beside the version the service made of it', async () => {
    const opened = await world.editor.open(request());
    await world.editor.saveDraft({ ...request(), xml: renameTask(1, 'Sent from Lanes')(opened.xml) });
    const result = await world.editor.publish(request());
    assert.equal(result.outcome, 'published', result.error?.message ?? '');
    const history = await world.editor.history(request());
    const sent = history.filter((entry) => entry.kind === 'published');
    assert.equal(sent.length, 1);
    assert.equal(taskNames(await xmlOf(sent[0]!))[1], 'Sent from Lanes');
    const current = history.find((entry) => entry.kind === 'server' && entry.current)!;
    assert.ok(taskNames(await xmlOf(current)).includes('Sent from Lanes'));
    assert.equal(
      current.changedOn,
      world.publishedOutcome(request().id).document?.changedOn,
      'the version as the service changed it',
    );
  });

  test('after a new version the old one keeps the diagram Lanes saw, now released; offline the list comes from the cache', async () => {
    const session = await world.session();
    await session.clients.process.changeState(versioned.id, 'InProcessToReleased', { ignoreWarnings: true });
    await world.workspace.createVersion({ facet: FACET, view: VIEW, id: versioned.id });
    const history = await world.editor.history(request());
    const versions = history.filter((entry) => entry.kind === 'server');
    assert.deepEqual(
      versions.map((entry) => [entry.versionLabel, entry.state, entry.current, entry.available]),
      [
        ['1.3', 'inProcess', true, true],
        ['1.2', 'released', false, true],
        ['1.1', 'expired', false, false],
        ['1.0', 'expired', false, false],
      ],
    );
    assert.ok(taskNames(await xmlOf(versions[1]!)).includes('Sent from Lanes'));

    world.breakService();
    try {
      const offline = await world.editor.history(request());
      assert.deepEqual(
        offline.filter((entry) => entry.kind === 'server').map((entry) => entry.versionLabel),
        ['1.3', '1.2', '1.1', '1.0'],
      );
    } finally {
      await world.restore();
    }
  });
});
