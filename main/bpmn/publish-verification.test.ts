/**
 * The "did not keep" list names each item as a modeller knows it (issue 39,
 * item 5): by what was written on it (a text annotation's text, a name), or,
 * when nothing was, by its type and the element it belongs to, never by its
 * BPMN id alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NotKeptItem } from '../../shared/domain/editor.ts';
import { RICH_EXPECTED_NOT_KEPT, richDiagram } from '../editor/rich-diagram.test-support.ts';
import { whatWasNotKept } from './publish-verification.ts';

const LONG =
  'Ask finance first, and if they do not answer within two days, ask the head of the department instead of waiting';

/** A pool "Sales" around a process with an unnamed lane, a task, two notes and an unnamed flow. */
function pooled(options: { withNotes: boolean; flowBendsAt: number }): string {
  const notes = options.withNotes
    ? `<bpmn:textAnnotation id="Note_text"><bpmn:text>  Ask finance
       first  </bpmn:text></bpmn:textAnnotation>
    <bpmn:textAnnotation id="Note_long"><bpmn:text>${LONG}</bpmn:text></bpmn:textAnnotation>
    <bpmn:textAnnotation id="Note_empty" />
    <bpmn:association id="Assoc_text" sourceRef="Task_check" targetRef="Note_text" />
    <bpmn:association id="Assoc_empty" sourceRef="Note_empty" targetRef="Task_check" />`
    : '';
  const laneSet = options.withNotes
    ? `<bpmn:laneSet id="LaneSet_1"><bpmn:lane id="Lane_unnamed"><bpmn:flowNodeRef>Task_check</bpmn:flowNodeRef></bpmn:lane></bpmn:laneSet>`
    : '';
  const noteShapes = options.withNotes
    ? `<bpmndi:BPMNShape id="Lane_unnamed_di" bpmnElement="Lane_unnamed" isHorizontal="true"><dc:Bounds x="130" y="60" width="600" height="200" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Note_text_di" bpmnElement="Note_text"><dc:Bounds x="400" y="70" width="100" height="30" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Note_long_di" bpmnElement="Note_long"><dc:Bounds x="520" y="70" width="100" height="30" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Note_empty_di" bpmnElement="Note_empty"><dc:Bounds x="400" y="200" width="100" height="30" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Assoc_text_di" bpmnElement="Assoc_text"><di:waypoint x="300" y="120" /><di:waypoint x="400" y="85" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Assoc_empty_di" bpmnElement="Assoc_empty"><di:waypoint x="400" y="215" /><di:waypoint x="300" y="180" /></bpmndi:BPMNEdge>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_pooled" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:collaboration id="Collaboration_1"><bpmn:participant id="Pool_sales" name="Sales" processRef="Process_1" /></bpmn:collaboration>
  <bpmn:process id="Process_1" isExecutable="false">
    ${laneSet}
    <bpmn:startEvent id="Start_1" name="Order received"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:task id="Task_check" name="Check order"><bpmn:incoming>Flow_1</bpmn:incoming></bpmn:task>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start_1" targetRef="Task_check" />
    ${notes}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="Collaboration_1">
      <bpmndi:BPMNShape id="Pool_sales_di" bpmnElement="Pool_sales" isHorizontal="true"><dc:Bounds x="100" y="60" width="630" height="200" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Start_1_di" bpmnElement="Start_1"><dc:Bounds x="172" y="132" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_check_di" bpmnElement="Task_check"><dc:Bounds x="260" y="110" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="208" y="150" /><di:waypoint x="234" y="${options.flowBendsAt}" /><di:waypoint x="260" y="150" /></bpmndi:BPMNEdge>
      ${noteShapes}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

const byId = (items: NotKeptItem[]) =>
  new Map(items.map((item) => [`${item.id}:${item.property ?? ''}`, item]));

test('a text annotation is named by its text, on one line; a long one is cut', async () => {
  const lost = byId(
    await whatWasNotKept(
      pooled({ withNotes: true, flowBendsAt: 150 }),
      pooled({ withNotes: false, flowBendsAt: 150 }),
    ),
  );
  assert.deepEqual(lost.get('Note_text:'), {
    id: 'Note_text',
    kind: 'bpmn:TextAnnotation',
    name: 'Ask finance first',
    property: null,
  });
  const long = lost.get('Note_long:')!.name!;
  assert.equal(long.length, 80);
  assert.ok(long.endsWith('…') && LONG.startsWith(long.slice(0, -1)), long);
});

test('an item without text is named by its type and the element it belongs to', async () => {
  const lost = byId(
    await whatWasNotKept(
      pooled({ withNotes: true, flowBendsAt: 150 }),
      pooled({ withNotes: false, flowBendsAt: 120 }),
    ),
  );
  const ownerOf = (key: string) => lost.get(key)?.owner;
  const task = { id: 'Task_check', kind: 'bpmn:Task', name: 'Check order' };
  // An empty annotation: what it annotates (its association runs from the note to the task).
  assert.deepEqual(ownerOf('Note_empty:'), { ...task, relation: 'of' });
  // An association: what it attaches the note to, whichever way it was drawn.
  assert.deepEqual(ownerOf('Assoc_text:'), { ...task, relation: 'of' });
  assert.deepEqual(ownerOf('Assoc_empty:'), { ...task, relation: 'of' });
  // An unnamed lane and its lane set: the pool their process is drawn as.
  const pool = { id: 'Pool_sales', kind: 'bpmn:Participant', name: 'Sales', relation: 'of' };
  assert.deepEqual(ownerOf('Lane_unnamed:'), pool);
  assert.deepEqual(ownerOf('LaneSet_1:'), pool);
  // An unnamed flow whose bend the service did not keep: where it starts.
  assert.deepEqual(lost.get('Flow_1:layout'), {
    id: 'Flow_1',
    kind: 'bpmn:SequenceFlow',
    owner: { id: 'Start_1', kind: 'bpmn:StartEvent', name: 'Order received', relation: 'from' },
    property: 'layout',
  });
  // Nothing with text is named by its owner.
  assert.equal(ownerOf('Note_text:'), undefined);
});

test('the rich diagram: the annotation by its text, its association by its task, the diagram by its name', async () => {
  const kept = richDiagram('Process_kept')
    .replace(' name="Order handling (rich)"', '')
    .replace(/<bpmn:laneSet id="LaneSet_rich">[\s\S]*?<\/bpmn:laneSet>/, '')
    .replace(/<bpmn:textAnnotation id="Note_rich">[\s\S]*?<\/bpmn:textAnnotation>/, '')
    .replace(/<bpmn:association id="Association_rich"[^>]*\/>/, '')
    .replace(/<bpmndi:BPMNShape id="(Lane_sales|Lane_office|Note_rich)_di"[\s\S]*?<\/bpmndi:BPMNShape>/g, '')
    .replace(/<bpmndi:BPMNEdge id="Association_rich_di"[\s\S]*?<\/bpmndi:BPMNEdge>/, '');
  const lost = await whatWasNotKept(richDiagram('Process_mine'), kept);
  assert.deepEqual(
    lost.map((item) => `${item.id}:${item.property ?? 'element'}`).sort(),
    RICH_EXPECTED_NOT_KEPT.map((item) => `${item.id}:${item.property ?? 'element'}`).sort(),
  );
  const named = byId(lost);
  assert.equal(named.get('Note_rich:')?.name, 'Credit check by the bank');
  assert.equal(named.get('Definitions_rich:name')?.name, 'Order handling (rich)');
  assert.deepEqual(named.get('Association_rich:')?.owner, {
    id: 'Check_rich',
    kind: 'bpmn:Task',
    name: 'Check order',
    relation: 'of',
  });
  // An unnamed process without a pool is still the element the lane set belongs to.
  assert.deepEqual(named.get('LaneSet_rich:')?.owner, {
    id: 'Process_mine',
    kind: 'bpmn:Process',
    relation: 'of',
  });
  assert.deepEqual(named.get('Lane_sales:'), {
    id: 'Lane_sales',
    kind: 'bpmn:Lane',
    name: 'Sales',
    property: null,
  });
});
