import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  activateTab,
  closeTab,
  neighbourTab,
  noTabs,
  openTab,
  rekeyTab,
  reopenableTabs,
  tabKey,
  takeLastClosed,
  type TabSource,
} from './editor-tabs.ts';

const process = (id: string, culture: 1031 | 1033 = 1033): TabSource => ({
  kind: 'process',
  target: { facet: 'processes', view: 'processList', id, culture },
});
const entry = (source: TabSource) => ({ key: tabKey(source), source });

test('opening the same process twice focuses its tab; another culture is another tab', () => {
  let state = openTab(noTabs, entry(process('a')));
  state = openTab(state, entry(process('b')));
  state = openTab(state, entry(process('a')));
  assert.deepEqual(
    state.tabs.map((tab) => tab.key),
    ['process:1033:a', 'process:1033:b'],
  );
  assert.equal(state.activeKey, 'process:1033:a');
  state = openTab(state, entry(process('a', 1031)));
  assert.equal(state.tabs.length, 3);
});

test('closing the front tab brings its neighbour forward; closing the last leaves none', () => {
  let state = [process('a'), process('b'), process('c')].reduce((s, src) => openTab(s, entry(src)), noTabs);
  state = activateTab(state, 'process:1033:b');
  state = closeTab(state, 'process:1033:b');
  assert.equal(state.activeKey, 'process:1033:c');
  state = closeTab(state, 'process:1033:c');
  assert.equal(state.activeKey, 'process:1033:a');
  state = closeTab(state, 'process:1033:a');
  assert.deepEqual(state.tabs, []);
  assert.equal(state.activeKey, null);
});

test('closing a background tab keeps the front one; unknown keys change nothing', () => {
  let state = openTab(openTab(noTabs, entry(process('a'))), entry(process('b')));
  state = closeTab(state, 'process:1033:a');
  assert.equal(state.activeKey, 'process:1033:b');
  assert.equal(closeTab(state, 'nope'), state);
  assert.equal(activateTab(state, 'nope'), state);
});

test('a new diagram saved to a file takes the file key in place', () => {
  const fresh: TabSource = { kind: 'file', path: null, name: 'Untitled', xml: '<x/>', mtimeMs: null };
  let state = openTab(noTabs, { key: tabKey(fresh, 1), source: fresh });
  state = openTab(state, entry(process('a')));
  state = activateTab(state, 'new:1');
  const saved: TabSource = { ...fresh, path: '/tmp/x.bpmn', name: 'x.bpmn', mtimeMs: 5 };
  state = rekeyTab(state, 'new:1', saved);
  assert.deepEqual(
    state.tabs.map((tab) => tab.key),
    ['file:/tmp/x.bpmn', 'process:1033:a'],
  );
  assert.equal(state.activeKey, 'file:/tmp/x.bpmn');
  assert.equal(state.tabs[0]!.renderKey, 'new:1', 'the same editor element goes on showing it');
});

test('closed tabs reopen last-closed first; a never-saved new diagram is not offered', () => {
  const fresh: TabSource = { kind: 'file', path: null, name: 'Untitled', xml: '<x/>', mtimeMs: null };
  let state = [process('a'), process('b')].reduce((s, src) => openTab(s, entry(src)), noTabs);
  state = openTab(state, { key: tabKey(fresh, 1), source: fresh });
  state = closeTab(state, 'process:1033:a');
  state = closeTab(state, 'process:1033:b');
  state = closeTab(state, 'new:1');
  let taken = takeLastClosed(state);
  assert.equal(taken.entry?.key, 'process:1033:b');
  taken = takeLastClosed(taken.state);
  assert.equal(taken.entry?.key, 'process:1033:a');
  assert.equal(takeLastClosed(taken.state).entry, null);
});

test('reopening by opening again drops the tab from the reopen list; the list is bounded', () => {
  let state = noTabs;
  for (let i = 0; i < reopenableTabs + 3; i++)
    state = closeTab(openTab(state, entry(process(`p${i}`))), `process:1033:p${i}`);
  assert.equal(state.closed.length, reopenableTabs);
  state = openTab(state, entry(process(`p${reopenableTabs + 2}`)));
  assert.ok(!state.closed.some((tab) => tab.key === `process:1033:p${reopenableTabs + 2}`));
});

test('Ctrl+Tab order: the neighbour right or left of the front tab, wrapping around', () => {
  let state = [process('a'), process('b'), process('c')].reduce((s, src) => openTab(s, entry(src)), noTabs);
  assert.equal(neighbourTab(state, 1), 'process:1033:a');
  assert.equal(neighbourTab(state, -1), 'process:1033:b');
  state = activateTab(state, 'process:1033:a');
  assert.equal(neighbourTab(state, -1), 'process:1033:c');
  assert.equal(neighbourTab(noTabs, 1), null);
});
