import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { mergeBpmn } from './three-way-merge.ts';
import { parseBpmn, serializeBpmn } from './bpmn-items.ts';

const base = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="D" targetNamespace="http://x">
  <bpmn:process id="P" isExecutable="false">
    <bpmn:startEvent id="S" name="Start" />
    <bpmn:task id="A" name="Check order" />
    <bpmn:endEvent id="E" name="Done" />
    <bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="A" />
    <bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="E" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="DI"><bpmndi:BPMNPlane id="PL" bpmnElement="P">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="A_di" bpmnElement="A"><dc:Bounds x="200" y="80" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E_di" bpmnElement="E"><dc:Bounds x="400" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="120" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="120" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

const edit = (xml: string, ...replacements: [string, string][]): string =>
  replacements.reduce((text, [from, to]) => {
    assert.ok(text.includes(from), `fixture contains ${from}`);
    return text.replace(from, to);
  }, xml);

async function names(xml: string): Promise<Record<string, string>> {
  const doc = await parseBpmn(xml);
  return Object.fromEntries(
    [...doc.items.values()]
      .filter((i) => i.kind === 'semantic' && typeof i.element.name === 'string')
      .map((i) => [i.key, i.element.name as string]),
  );
}

test('non-overlapping changes merge: my rename and new task, their move and new end', async () => {
  const mine = edit(
    base,
    ['name="Check order"', 'name="Check order carefully"'],
    ['<bpmn:endEvent id="E"', '<bpmn:task id="B" name="Archive" />\n    <bpmn:endEvent id="E"'],
    [
      '<bpmndi:BPMNShape id="E_di"',
      '<bpmndi:BPMNShape id="B_di" bpmnElement="B"><dc:Bounds x="200" y="300" width="100" height="80" /></bpmndi:BPMNShape>\n    <bpmndi:BPMNShape id="E_di"',
    ],
  );
  const theirs = edit(
    base,
    ['<dc:Bounds x="400" y="100"', '<dc:Bounds x="500" y="100"'],
    ['name="Done"', 'name="Order done"'],
  );
  const result = await mergeBpmn(base, mine, theirs);
  assert.ok(result.clean, JSON.stringify(!result.clean && result.overlaps));
  const merged = await names(result.xml);
  assert.equal(merged.A, 'Check order carefully');
  assert.equal(merged.B, 'Archive');
  assert.equal(merged.E, 'Order done');
  assert.match(result.xml, /bpmnElement="E">\s*<dc:Bounds x="500"/);
  assert.match(result.xml, /bpmnElement="B">\s*<dc:Bounds x="200" y="300"/);
  assert.deepEqual(
    result.applied.map((c) => [c.id, c.kind]),
    [
      ['A', 'changed'],
      ['B', 'added'],
    ],
  );
});

test('the same element changed differently on both sides is an overlap, and nothing is merged', async () => {
  const mine = edit(base, ['name="Check order"', 'name="Mine"']);
  const theirs = edit(base, ['name="Check order"', 'name="Theirs"']);
  const result = await mergeBpmn(base, mine, theirs);
  assert.equal(result.clean, false);
  assert.ok(!result.clean);
  assert.deepEqual(result.overlaps, [{ id: 'A', mine: 'changed', theirs: 'changed', name: 'Mine' }]);
});

test('a flow they added to a task I removed is an overlap, not a dangling reference', async () => {
  const mine = edit(
    base,
    ['<bpmn:task id="A" name="Check order" />', ''],
    [
      '<bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="A" />',
      '<bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="E" />',
    ],
    ['<bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="E" />', ''],
  );
  const theirs = edit(base, [
    '<bpmn:endEvent id="E" name="Done" />',
    '<bpmn:endEvent id="E" name="Done" />\n    <bpmn:sequenceFlow id="F3" sourceRef="A" targetRef="E" />',
  ]);
  const result = await mergeBpmn(base, mine, theirs);
  assert.equal(result.clean, false);
});

test('identical changes on both sides are no conflict', async () => {
  const both = edit(base, ['name="Check order"', 'name="Same"']);
  const result = await mergeBpmn(base, both, both);
  assert.ok(result.clean);
});

