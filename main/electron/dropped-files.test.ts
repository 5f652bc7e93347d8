import { test } from 'node:test';
import assert from 'node:assert/strict';
import { droppedBpmnPaths, parseDroppedPaths } from './dropped-files.ts';

test('a drop yields the paths of its .bpmn files; a file without a path on disk is no dropped file', () => {
  const files = [
    { name: 'orders.bpmn', path: '/home/u/orders.bpmn' },
    { name: 'notes.txt', path: '/home/u/notes.txt' },
    { name: 'made-by-a-script.bpmn', path: '' },
    { name: 'Claims.BPMN', path: 'C:\\Users\\u\\Claims.BPMN' },
  ];
  assert.deepEqual(
    droppedBpmnPaths(files, (file) => file.path),
    ['/home/u/orders.bpmn', 'C:\\Users\\u\\Claims.BPMN'],
  );
});

test('main takes only a short list of .bpmn path strings from the preload', () => {
  assert.deepEqual(parseDroppedPaths(['/a.bpmn', 42, '/b.txt', { path: '/c.bpmn' }]), ['/a.bpmn']);
  assert.deepEqual(parseDroppedPaths('/a.bpmn'), []);
  assert.deepEqual(parseDroppedPaths(Array.from({ length: 101 }, (_, i) => `/${i}.bpmn`)), []);
});
