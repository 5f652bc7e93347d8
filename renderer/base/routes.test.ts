import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatRoute, parseRoute, type Route } from './routes.ts';

test('every route survives a round trip through its hash, odd characters included', () => {
  const routes: Route[] = [
    { name: 'home' },
    { name: 'profiles' },
    { name: 'browse' },
    { name: 'browse', facet: 'processes' },
    { name: 'browse', facet: 'processes', view: 'mainProcesses' },
    { name: 'element', facet: 'processes', view: 'process list', id: 'a/b#c' },
    { name: 'element', facet: 'processes', view: 'processList', id: 'x', versionId: 'v-1' },
    { name: 'editor' },
    { name: 'editor', newDiagram: true },
    { name: 'edit', facet: 'processes', view: 'processList', id: 'p/1 ü' },
    { name: 'edit', facet: 'processes', view: 'processList', id: 'p1', select: 'Task_1 ä' },
    { name: 'compare', facet: 'processes', view: 'processList', id: 'p-2' },
    { name: 'conflict', id: 'c#7' },
    { name: 'translate', facet: 'processes', view: 'processList', id: 'p/3' },
    { name: 'translate', facet: 'processes', view: 'processList', id: 'p', source: 1031, target: 1033 },
    {
      name: 'translate',
      facet: 'processes',
      view: 'x',
      id: 'p',
      source: 1033,
      target: 3082,
      state: 'missing',
    },
    { name: 'about' },
    { name: 'reports' },
    { name: 'reports', facet: 'processes', tab: 'elements' },
    { name: 'reports', facet: 'it systems', tab: 'hierarchy' },
    { name: 'reports', facet: 'processes', tab: 'elements', field: 'state', value: 'in/Process #1' },
  ];
  for (const route of routes) assert.deepEqual(parseRoute(formatRoute(route)), route);
});

test('unknown, partial or malformed hashes lead home', () => {
  for (const hash of [
    '',
    '#',
    '#/nowhere',
    '#/element/processes',
    '#/element/%E0%A4%A/x/y',
    '#/edit/processes/list',
    '#/conflict',
    '#/compare/a',
  ])
    assert.deepEqual(parseRoute(hash), { name: 'home' });
});