const corpusFile = '../shared/corpora/bpmn/ex00_writer0001.bpmn';
test(
  'a real diagram merges with itself changed on disjoint elements',
  { skip: !existsSync(corpusFile) && 'corpus not found beside the project' },
  async () => {
    const xml = readFileSync(corpusFile, 'utf8');
    const doc = await parseBpmn(xml);
    const named = [...doc.items.values()].filter(
      (i) => i.kind === 'semantic' && typeof i.element.name === 'string' && i.element.name,
    );
    assert.ok(named.length >= 2);
    const [first, second] = named as [(typeof named)[0], (typeof named)[0]];
    const renamed = async (id: string, name: string): Promise<string> => {
      const copy = await parseBpmn(xml);
      copy.items.get(id)!.element.name = name;
      return serializeBpmn(copy.definitions);
    };
    const mine = await renamed(first.key, 'Mine renamed');
    const theirs = await renamed(second.key, 'Theirs renamed');
    const result = await mergeBpmn(xml, mine, theirs);
    assert.ok(result.clean);
    const merged = await names(result.xml);
    assert.equal(merged[first.key], 'Mine renamed');
    assert.equal(merged[second.key], 'Theirs renamed');
  },
);

const colours =
  'xmlns:bioc="http://bpmn.io/schema/bpmn/biocolor/1.0" xmlns:color="http://www.omg.org/spec/BPMN/non-normative/color/1.0"';
const vendor = 'xmlns:vendor="http://example.com/vendor"';

test('values that start with # are values, not references: colours, ##-constants, #-names merge cleanly', async () => {
  const withValues = edit(
    base,
    ['targetNamespace="http://x"', `targetNamespace="http://x" ${colours} ${vendor}`],
    ['name="Check order"', 'name="#1 Check order" vendor:implementation="##WebService"'],
    [
      '<bpmndi:BPMNShape id="A_di" bpmnElement="A">',
      '<bpmndi:BPMNShape id="A_di" bpmnElement="A" bioc:fill="#ffcdd2" color:background-color="#c2d7eb">',
    ],
  );
  const noOp = await mergeBpmn(withValues, withValues, withValues);
  assert.ok(noOp.clean, 'a no-op merge is clean');
  const mine = edit(withValues, ['bioc:fill="#ffcdd2"', 'bioc:fill="#c8e6c9"']);
  const theirs = edit(withValues, ['<dc:Bounds x="400" y="100"', '<dc:Bounds x="480" y="100"']);
  const merged = await mergeBpmn(withValues, mine, theirs);
  assert.ok(merged.clean, 'my colour and their move of another shape merge');
  assert.match(merged.xml, /bioc:fill="#c8e6c9"/);
  assert.match(merged.xml, /bpmnElement="E">\s*<dc:Bounds x="480"/);
});

test('an extension value changed on one side is kept, not silently dropped', async () => {
  const withExtension = edit(
    base,
    ['targetNamespace="http://x"', `targetNamespace="http://x" ${vendor}`],
    [
      '<bpmn:task id="A" name="Check order" />',
      '<bpmn:task id="A" name="Check order"><bpmn:extensionElements><vendor:property name="owner" value="Ann" /></bpmn:extensionElements></bpmn:task>',
    ],
  );
  const mine = edit(withExtension, ['value="Ann"', 'value="Bob"']);
  const theirs = edit(withExtension, ['name="Done"', 'name="Order done"']);
  const merged = await mergeBpmn(withExtension, mine, theirs);
  assert.ok(merged.clean);
  assert.match(merged.xml, /value="Bob"/);
  assert.match(merged.xml, /name="Order done"/);
  const both = await mergeBpmn(withExtension, mine, edit(withExtension, ['value="Ann"', 'value="Cy"']));
  assert.equal(both.clean, false, 'the same value changed differently on both sides is a conflict');
});

test('one shape, different properties: my label position and their move both arrive', async () => {
  const withLabel = edit(base, [
    '<dc:Bounds x="400" y="100" width="36" height="36" /></bpmndi:BPMNShape>',
    '<dc:Bounds x="400" y="100" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="390" y="140" width="60" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>',
  ]);
  const mine = edit(withLabel, ['<dc:Bounds x="390" y="140"', '<dc:Bounds x="390" y="160"']);
  const theirs = edit(withLabel, ['<dc:Bounds x="400" y="100"', '<dc:Bounds x="420" y="100"']);
  const merged = await mergeBpmn(withLabel, mine, theirs);
  assert.ok(merged.clean, JSON.stringify(!merged.clean && merged.overlaps));
  assert.match(merged.xml, /<dc:Bounds x="420" y="100"/);
  assert.match(merged.xml, /<dc:Bounds x="390" y="160"/);
  const clash = await mergeBpmn(
    withLabel,
    edit(withLabel, ['<dc:Bounds x="400" y="100"', '<dc:Bounds x="300" y="100"']),
    theirs,
  );
  assert.equal(clash.clean, false, 'the same shape moved to different places is a conflict');
});

