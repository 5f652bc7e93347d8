import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
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

const rejectsWith = (code: string) => (error: unknown) => error instanceof LanesError && error.code === code;

describe('opening diagrams in the editor: live, cached, draft, recovery, read-only', () => {
  let world: EditorWorld;

  before(async () => {
    world = await startEditorWorld();
  });
  after(() => world.close());

  test('a process opens live in the culture, and the export joins the history', async () => {
    const process = await world.freshProcess('inProcess');
    const doc = await world.editor.open({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });
    assert.equal(doc.source, 'live');
    assert.equal(doc.name, process.attributes.name?.['1033']);
    assert.equal(doc.versionId, process.versionId);
    assert.equal(doc.versionLabel, '0.1');
    assert.equal(doc.state, 'inProcess');
    assert.deepEqual(taskNames(doc.xml), taskNames(await world.serverXml(process.id)));
    assert.equal(doc.readOnly, null);
    assert.equal(doc.canCreateVersion, false);
    assert.deepEqual(doc.publish, { state: 'none', error: null, conflictId: null });
    assert.equal(doc.recovery, null);
    const history = await world.editor.history({ id: process.id, culture: CULTURE });
    assert.deepEqual(
      history.map((h) => [h.kind, h.versionId]),
      [['server', process.versionId]],
    );
    const { xml } = await world.editor.historyXml({ id: process.id, culture: CULTURE, key: history[0]!.key });
    assert.equal(xml, doc.xml);
    // Opening the same unchanged diagram again does not add a second snapshot.
    await world.editor.open({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });
    assert.equal((await world.editor.history({ id: process.id, culture: CULTURE })).length, 1);
  });

  test('with the service down, a diagram seen before opens from the cache; one never seen says so', async () => {
    const seen = await world.freshProcess('inProcess');
    const never = await world.freshProcess('inProcess');
    const target = { facet: FACET, view: VIEW, id: seen.id, culture: CULTURE };
    const live = await world.editor.open(target);
    world.breakService();
    try {
      const cached = await world.editor.open(target);
      assert.equal(cached.source, 'cache');
      assert.equal(cached.xml, live.xml);
      assert.equal(cached.fetchedAt, live.fetchedAt);
      await assert.rejects(
        world.editor.open({ ...target, id: never.id }),
        rejectsWith('editor.noServerCopy'),
      );
    } finally {
      await world.restore();
    }
  });

  test('a saved draft opens instead of the server copy, marked; a newer recovery slot is offered', async () => {
    const process = await world.freshProcess('inProcess');
    const target = { facet: FACET, view: VIEW, id: process.id, culture: CULTURE };
    const key = { id: process.id, culture: CULTURE };
    const opened = await world.editor.open(target);
    const edited = renameTask(0, 'Drafted name')(opened.xml);
    const { savedAt } = await world.editor.saveDraft({ ...target, xml: edited });

    const draft = await world.editor.open(target);
    assert.equal(draft.source, 'draft');
    assert.equal(draft.xml, edited);
    assert.equal(draft.draftSavedAt, savedAt);
    assert.equal(draft.versionId, process.versionId, 'the draft is based on the version it was opened from');
    assert.equal(draft.recovery, null);

    const unsaved = renameTask(1, 'Typed, not saved')(edited);
    const written = await world.editor.writeRecovery({ ...key, xml: unsaved });
    const withRecovery = await world.editor.open(target);
    assert.deepEqual(withRecovery.recovery, { savedAt: written.savedAt });
    assert.deepEqual(await world.editor.readRecovery(key), { xml: unsaved, savedAt: written.savedAt });
    await world.editor.clearRecovery(key);
    assert.equal(await world.editor.readRecovery(key), null);

    const history = await world.editor.history(key);
    assert.deepEqual(
      history.map((h) => h.kind),
      ['draft', 'base', 'server'],
    );
    assert.equal((await world.editor.historyXml({ ...key, key: 'base' })).xml, opened.xml);
    assert.equal((await world.editor.historyXml({ ...key, key: 'draft' })).xml, edited);
    const drafts = await world.editor.drafts();
    const mine = drafts.find((d) => d.id === process.id);
    assert.equal(mine?.name, process.attributes.name?.['1033']);
    assert.equal(mine?.facet, FACET);

    assert.deepEqual(await world.editor.discardDraft(key), { discarded: true });
    assert.equal((await world.editor.open(target)).source, 'live');
  });

  test('text that is not BPMN is refused with the parser reason; a draft of pools only is kept but not published', async () => {
    const process = await world.freshProcess('inProcess');
    const target = { facet: FACET, view: VIEW, id: process.id, culture: CULTURE };
    await world.editor.open(target);
    await assert.rejects(
      world.editor.saveDraft({ ...target, xml: '<definitions><oops></definitions>' }),
      (error) => {
        assert.ok(error instanceof LanesError && error.code === 'editor.notBpmn');
        assert.match(error.params.reason ?? '', /unparsable|closing tag/);
        return true;
      },
    );
    assert.equal((await world.editor.open(target)).source, 'live');

    // A draft without a process (pools only) is kept; publishing it is refused with editor.noProcess.
    const poolsOnly =
      '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">' +
      '<bpmn:collaboration id="C"><bpmn:participant id="Pool" name="Customer"/></bpmn:collaboration>' +
      '</bpmn:definitions>';
    await world.editor.saveDraft({ ...target, xml: poolsOnly });
    assert.equal((await world.editor.open(target)).source, 'draft', 'the unfinished draft is stored');
    await assert.rejects(world.editor.publish(target), rejectsWith('editor.noProcess'));
    assert.equal((await world.editor.open(target)).xml, poolsOnly, 'nothing was sent or dropped');
    await world.editor.discardDraft({ id: target.id, culture: target.culture });
  });

  test('a released process opens read-only and offers a new version', async () => {
    const process = await world.freshProcess('released');
    const doc = await world.editor.open({ facet: FACET, view: VIEW, id: process.id, culture: CULTURE });
    assert.deepEqual(doc.readOnly, { reason: 'released', state: 'released' });
    assert.equal(doc.canCreateVersion, true);
  });

  test('an element that is not a process cannot be opened in the editor', async () => {
    const session = await world.session();
    const facets = await session.clients.process.listFacets();
    const other = facets.find((f) => f.name !== FACET);
    assert.ok(other, 'the demo seed has a facet besides processes');
    const views = await session.clients.process.listViews(other.name);
    const elements = await session.clients.process.listElements(other.name, views[0]!.name);
    const element = elements[0]!;
    await assert.rejects(
      world.editor.open({ facet: other.name, view: views[0]!.name, id: element.id, culture: CULTURE }),
      rejectsWith('editor.notProcess'),
    );
  });

  test('the IPC channels answer in the contract’s shapes', async () => {
    const process = await world.freshProcess('inProcess');
    const app = world.appServices();
    try {
      const target = { facet: FACET, view: VIEW, id: process.id, culture: CULTURE };
      const key = { id: process.id, culture: CULTURE };
      const opened = await app.dispatch('editor.open', target);
      assert.ok(opened.ok, JSON.stringify(opened));
      const xml = renameTask(0, 'Over IPC')((opened.value as { xml: string }).xml);
      for (const [channel, payload] of [
        ['editor.saveDraft', { ...target, xml }],
        ['editor.writeRecovery', { ...key, xml }],
        ['editor.readRecovery', key],
        ['editor.preview', key],
        ['editor.drafts', {}],
        ['editor.conflicts', {}],
        ['editor.history', key],
        ['editor.historyXml', { ...key, key: 'draft' }],
        ['editor.publish', target],
      ] as const) {
        const answer = await app.dispatch(channel, payload);
        assert.ok(answer.ok, `${channel}: ${JSON.stringify(answer)}`);
      }
      const gone = await app.dispatch('editor.conflict', { id: 'no-such-conflict' });
      assert.equal(gone.ok ? 'ok' : gone.error.code, 'editor.conflictGone');
      const noDialogs = await app.dispatch('files.openBpmn', {});
      assert.equal(noDialogs.ok ? 'ok' : noDialogs.error.code, 'file.unreadable');
    } finally {
      app.dispose();
    }
  });

  test('the preview is the cached server rendering, sanitized, or nothing', async () => {
    const process = await world.freshProcess('inProcess');
    const key = { id: process.id, culture: CULTURE };
    assert.deepEqual(await world.editor.preview(key), {
      svg: null,
      fetchedAt: null,
      layout: null,
      raster: null,
    });
    await world.workspace.diagram({ id: process.id, layout: 'detailed', culture: CULTURE });
    world.breakService();
    try {
      const preview = await world.editor.preview(key);
      assert.match(preview.svg ?? '', /^<svg[\s>]/);
      assert.doesNotMatch(preview.svg ?? '', /<script/i);
      assert.ok(preview.fetchedAt);
      assert.equal(preview.layout, 'detailed');
      assert.equal(preview.raster, null);
    } finally {
      await world.restore();
    }
    // The renderer's picture of the rendering is kept for the next preview, and dropped with a new rendering.
    const request = { id: process.id, layout: 'detailed' as const, culture: CULTURE };
    const cached = await world.workspace.diagram(request);
    const raster = { png: 'iVBORw0KGgoAAAANSUhEUg==', width: 2, height: 3 };
    const stale = { ...request, view: 'preview' as const, fetchedAt: '2000-01-01T00:00:00.000Z', raster };
    assert.equal(
      (await world.workspace.storeDiagramRaster(stale)).stored,
      false,
      'made of an older rendering',
    );
    const current = { ...request, view: 'preview' as const, fetchedAt: cached.fetchedAt, raster };
    assert.equal((await world.workspace.storeDiagramRaster(current)).stored, true);
    const withPicture = await world.editor.preview(key);
    assert.deepEqual(withPicture.raster, raster);
    assert.equal(withPicture.svg, null, 'the picture stands for the SVG: the SVG is not sent along');
    // The Diagram tab keeps its own picture of the same rendering (the whole diagram, fitted).
    assert.equal(
      await world.workspace.diagramPicture(request),
      null,
      "the preview's picture is not the tab's",
    );
    const tab = { ...raster, natural: { width: 400, height: 600 } };
    const tabPicture = { ...request, view: 'diagram' as const, fetchedAt: cached.fetchedAt, raster: tab };
    assert.equal((await world.workspace.storeDiagramRaster(tabPicture)).stored, true);
    assert.deepEqual(await world.workspace.diagramPicture(request), {
      picture: tab,
      fetchedAt: cached.fetchedAt,
    });
    assert.deepEqual((await world.editor.preview(key)).raster, raster, 'each keeps its own');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await world.workspace.diagram(request);
    const fresh = await world.editor.preview(key);
    assert.equal(fresh.raster, null, 'a new rendering has no picture yet');
    assert.equal(await world.workspace.diagramPicture(request), null, 'nor a picture for the tab');
    assert.match(fresh.svg ?? '', /^<svg[\s>]/);
  });
});
