import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBpmn } from './bpmn-items.ts';
import { compareElements } from './element-facts.ts';
import { changesBetween, mergeBpmn } from './three-way-merge.ts';

/**
 * The service's export of a small process (no `isMarkerVisible`, labels
 * placed for the events), and edits to it as bpmn-js writes them: a rename
 * re-centres the external label (same middle and top, new width and height),
 * a renamed task gets an empty `<bpmndi:BPMNLabel/>`, every exclusive gateway
 * gets `isMarkerVisible="true"`.
 */
const base = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="D" targetNamespace="http://x">
  <bpmn:process id="P" isExecutable="false">
    <bpmn:startEvent id="S" name="Order in" />
    <bpmn:task id="A" name="Check order" />
    <bpmn:exclusiveGateway id="G" name="OK?" />
    <bpmn:endEvent id="E" name="Done" />
    <bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="A" />
    <bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="G" />
    <bpmn:sequenceFlow id="F3" sourceRef="G" targetRef="E" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="DI"><bpmndi:BPMNPlane id="PL" bpmnElement="P">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="100" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="96" y="143" width="44" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="A_di" bpmnElement="A"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="G_di" bpmnElement="G"><dc:Bounds x="355" y="93" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E_di" bpmnElement="E"><dc:Bounds x="462" y="100" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="467" y="143" width="26" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="118" /><di:waypoint x="355" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F3_di" bpmnElement="F3"><di:waypoint x="405" y="118" /><di:waypoint x="462" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

const edit = (xml: string, ...replacements: [string, string][]): string =>
  replacements.reduce((text, [from, to]) => {
    assert.ok(text.includes(from), `fixture contains ${from}`);
    return text.replace(from, to);
  }, xml);

/** What bpmn-js adds on any save of the service's export: the gateway's marker flag. */
const markerWritten: [string, string] = [
  '<bpmndi:BPMNShape id="G_di" bpmnElement="G">',
  '<bpmndi:BPMNShape id="G_di" bpmnElement="G" isMarkerVisible="true">',
];

/** The start event renamed in bpmn-js: its label re-centred on the same middle (118) and top (143). */
const startRenamed: [string, string][] = [
  ['name="Order in"', 'name="Order received by mail"'],
  [
    '<dc:Bounds x="96" y="143" width="44" height="14" />',
    '<dc:Bounds x="78" y="143" width="81" height="27" />',
  ],
];

async function changes(from: string, to: string) {
  const [a, b] = await Promise.all([parseBpmn(from), parseBpmn(to)]);
  return changesBetween(a, b, 'mine').map((change) => [change.id, change.kind]);
}

async function compared(mine: string, theirs: string, ids: string[]) {
  const [b, m, t] = await Promise.all([parseBpmn(base), parseBpmn(mine), parseBpmn(theirs)]);
  const elements = compareElements(b, m, t, new Map(ids.map((id) => [id, false])));
  return new Map(elements.map((element) => [element.id, element]));
}

test('a rename with the label bpmn-js re-centred is exactly one change: the name', async () => {
  const mine = edit(base, ...startRenamed, markerWritten, [
    '<dc:Bounds x="200" y="78" width="100" height="80" />',
    '<dc:Bounds x="200" y="78" width="100" height="80" /><bpmndi:BPMNLabel />',
  ]);
  assert.deepEqual(await changes(base, mine), [['S', 'changed']]);
  const start = (await compared(mine, base, ['S'])).get('S');
  assert.ok(start, 'the renamed event is listed');
  assert.deepEqual(start.changed, { mine: ['name'], theirs: [] });
  assert.deepEqual(start.otherChanges, { mine: [], theirs: [] }, 'no "Label position"');
});

test('an untouched exclusive gateway with isMarkerVisible written is no change; a hidden marker is', async () => {
  const saved = edit(base, markerWritten);
  assert.deepEqual(await changes(base, saved), []);
  assert.equal((await compared(saved, base, ['G'])).size, 0, 'nothing to show for the gateway');

  const hidden = edit(base, [markerWritten[0], markerWritten[1].replace('"true"', '"false"')]);
  assert.deepEqual(await changes(base, hidden), [['G', 'moved']]);
  assert.deepEqual((await compared(hidden, base, ['G'])).get('G')?.otherChanges.mine, ['isMarkerVisible']);
});

test('a neighbour renamed on their side: the connections are not changed, though they read differently', async () => {
  const theirs = edit(base, ['name="Done"', 'name="Order done"']);
  const gateway = (await compared(base, theirs, ['G', 'E'])).get('G');
  assert.ok(gateway === undefined, 'the gateway itself did not change');
  const [b, t] = await Promise.all([parseBpmn(base), parseBpmn(theirs)]);
  const [shown] = compareElements(b, b, t, new Map([['G', true]]));
  assert.deepEqual([shown!.base?.to, shown!.theirs?.to], [['Done'], ['Order done']], 'shown by name');
  assert.deepEqual(shown!.changed, { mine: [], theirs: [] }, 'compared by id');

  // Reconnected: the flow now ends at the task, so the gateway's connections changed.
  const reconnected = edit(base, ['sourceRef="G" targetRef="E"', 'sourceRef="G" targetRef="A"']);
  const [again] = compareElements(b, b, await parseBpmn(reconnected), new Map([['G', true]]));
  assert.deepEqual(again!.changed.theirs, ['connections']);
});

