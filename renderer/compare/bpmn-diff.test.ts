import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanesError } from '../../shared/ipc/errors.ts';
import { diffBpmn } from './bpmn-diff.ts';
import { readableType } from '../base/element-format.ts';

const base = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Defs" targetNamespace="http://example.com">
  <bpmn:process id="Process_1">
    <bpmn:startEvent id="Start" name="Order received" />
    <bpmn:task id="Check" name="Check order" />
    <bpmn:endEvent id="End" />
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start" targetRef="Check" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Check" targetRef="End" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="Start_di" bpmnElement="Start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Check_di" bpmnElement="Check"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="End_di" bpmnElement="End"><dc:Bounds x="400" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2"><di:waypoint x="300" y="118" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

function edit(xml: string, from: string | RegExp, to: string): string {
  const edited = xml.replace(from, to);
  assert.notEqual(edited, xml, `the edit ${String(from)} must apply`);
  return edited;
}

test('identical documents have no differences', async () => {
  assert.deepEqual(await diffBpmn(base, base), []);
});

test('an added task is reported as added, with its type and name', async () => {
  let newer = edit(
    base,
    '<bpmn:endEvent id="End" />',
    '<bpmn:endEvent id="End" /><bpmn:userTask id="Approve" name="Approve\n order" />',
  );
  newer = edit(
    newer,
    '</bpmndi:BPMNPlane>',
    '<bpmndi:BPMNShape id="Approve_di" bpmnElement="Approve"><dc:Bounds x="500" y="78" width="100" height="80" /></bpmndi:BPMNShape></bpmndi:BPMNPlane>',
  );
  assert.deepEqual(await diffBpmn(base, newer), [
    {
      id: 'Approve',
      kind: 'added',
      type: 'bpmn:UserTask',
      name: 'Approve order',
      attributes: [],
      values: [],
    },
  ]);
});

test('a renamed task is changed (name), not moved', async () => {
  const newer = edit(base, 'name="Check order"', 'name="Verify order"');
  assert.deepEqual(await diffBpmn(base, newer), [
    {
      id: 'Check',
      kind: 'changed',
      type: 'bpmn:Task',
      name: 'Verify order',
      attributes: ['name'],
      values: [{ name: 'name', before: 'Check order', after: 'Verify order' }],
    },
  ]);
});

test('a changed documentation and condition are written out before and after, not only named', async () => {
  let older = edit(
    base,
    '<bpmn:task id="Check" name="Check order" />',
    '<bpmn:task id="Check" name="Check order"><bpmn:documentation>Look at it</bpmn:documentation></bpmn:task>',
  );
  older = edit(
    older,
    '<bpmn:sequenceFlow id="Flow_2" sourceRef="Check" targetRef="End" />',
    '<bpmn:sequenceFlow id="Flow_2" sourceRef="Check" targetRef="End"><bpmn:conditionExpression xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="bpmn:tFormalExpression">amount &gt; 100</bpmn:conditionExpression></bpmn:sequenceFlow>',
  );
  let newer = edit(older, 'Look at it', 'Look at it twice');
  newer = edit(newer, 'amount &gt; 100', 'amount &gt; 500');
  const changes = await diffBpmn(older, newer);
  assert.deepEqual(
    changes.map((change) => [change.id, change.kind, change.values]),
    [
      ['Check', 'changed', [{ name: 'documentation', before: 'Look at it', after: 'Look at it twice' }]],
      ['Flow_2', 'changed', [{ name: 'conditionExpression', before: 'amount > 100', after: 'amount > 500' }]],
    ],
  );
});

test('a shape moved on the canvas is moved (layout only)', async () => {
  const newer = edit(base, '<dc:Bounds x="200" y="78"', '<dc:Bounds x="240" y="178"');
  assert.deepEqual(await diffBpmn(base, newer), [
    { id: 'Check', kind: 'moved', type: 'bpmn:Task', name: 'Check order', attributes: [], values: [] },
  ]);
});

test('a removed flow is removed, named from the older version', async () => {
  let newer = edit(base, '<bpmn:sequenceFlow id="Flow_2" sourceRef="Check" targetRef="End" />', '');
  newer = edit(newer, /<bpmndi:BPMNEdge id="Flow_2_di"[\s\S]*?<\/bpmndi:BPMNEdge>/, '');
  assert.deepEqual(await diffBpmn(base, newer), [
    { id: 'Flow_2', kind: 'removed', type: 'bpmn:SequenceFlow', name: '', attributes: [], values: [] },
  ]);
});

test('several changes come sorted by kind: added, removed, changed, moved', async () => {
  let newer = edit(base, 'name="Order received"', 'name="Order in"');
  newer = edit(newer, '<dc:Bounds x="400" y="100"', '<dc:Bounds x="420" y="100"');
  newer = edit(newer, '<bpmn:endEvent id="End" />', '<bpmn:endEvent id="End" /><bpmn:task id="Extra" />');
  newer = edit(newer, /<bpmn:sequenceFlow id="Flow_1"[^>]*\/>/, '');
  newer = edit(newer, /<bpmndi:BPMNEdge id="Flow_1_di"[\s\S]*?<\/bpmndi:BPMNEdge>/, '');
  const kinds = (await diffBpmn(base, newer)).map((change) => `${change.kind} ${change.id}`);
  assert.deepEqual(kinds, ['added Extra', 'removed Flow_1', 'changed Start', 'moved End']);
});

