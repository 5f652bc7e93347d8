import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BpmnModdle } from 'bpmn-moddle';
import Linter from 'bpmnlint/lib/linter.js';
import { bundledLintConfig } from './lint-config.ts';
import { slicedLint, StaleLint, type ModdleNode } from './sliced-lint.ts';

const ns = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"`;

/** Findings of many rules at once: unlabelled, disconnected, implicit splits/joins, sub-processes, a pool. */
const messy = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${ns} id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:collaboration id="C"><bpmn:participant id="Pool" processRef="P" /></bpmn:collaboration>
  <bpmn:message id="Unused" name="never sent" />
  <bpmn:process id="P">
    <bpmn:startEvent id="S"><bpmn:outgoing>F1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:task id="A"><bpmn:incoming>F1</bpmn:incoming><bpmn:outgoing>F2</bpmn:outgoing><bpmn:outgoing>F3</bpmn:outgoing></bpmn:task>
    <bpmn:exclusiveGateway id="G"><bpmn:incoming>F2</bpmn:incoming><bpmn:incoming>F3</bpmn:incoming></bpmn:exclusiveGateway>
    <bpmn:task id="Lonely" name="Lonely" />
    <bpmn:subProcess id="Sub"><bpmn:task id="Inner" /><bpmn:intermediateThrowEvent id="Link"><bpmn:linkEventDefinition id="LD" name="L" /></bpmn:intermediateThrowEvent></bpmn:subProcess>
    <bpmn:inclusiveGateway id="Inc" />
    <bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="A" />
    <bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="G" />
    <bpmn:sequenceFlow id="F3" sourceRef="A" targetRef="G" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Di"><bpmndi:BPMNPlane id="Pl" bpmnElement="C">
    <bpmndi:BPMNShape id="Pool_di" bpmnElement="Pool"><dc:Bounds x="0" y="0" width="900" height="300" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="50" y="50" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="A_di" bpmnElement="A"><dc:Bounds x="120" y="30" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Lonely_di" bpmnElement="Lonely"><dc:Bounds x="130" y="40" width="100" height="80" /></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/**
 * bpmnlint's no-duplicate-sequence-flows keys a flow without a target by its own id, so a flow
 * "Dangling" without target after a flow from the same source that targets "Dangling" crashes it.
 */
const crashing = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${ns} id="D2" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="P2">
    <bpmn:startEvent id="S2" name="Start" />
    <bpmn:sequenceFlow id="Pointer" sourceRef="S2" targetRef="Dangling" />
    <bpmn:sequenceFlow id="Dangling" sourceRef="S2" />
  </bpmn:process>
</bpmn:definitions>`;

function grid(tasks: number): string {
  const ids = Array.from({ length: tasks }, (_, i) => `T${i}`);
  const nodes = ids.map((id, i) => `<bpmn:task id="${id}"${i % 3 ? ` name="Step ${i}"` : ''} />`).join('');
  const flows = ids
    .slice(1)
    .map((id, i) => `<bpmn:sequenceFlow id="F${i}" sourceRef="${ids[i]}" targetRef="${id}" />`)
    .join('');
  return `<bpmn:definitions ${ns} id="D3" targetNamespace="x"><bpmn:process id="P3">${nodes}${flows}</bpmn:process></bpmn:definitions>`;
}

async function both(xml: string): Promise<{ sliced: unknown; whole: unknown; pauses: number }> {
  const { rootElement } = await new BpmnModdle().fromXML(xml);
  const whole = await new Linter(bundledLintConfig()).lint(rootElement);
  let pauses = 0;
  const sliced = await slicedLint(bundledLintConfig(), rootElement as unknown as ModdleNode, async () => {
    pauses++;
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { sliced, whole, pauses };
}

test('the sliced run finds exactly what bpmnlint finds, in the same order and shape', async () => {
  for (const xml of [messy, grid(400)]) {
    const { sliced, whole } = await both(xml);
    assert.ok(Object.keys(whole as object).length > 3, 'the fixture has findings of several rules');
    assert.deepEqual(sliced, whole);
  }
});

test('a rule that crashes is one rule-error finding, as with bpmnlint, and the other rules still run', async () => {
  const { sliced, whole } = await both(crashing);
  const report = sliced as Record<string, { category: string }[]>;
  assert.equal(report['no-duplicate-sequence-flows']?.[0]?.category, 'rule-error');
  assert.deepEqual(sliced, whole);
});

test('a large diagram is linted in many slices, and a pause that throws abandons the run', async () => {
  const { pauses } = await both(grid(400));
  assert.ok(pauses > 10, `paused ${pauses} times`);
  const { rootElement } = await new BpmnModdle().fromXML(grid(400));
  await assert.rejects(
    slicedLint(bundledLintConfig(), rootElement as unknown as ModdleNode, () =>
      Promise.reject(new StaleLint()),
    ),
    StaleLint,
  );
});
