import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toImportWarnings } from './import-warnings.ts';

test('bpmn-js warnings become rows naming the element, first line only, each once', () => {
  const boundary = { id: 'BoundaryEvent_1', $type: 'bpmn:BoundaryEvent' };
  const warnings = toImportWarnings([
    { message: 'unparsable content <someElement> detected\n\tline: 4\n\tcolumn: 3', element: undefined },
    {
      message:
        'unparsable content <sequenceFlow> detected\n\tline: 9\n\tcolumn: 5\n\tnested error: duplicate ID <Flow_1>',
    },
    { message: 'missing <bpmn:BoundaryEvent id="BoundaryEvent_1" />#attachedToRef', element: boundary },
    { message: 'missing <bpmn:BoundaryEvent id="BoundaryEvent_1" />#attachedToRef', element: boundary },
    {
      message: 'unresolved reference <Task_9>',
      context: { element: { id: 'Flow_1', $type: 'bpmn:SequenceFlow' } },
    },
    new Error('plain error'),
  ]);
  assert.deepEqual(warnings, [
    { message: 'unparsable content <someElement> detected', line: 4, elementId: null, elementType: null },
    {
      message: 'unparsable content <sequenceFlow> detected: duplicate ID <Flow_1>',
      line: 9,
      elementId: null,
      elementType: null,
    },
    {
      message: 'missing <bpmn:BoundaryEvent id="BoundaryEvent_1" />#attachedToRef',
      line: null,
      elementId: 'BoundaryEvent_1',
      elementType: 'BoundaryEvent',
    },
    {
      message: 'unresolved reference <Task_9>',
      line: null,
      elementId: 'Flow_1',
      elementType: 'SequenceFlow',
    },
    { message: 'plain error', line: null, elementId: null, elementType: null },
  ]);
});