test('serialisation is not a change: xsi:type on waypoints, 200.0, DI ids and edge ends', async () => {
  const rewritten = edit(
    base,
    [
      '<di:waypoint x="136" y="118" />',
      '<di:waypoint xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="dc:Point" x="136.0" y="118" />',
    ],
    ['id="A_di"', 'id="Shape_A"'],
    [
      '<bpmndi:BPMNEdge id="F2_di" bpmnElement="F2">',
      '<bpmndi:BPMNEdge id="F2_di" bpmnElement="F2" sourceElement="Shape_A" targetElement="E_di">',
    ],
  );
  const mine = edit(base, ['name="Check order"', 'name="Renamed"']);
  const merged = await mergeBpmn(base, mine, rewritten);
  assert.ok(merged.clean);
  assert.deepEqual(merged.theirs, [], 'their rewrite changed nothing');
});

test('keep mine: mine wins where both changed, their change elsewhere is kept, and what is replaced is named', async () => {
  const mine = edit(base, ['name="Check order"', 'name="Mine"']);
  const theirs = edit(base, ['name="Check order"', 'name="Theirs"'], ['name="Done"', 'name="Order done"']);
  const result = await mergeBpmn(base, mine, theirs, { prefer: 'mine' });
  assert.ok(result.clean, JSON.stringify(!result.clean && result.overlaps));
  const merged = await names(result.xml);
  assert.equal(merged.A, 'Mine');
  assert.equal(merged.E, 'Order done', 'their rename of another element stays');
  assert.deepEqual(result.replaced, [{ id: 'A', mine: 'changed', theirs: 'changed', name: 'Mine' }]);
  const stop = await mergeBpmn(base, mine, theirs);
  assert.equal(stop.clean, false, 'without the option the overlap still stops the merge');
});

test('keep mine: on one element I keep my name and they keep their documentation', async () => {
  const mine = edit(base, ['name="Check order"', 'name="Mine"']);
  const theirs = edit(base, [
    '<bpmn:task id="A" name="Check order" />',
    '<bpmn:task id="A" name="Theirs"><bpmn:documentation>Ask finance first</bpmn:documentation></bpmn:task>',
  ]);
  const result = await mergeBpmn(base, mine, theirs, { prefer: 'mine' });
  assert.ok(result.clean);
  assert.equal((await names(result.xml)).A, 'Mine');
  assert.match(result.xml, /<bpmn:documentation>Ask finance first<\/bpmn:documentation>/);
  assert.deepEqual(
    result.replaced.map((r) => r.id),
    ['A'],
  );
});

test('keep mine: their flow to a task I removed goes with it and is named as replaced', async () => {
  const mine = edit(
    base,
    ['<bpmn:task id="A" name="Check order" />', ''],
    ['<bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="A" />', ''],
    ['<bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="E" />', ''],
    [
      '<bpmndi:BPMNShape id="A_di" bpmnElement="A"><dc:Bounds x="200" y="80" width="100" height="80" /></bpmndi:BPMNShape>',
      '',
    ],
    [
      '<bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="120" /></bpmndi:BPMNEdge>',
      '',
    ],
    [
      '<bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="120" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>',
      '',
    ],
  );
  const theirs = edit(
    base,
    [
      '<bpmn:endEvent id="E" name="Done" />',
      '<bpmn:endEvent id="E" name="Done" />\n    <bpmn:sequenceFlow id="F3" name="Retry" sourceRef="A" targetRef="S" />',
    ],
    [
      '<bpmndi:BPMNShape id="E_di"',
      '<bpmndi:BPMNEdge id="F3_di" bpmnElement="F3"><di:waypoint x="250" y="80" /><di:waypoint x="118" y="100" /></bpmndi:BPMNEdge>\n    <bpmndi:BPMNShape id="E_di"',
    ],
  );
  assert.equal((await mergeBpmn(base, mine, theirs)).clean, false);
  const result = await mergeBpmn(base, mine, theirs, { prefer: 'mine' });
  assert.ok(result.clean, JSON.stringify(!result.clean && result.overlaps));
  assert.doesNotMatch(result.xml, /F3/);
  assert.doesNotMatch(result.xml, /id="A"/);
  assert.deepEqual(
    result.replaced.map((r) => [r.id, r.name]),
    [['F3', 'Retry']],
  );
});
