import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { NotKeptItem } from '../../shared/domain/editor.ts';

// Loaded before the stub document below: lit-html looks for a document as it loads.
const { notKeptSubject } = await import('./not-kept.ts');
// locale-controller sets <html lang> on a switch; a stub document is enough here.
(globalThis as unknown as { document: unknown }).document ??= { documentElement: {} };
const { setUiLanguage } = await import('../i18n/locale-controller.ts');
after(() => setUiLanguage('en'));

const note: NotKeptItem = {
  id: 'TextAnnotation_01k8kkd',
  kind: 'bpmn:TextAnnotation',
  name: 'Ask finance first',
  property: null,
};
const association: NotKeptItem = {
  id: 'Association_0x1',
  kind: 'bpmn:Association',
  owner: { id: 'Task_1', kind: 'bpmn:Task', name: 'Check order', relation: 'of' },
  property: null,
};
const flow: NotKeptItem = {
  id: 'Flow_0abc',
  kind: 'bpmn:SequenceFlow',
  owner: { id: 'Start_1', kind: 'bpmn:StartEvent', name: 'Order received', relation: 'from' },
  property: 'layout',
};
const laneSet: NotKeptItem = {
  id: 'LaneSet_1',
  kind: 'bpmn:LaneSet',
  owner: { id: 'Process_1', kind: 'bpmn:Process', relation: 'of' },
  property: null,
};
/** A list stored before owners were known: only the id tells it apart. */
const older: NotKeptItem = { id: 'Lane_0q', kind: 'bpmn:Lane', property: null };

test('each item is named by its text, or its type and the element it belongs to, never by its id', () => {
  setUiLanguage('en');
  assert.equal(notKeptSubject(note), 'Text annotation “Ask finance first”');
  assert.equal(notKeptSubject(association), 'Association of Task “Check order”');
  assert.equal(notKeptSubject(flow), 'Sequence flow from Start event “Order received”');
  assert.equal(notKeptSubject(laneSet), 'Lane set of Process');
  for (const item of [note, association, flow, laneSet])
    assert.ok(!notKeptSubject(item).includes(item.id), notKeptSubject(item));
  assert.equal(notKeptSubject(older), 'Lane Lane_0q');
});

test('in German, with German quotes', () => {
  setUiLanguage('de');
  assert.match(notKeptSubject(note), /„Ask finance first“$/);
  assert.match(notKeptSubject(association), / von .*„Check order“$/);
  assert.match(notKeptSubject(flow), / ab .*„Order received“$/);
});
