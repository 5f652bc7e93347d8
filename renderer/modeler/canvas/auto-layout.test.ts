import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BpmnModdle } from 'bpmn-moddle';
import { autoLayoutLimit, generateLayout, layoutNeed, type ModdleElement } from './auto-layout.ts';

const corpora = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpora');
const moddle = new BpmnModdle();

async function parse(xml: string): Promise<ModdleElement> {
  return (await moddle.fromXML(xml, 'bpmn:Definitions')).rootElement as unknown as ModdleElement;
}

/** A hand-drawn diagram of the corpus with its diagram interchange taken away, as a service may return it. */
async function withoutDi(file: string): Promise<string> {
  const { rootElement } = await moddle.fromXML(readFileSync(file, 'utf8'), 'bpmn:Definitions');
  rootElement.diagrams = [];
  return (await moddle.toXML(rootElement, { format: true })).xml;
}

const handDrawn = join(corpora, 'bpmn', readdirSync(join(corpora, 'bpmn')).sort()[0]!);

test('a diagram with diagram interchange needs no layout', async () => {
  assert.deepEqual(layoutNeed(await parse(readFileSync(handDrawn, 'utf8'))), { kind: 'none' });
});

test('a diagram whose flow nodes have no shape gets a generated layout that draws every flow node', async () => {
  const xml = await withoutDi(handDrawn);
  const need = layoutNeed(await parse(xml));
  assert.equal(need.kind, 'generate');
  const laidOut = await parse(await generateLayout(xml));
  assert.deepEqual(layoutNeed(laidOut), { kind: 'none' }, 'the generated layout draws the flow nodes');
});

test('a bpmn-moddle fixture without DI is recognised', async () => {
  const file = join(corpora, 'bpmn-io-fixtures', 'bpmn-moddle', 'local-ns-no-di.bpmn');
  const need = layoutNeed(await parse(readFileSync(file, 'utf8')));
  assert.equal(need.kind, 'generate');
});

test('a diagram without flow nodes, or nothing parsed, needs no layout', async () => {
  const empty = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x">
  <bpmn:process id="p" /></bpmn:definitions>`;
  assert.deepEqual(layoutNeed(await parse(empty)), { kind: 'none' });
  assert.deepEqual(layoutNeed(undefined), { kind: 'none' });
});

test('a DI-less process beyond the limit is reported, not laid out', async () => {
  const tasks = Array.from({ length: autoLayoutLimit + 1 }, (_, i) => `<bpmn:task id="t${i}" />`).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x">
  <bpmn:process id="p">${tasks}</bpmn:process></bpmn:definitions>`;
  assert.deepEqual(layoutNeed(await parse(xml)), { kind: 'tooLarge', flowNodes: autoLayoutLimit + 1 });
});

test('a diagram whose plane draws none of its flow nodes needs a layout; one drawn node is enough to keep it', async () => {
  const xml = (shapes: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="d" targetNamespace="x">
  <bpmn:process id="p"><bpmn:task id="a" /><bpmn:task id="b" /></bpmn:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="P" bpmnElement="p">${shapes}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
  assert.deepEqual(layoutNeed(await parse(xml(''))), { kind: 'generate', flowNodes: 2 });
  const one =
    '<bpmndi:BPMNShape id="a_di" bpmnElement="a"><dc:Bounds x="0" y="0" width="100" height="80" /></bpmndi:BPMNShape>';
  assert.deepEqual(layoutNeed(await parse(xml(one))), { kind: 'none' });
});