test('a shape whose element is gone does not break the diff', async () => {
  // The flow is removed but its edge stays behind: broken, but real files look like this.
  const newer = edit(base, '<bpmn:sequenceFlow id="Flow_2" sourceRef="Check" targetRef="End" />', '');
  const changes = await diffBpmn(base, newer);
  assert.deepEqual(
    changes.map((change) => `${change.kind} ${change.id}`),
    ['removed Flow_2'],
  );
});

test('XML that is not BPMN is refused with editor.notBpmn, naming the reason', async () => {
  await assert.rejects(diffBpmn(base, '<not-closed'), (error: unknown) => {
    assert.ok(error instanceof LanesError);
    assert.equal(error.code, 'editor.notBpmn');
    assert.ok(error.params.reason);
    return true;
  });
});

test('BPMN types read as words', () => {
  assert.equal(readableType('bpmn:SequenceFlow'), 'Sequence flow');
  assert.equal(readableType('bpmn:Task'), 'Task');
});

/** The shared corpus beside the checkout (`../shared`), read in place. */
const corpus = fileURLToPath(new URL('../../../shared/corpora/bpmn', import.meta.url));
const corpusFile = existsSync(corpus)
  ? (readdirSync(corpus).find((name) => name === 'ex00_writer0001.bpmn') ??
    readdirSync(corpus).find((name) => name.endsWith('.bpmn')))
  : undefined;

test(
  'a real corpus diagram: none against itself, exactly the edit against a modified copy',
  { skip: corpusFile ? false : `the BPMN corpus is not at ${corpus}` },
  async () => {
    const xml = readFileSync(join(corpus, corpusFile!), 'utf8');
    assert.deepEqual(await diffBpmn(xml, xml), []);
    // Rename the first named task, whatever the file calls it.
    const task = /<(?:bpmn:)?task id="([^"]+)" name="([^"]*)"/.exec(xml);
    assert.ok(task, 'the corpus file has a named task');
    const renamed = xml.replace(task[0], task[0].replace(`name="${task[2]}"`, 'name="Renamed by the test"'));
    assert.deepEqual(await diffBpmn(xml, renamed), [
      {
        id: task[1],
        kind: 'changed',
        type: 'bpmn:Task',
        name: 'Renamed by the test',
        attributes: ['name'],
        values: [
          {
            name: 'name',
            before: task[2]!.replace(/&#10;|\s+/g, ' ').trim(),
            after: 'Renamed by the test',
          },
        ],
      },
    ]);
  },
);

test('DI written differently but not moved is no change; a label that moved is a label move, not a move', async () => {
  const withLabel = edit(
    base,
    '<dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>',
    '<dc:Bounds x="100" y="100" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="90" y="140" width="60" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>',
  );
  const serialisedOtherwise = edit(
    edit(
      base,
      '<di:waypoint x="136" y="118" />',
      '<di:waypoint xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="dc:Point" x="136.0" y="118" />',
    ),
    'id="Check_di"',
    'id="Shape_Check"',
  );
  assert.deepEqual(await diffBpmn(base, serialisedOtherwise), [], 'xsi:type, 136.0 and DI ids move nothing');
  assert.deepEqual(await diffBpmn(base, withLabel), [], 'a label only one side positions moved nowhere');
  const labelMoved = edit(withLabel, '<dc:Bounds x="90" y="140"', '<dc:Bounds x="90" y="160"');
  assert.deepEqual(
    (await diffBpmn(withLabel, labelMoved)).map((c) => [c.id, c.kind]),
    [['Start', 'labelMoved']],
  );
  const shapeMoved = edit(withLabel, '<dc:Bounds x="100" y="100"', '<dc:Bounds x="120" y="100"');
  assert.deepEqual(
    (await diffBpmn(withLabel, shapeMoved)).map((c) => [c.id, c.kind]),
    [['Start', 'moved']],
  );
});

test('a label bpmn-js re-centred on a rename and a nudge within rounding are no moves (the rules main counts by)', async () => {
  const withLabel = edit(
    base,
    '<dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>',
    '<dc:Bounds x="100" y="100" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="90" y="140" width="56" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>',
  );
  // Renamed in bpmn-js: the label keeps its middle (118) and top (140), only its size follows the text.
  const renamed = edit(
    edit(withLabel, 'name="Order received"', 'name="Order received by mail or phone"'),
    '<dc:Bounds x="90" y="140" width="56" height="14" />',
    '<dc:Bounds x="77" y="140" width="82" height="27" />',
  );
  assert.deepEqual(
    (await diffBpmn(withLabel, renamed)).map((c) => [c.id, c.kind, c.attributes]),
    [['Start', 'changed', ['name']]],
  );
  const recentred = edit(
    withLabel,
    '<dc:Bounds x="90" y="140" width="56"',
    '<dc:Bounds x="80" y="140" width="76"',
  );
  assert.deepEqual(await diffBpmn(withLabel, recentred), [], 'only the size of the label changed');
  const nudged = edit(
    edit(withLabel, '<dc:Bounds x="200" y="78"', '<dc:Bounds x="201.5" y="76"'),
    '<di:waypoint x="136" y="118" />',
    '<di:waypoint x="137" y="118.5" />',
  );
  assert.deepEqual(await diffBpmn(withLabel, nudged), [], 'within 2 px: rounding, not a move');
});
