import { after, test } from 'node:test';
import assert from 'node:assert/strict';

(globalThis as unknown as { document: unknown }).document ??= { documentElement: {} };
const { setUiLanguage } = await import('../../i18n/locale-controller.ts');
const { bpmnElementLabel } = await import('./bpmn-element-label.ts');
after(() => setUiLanguage('en'));

test('an element is named by its type in words and its name, in the UI language', () => {
  setUiLanguage('en');
  assert.equal(
    bpmnElementLabel({ $type: 'bpmn:UserTask', name: 'Check order' }, 'Activity_1'),
    'User task “Check order”',
  );
  setUiLanguage('de');
  assert.equal(
    bpmnElementLabel({ $type: 'bpmn:Task', name: 'Check order' }, 'Activity_1'),
    'Aufgabe „Check order“',
  );
});

test('an unnamed element says so, with a short id to tell it apart', () => {
  setUiLanguage('en');
  assert.equal(
    bpmnElementLabel({ $type: 'bpmn:SequenceFlow' }, 'Flow_0a1b2c3d4e5f6g7h'),
    'Sequence flow (no name, Flow_0a1b2c3d…)',
  );
  assert.equal(bpmnElementLabel(undefined, 'x'), 'Element (no name, x)');
});
