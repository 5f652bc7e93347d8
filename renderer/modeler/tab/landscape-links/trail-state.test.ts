import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TabSource } from '../editor-tabs.ts';
import { followLink, noTrail, trailTo, type TrailStep } from './trail-state.ts';

const step = (id: string): TrailStep => {
  const source: TabSource = {
    kind: 'process',
    target: { facet: 'processes', view: 'processList', id, culture: 1033 },
  };
  return { key: `process:1033:${id}`, source, title: `Process ${id}` };
};

test('a tab opened through a link shows the way it came, outermost first', () => {
  let trail = followLink(noTrail, step('b').key, step('a'));
  trail = followLink(trail, step('c').key, step('b'));
  assert.deepEqual(
    trailTo(trail, step('c').key).map((s) => s.title),
    ['Process a', 'Process b'],
  );
  assert.deepEqual(trailTo(trail, step('a').key), [], 'the outermost tab has no trail');
});

test('a process calling itself leaves no trail, and a cycle ends where it repeats', () => {
  assert.equal(followLink(noTrail, step('a').key, step('a')).size, 0);
  let trail = followLink(noTrail, step('b').key, step('a'));
  trail = followLink(trail, step('a').key, step('b'));
  assert.deepEqual(
    trailTo(trail, step('b').key).map((s) => s.title),
    ['Process a'],
  );
});

test('following a link does not change the trail it came from', () => {
  const first = followLink(noTrail, step('b').key, step('a'));
  followLink(first, step('c').key, step('b'));
  assert.equal(first.size, 1);
});
