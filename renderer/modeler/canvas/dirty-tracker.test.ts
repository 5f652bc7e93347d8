import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DirtyTracker } from './dirty-tracker.ts';

test('an edit makes the diagram dirty, saving cleans it, undo to the saved point is clean again', () => {
  const tracker = new DirtyTracker();
  assert.equal(tracker.dirty, false);
  tracker.moved(0, 'execute');
  assert.equal(tracker.dirty, true);
  tracker.markSaved();
  assert.equal(tracker.dirty, false);
  tracker.moved(1, 'execute');
  assert.equal(tracker.dirty, true);
  tracker.moved(0, 'undo');
  assert.equal(tracker.dirty, false);
  tracker.moved(-1, 'undo');
  assert.equal(tracker.dirty, true, 'undoing past the save differs from the save');
  tracker.moved(0, 'redo');
  assert.equal(tracker.dirty, false);
});

test('a new command after undoing past the save can never be clean by position alone', () => {
  const tracker = new DirtyTracker();
  tracker.moved(0, 'execute');
  tracker.moved(1, 'execute');
  tracker.markSaved();
  tracker.moved(0, 'undo');
  tracker.moved(1, 'execute');
  assert.equal(tracker.dirty, true, 'same stack index, different content');
  tracker.moved(0, 'undo');
  assert.equal(tracker.dirty, true);
});

test('restored or never-saved content is dirty until saved, whatever the stack does', () => {
  const tracker = new DirtyTracker();
  tracker.reset(true);
  assert.equal(tracker.dirty, true);
  tracker.moved(0, 'execute');
  tracker.moved(-1, 'undo');
  assert.equal(tracker.dirty, true);
  tracker.markSaved();
  assert.equal(tracker.dirty, false);
  tracker.reset();
  assert.equal(tracker.dirty, false);
});

test('a save that fails after the tab was marked clean makes it unsaved again, as it was', () => {
  const tracker = new DirtyTracker();
  tracker.moved(0, 'execute');
  tracker.markSaved();
  tracker.moved(1, 'execute');
  const failed = tracker.markSaved();
  assert.equal(tracker.dirty, false, 'clean while the save is on its way');
  failed();
  assert.equal(tracker.dirty, true);
  tracker.moved(0, 'undo');
  assert.equal(tracker.dirty, false, 'the earlier save still stands');
});

test('undoing a failed save leaves a later save alone', () => {
  const tracker = new DirtyTracker();
  tracker.moved(0, 'execute');
  const failed = tracker.markSaved();
  tracker.moved(1, 'execute');
  tracker.markSaved();
  failed();
  assert.equal(tracker.dirty, false);
  tracker.reset(true);
  const failedForced = tracker.markSaved();
  failedForced();
  assert.equal(tracker.dirty, true, 'restored content is unsaved again');
});
