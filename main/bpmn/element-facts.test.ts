import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBpmn } from './bpmn-items.ts';
import { compareElements, factsOf } from './element-facts.ts';

const diagram = (parts: {
  name: string;
  doc: string;
  x: number;
  colour?: string;
  target?: string;
}) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:bioc="http://bpmn.io/schema/bpmn/biocolor/1.0"
  id="Defs" targetNamespace="http://example.com">
  <bpmn:process id="Process_1">
    <bpmn:startEvent id="Start" name="Order in" />
    <bpmn:task id="Check" name="${parts.name}"><bpmn:documentation>${parts.doc}</bpmn:documentation></bpmn:task>
    <bpmn:endEvent id="End" name="Done" />
    <bpmn:task id="Other" name="Archive" />
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start" targetRef="Check" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Check" targetRef="${parts.target ?? 'End'}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="Check_di" bpmnElement="Check"${parts.colour ? ` bioc:fill="${parts.colour}"` : ''}><dc:Bounds x="${parts.x}" y="78.4" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2"><di:waypoint x="300" y="118" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

test('the facts of a task: type, name, documentation, where it is drawn and what it connects', async () => {
  const doc = await parseBpmn(diagram({ name: 'Check   order', doc: ' Look at\n it ', x: 200 }));
  assert.deepEqual(factsOf(doc, 'Check'), {
    type: 'bpmn:Task',
    name: 'Check order',
    documentation: 'Look at it',
    position: '200, 78 · 100 × 80',
    from: ['Order in'],
    to: ['Done'],
  });
  assert.deepEqual(factsOf(doc, 'Flow_2'), {
    type: 'bpmn:SequenceFlow',
    name: null,
    documentation: null,
    position: '(300, 118) → (400, 118)',
    from: ['Check order'],
    to: ['Done'],
  });
  assert.equal(factsOf(doc, 'Nowhere'), null);
});

test('before, mine and theirs side by side, with the other properties each side changed named', async () => {
  const [base, mine, theirs] = await Promise.all([
    parseBpmn(diagram({ name: 'Check order', doc: 'Look', x: 200 })),
    parseBpmn(diagram({ name: 'Check order carefully', doc: 'Look', x: 200, colour: '#ffcc00' })),
    parseBpmn(diagram({ name: 'Verify order', doc: 'Look twice', x: 260, target: 'Other' })),
  ]);
  const [check, flow] = compareElements(
    base,
    mine,
    theirs,
    new Map([
      ['Check', true],
      ['Flow_2', false],
    ]),
  );
  assert.equal(check!.overlap, true);
  assert.deepEqual(
    [check!.base?.name, check!.mine?.name, check!.theirs?.name],
    ['Check order', 'Check order carefully', 'Verify order'],
  );
  assert.deepEqual(
    [check!.base?.documentation, check!.mine?.documentation, check!.theirs?.documentation],
    ['Look', 'Look', 'Look twice'],
  );
  assert.deepEqual(
    [check!.mine?.position, check!.theirs?.position],
    ['200, 78 · 100 × 80', '260, 78 · 100 × 80'],
  );
  assert.deepEqual([check!.base?.to, check!.theirs?.to], [['Done'], ['Archive']]);
  assert.deepEqual(
    check!.otherChanges,
    { mine: ['fill'], theirs: [] },
    'a colour is named, without its namespace',
  );
  assert.equal(flow!.overlap, false);
  assert.deepEqual([flow!.base?.to, flow!.theirs?.to], [['Done'], ['Archive']]);
});

test('an element one side removed has no facts on that side', async () => {
  const base = await parseBpmn(diagram({ name: 'A', doc: 'd', x: 1 }));
  const mine = await parseBpmn(
    diagram({ name: 'A', doc: 'd', x: 1 }).replace('<bpmn:task id="Other" name="Archive" />', ''),
  );
  const [other] = compareElements(base, mine, base, new Map([['Other', false]]));
  assert.equal(other!.mine, null);
  assert.equal(other!.theirs?.name, 'Archive');
});
