import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorDocument } from '../../../shared/domain/editor.ts';
import { readOnlyReasonOf, TabState } from './tab-state.ts';

/** A tab as far as its state sees it: it counts the renders asked for. */
function fakeTab(): ReactiveControllerHost & { renders: number; controllers: ReactiveController[] } {
  const tab = {
    renders: 0,
    controllers: [] as ReactiveController[],
    addController: (controller: ReactiveController) => void tab.controllers.push(controller),
    removeController: () => {},
    requestUpdate: () => void tab.renders++,
    updateComplete: Promise.resolve(true),
  };
  return tab;
}

const liveDocument: EditorDocument = {
  facet: 'process',
  view: 'all',
  id: 'p1',
  culture: 1033,
  name: 'Order to cash',
  state: 'Released',
  versionId: 'v1',
  versionLabel: '1.0',
  changedOn: null,
  source: 'live',
  xml: '<definitions/>',
  fetchedAt: '2026-01-01T00:00:00Z',
  draftSavedAt: null,
  recovery: null,
  readOnly: null,
  canCreateVersion: false,
  publish: { state: 'none', error: null, conflictId: null },
};

test('the state registers with its tab and every change renders the tab again', () => {
  const tab = fakeTab();
  const state = new TabState(tab);
  assert.deepEqual(tab.controllers, [state]);
  assert.equal(state.doc, null);
  state.show(liveDocument);
  assert.equal(state.doc, liveDocument);
  state.say('Saved');
  assert.deepEqual(state.notice, { kind: 'info', text: 'Saved' });
  assert.equal(tab.renders, 2);
});

test('an update changes part of the shown document and nothing without one', () => {
  const tab = fakeTab();
  const state = new TabState(tab);
  state.update({ source: 'draft' });
  assert.equal(state.doc, null, 'no document: nothing to change');
  assert.equal(tab.renders, 0);
  state.show(liveDocument);
  state.update({ source: 'draft', draftSavedAt: '2026-01-02T00:00:00Z' });
  assert.equal(state.doc?.source, 'draft');
  assert.equal(state.doc?.draftSavedAt, '2026-01-02T00:00:00Z');
  assert.equal(state.doc?.name, 'Order to cash', 'the rest stays');
  assert.equal(liveDocument.source, 'live', 'the document answered by main is not changed in place');
});

test('clear takes the notice away only when it is of a kind that has passed', () => {
  const state = new TabState(fakeTab());
  state.tell({ kind: 'conflict', conflictId: 'c1' });
  state.clear('queued', 'info');
  assert.equal(state.notice?.kind, 'conflict');
  state.clear('conflict', 'review');
  assert.equal(state.notice, null);
});

test('the tab is busy while the work runs, and not any more however it ends', async () => {
  const tab = fakeTab();
  const state = new TabState(tab);
  let seen: boolean | undefined;
  const answer = await state.whileBusy(async () => {
    seen = state.busy;
    return 42;
  });
  assert.equal(seen, true);
  assert.equal(answer, 42);
  assert.equal(state.busy, false);
  await assert.rejects(
    state.whileBusy(async () => {
      throw new Error('the service is gone');
    }),
    /the service is gone/,
  );
  assert.equal(state.busy, false, 'a failure leaves the tab usable');
  assert.equal(tab.renders, 4);
});

const released = { reason: 'released', state: 'Released' } as const;

test('read-only is derived in one place: deleted first, then the element header', () => {
  assert.equal(readOnlyReasonOf(null, false), null, 'a local file (no document) is editable');
  assert.equal(readOnlyReasonOf({ ...liveDocument, readOnly: released }, false), 'released');
  assert.equal(
    readOnlyReasonOf({ ...liveDocument, readOnly: { reason: 'permission', state: null } }, false),
    'permission',
  );
  assert.equal(readOnlyReasonOf(liveDocument, true), 'deleted', 'deleted whatever the header says');
  assert.equal(readOnlyReasonOf(null, true), 'deleted');
});

test('the canvas follows the state once it shows the diagram, and a deleted element stays read-only', () => {
  const state = new TabState(fakeTab());
  const canvas = { readOnly: true, set: 0 };
  const followed = {
    get readOnly() {
      return canvas.readOnly;
    },
    set readOnly(value: boolean) {
      canvas.readOnly = value;
      canvas.set++;
    },
  };
  state.show(liveDocument);
  assert.equal(canvas.readOnly, true, 'not followed yet: the canvas stays read-only while loading');
  state.followedBy(followed);
  assert.equal(canvas.readOnly, false, 'an editable document makes the canvas editable');
  state.update({ readOnly: released });
  assert.equal(canvas.readOnly, true, 'released meanwhile');
  state.update({ readOnly: null });
  assert.equal(canvas.readOnly, false, 'a new version is editable again');
  const setsBefore = canvas.set;
  state.update({ name: 'Renamed' });
  assert.equal(canvas.set, setsBefore, 'a change that keeps the state leaves the canvas alone');

  state.markDeleted();
  assert.equal(state.deleted, true);
  assert.equal(state.readOnlyReason, 'deleted');
  assert.equal(canvas.readOnly, true);
  // Later news of the element (a refresh, a re-open, a publish's document) cannot make it editable.
  state.update({ readOnly: null });
  state.show({ ...liveDocument, readOnly: null });
  assert.equal(canvas.readOnly, true, 'still read-only after the header says editable');
  assert.equal(state.readOnly, true);
});