test('a shape moved beyond the tolerance is moved; rounding and a nudge of 2 px are not', async () => {
  const moved = edit(base, ['<dc:Bounds x="200" y="78"', '<dc:Bounds x="240" y="78"']);
  assert.deepEqual(await changes(base, moved), [['A', 'moved']]);
  assert.deepEqual((await compared(moved, base, ['A'])).get('A')?.changed.mine, ['position']);

  const rounded = edit(
    base,
    ['<dc:Bounds x="200" y="78"', '<dc:Bounds x="201.5" y="76"'],
    ['<di:waypoint x="136" y="118" />', '<di:waypoint x="136.4" y="118.6" />'],
  );
  assert.deepEqual(await changes(base, rounded), []);
  assert.equal((await compared(rounded, base, ['A', 'F1'])).size, 0);
});

test('a label dragged away is a layout change of its own ("Label position")', async () => {
  const dragged = edit(base, [
    '<dc:Bounds x="96" y="143" width="44" height="14" />',
    '<dc:Bounds x="96" y="60" width="44" height="14" />',
  ]);
  assert.deepEqual(await changes(base, dragged), [['S', 'moved']]);
  const start = (await compared(dragged, base, ['S'])).get('S');
  assert.deepEqual(start?.changed.mine, [], 'the shape itself did not move');
  assert.deepEqual(start?.otherChanges.mine, ['label']);
});

test('the diagram bpmn-js adds for a collapsed sub-process is no change', async () => {
  const withSub = edit(
    base,
    ['<bpmn:endEvent id="E"', '<bpmn:subProcess id="Sub" name="Details" />\n    <bpmn:endEvent id="E"'],
    [
      '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
      '<bpmndi:BPMNShape id="Sub_di" bpmnElement="Sub" isExpanded="false"><dc:Bounds x="200" y="250" width="100" height="80" /></bpmndi:BPMNShape>\n  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
    ],
  );
  const drilled = edit(withSub, [
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>\n  <bpmndi:BPMNDiagram id="DI_sub"><bpmndi:BPMNPlane id="PL_sub" bpmnElement="Sub" /></bpmndi:BPMNDiagram>',
  ]);
  assert.deepEqual(await changes(withSub, drilled), []);
  // Its flag written or left out: collapsed either way.
  assert.deepEqual(await changes(withSub, withSub.replace(' isExpanded="false"', '')), []);
  assert.deepEqual(await changes(withSub, withSub.replace('isExpanded="false"', 'isExpanded="true"')), [
    ['Sub', 'moved'],
  ]);
});

test('the merge: my rename (label re-centred) and their move of the same shape (label along) merge', async () => {
  const mine = edit(base, ...startRenamed, markerWritten);
  const theirs = edit(
    base,
    [
      '<dc:Bounds x="100" y="100" width="36" height="36" />',
      '<dc:Bounds x="100" y="200" width="36" height="36" />',
    ],
    [
      '<dc:Bounds x="96" y="143" width="44" height="14" />',
      '<dc:Bounds x="96" y="243" width="44" height="14" />',
    ],
  );
  const result = await mergeBpmn(base, mine, theirs);
  assert.ok(result.clean, JSON.stringify(!result.clean && result.overlaps));
  const merged = await parseBpmn(result.xml);
  assert.equal(merged.items.get('S')?.element.name, 'Order received by mail');
  const shape = merged.items.get('S#di')?.element as unknown as {
    bounds: { y: number };
    label: { bounds: { y: number } };
  };
  assert.equal(shape.bounds.y, 200, 'their move');
  assert.equal(shape.label.bounds.y, 243, 'their label, moved along');
  assert.deepEqual(
    result.applied.map((change) => [change.id, change.kind]),
    [['S', 'changed']],
  );
});

test('the merge: both renamed it, each label re-centred differently: one overlap, the name', async () => {
  const mine = edit(base, ...startRenamed, markerWritten);
  const theirs = edit(
    base,
    ['name="Order in"', 'name="Order arrived"'],
    [
      '<dc:Bounds x="96" y="143" width="44" height="14" />',
      '<dc:Bounds x="82" y="143" width="72" height="14" />',
    ],
  );
  const result = await mergeBpmn(base, mine, theirs);
  assert.ok(!result.clean);
  assert.deepEqual(result.overlaps, [
    { id: 'S', mine: 'changed', theirs: 'changed', name: 'Order received by mail' },
  ]);
  assert.deepEqual(
    result.mine.map((change) => [change.id, change.kind]),
    [['S', 'changed']],
  );
});
