/**
 * BPMN import keeps what the service keeps and names everything it drops,
 * through real HTTP and SQLite: a diagram with documentation, a
 * non-interrupting timer, conditional and default flows, label bounds, a
 * message start event, lanes and an annotation is imported and exported, and
 * both documents are compared through bpmn-moddle.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { ModdleElement } from 'bpmn-moddle';
import { BpmnModdle } from 'bpmn-moddle';
import type { ElementJson, Harness } from './test/harness.ts';
import { processes, startHarness } from './test/harness.ts';

interface Dropped {
  id: string | null;
  kind: string;
  attribute?: string;
  name?: string;
}

interface ImportBody {
  type: string;
  summary: { created: number; flows: number; warnings: string[]; dropped: Dropped[] };
}

/** A diagram for process element `elementId`, using every feature the import keeps plus lanes and an annotation it drops. */
function sampleDiagram(elementId: string): string {
  const shape = (id: string, x: number, y: number, w: number, h: number, extra = '', label = ''): string =>
    `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"${extra}><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" />${label}</bpmndi:BPMNShape>`;
  const label = (x: number, y: number, w: number, h: number): string =>
    `<bpmndi:BPMNLabel><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNLabel>`;
  const edge = (id: string, points: number[][], extra = ''): string =>
    `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}${extra}</bpmndi:BPMNEdge>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_${elementId}" name="Order handling v2"
  targetNamespace="http://bpmn.io/schema/bpmn" exporter="Lanes service emulator" exporterVersion="1.0">
  <bpmn:message id="Message_order" name="Order received" />
  <bpmn:process id="Process_${elementId}" name="Handle orders" isExecutable="false">
    <bpmn:documentation>How orders are handled.</bpmn:documentation>
    <bpmn:laneSet id="LaneSet_1">
      <bpmn:lane id="Lane_sales" name="Sales"><bpmn:flowNodeRef>Start_1</bpmn:flowNodeRef><bpmn:flowNodeRef>Task_review</bpmn:flowNodeRef></bpmn:lane>
      <bpmn:lane id="Lane_shipping" name="Shipping"><bpmn:flowNodeRef>Task_ship</bpmn:flowNodeRef></bpmn:lane>
    </bpmn:laneSet>
    <bpmn:startEvent id="Start_1" name="Order in">
      <bpmn:outgoing>Flow_1</bpmn:outgoing>
      <bpmn:messageEventDefinition id="MessageDef_1" messageRef="Message_order" />
    </bpmn:startEvent>
    <bpmn:task id="Task_review" name="Review order">
      <bpmn:documentation>Check stock and price.
Ask sales when in doubt.</bpmn:documentation>
      <bpmn:incoming>Flow_1</bpmn:incoming>
      <bpmn:outgoing>Flow_2</bpmn:outgoing>
    </bpmn:task>
    <bpmn:boundaryEvent id="Timer_remind" name="15 minutes" cancelActivity="false" attachedToRef="Task_review">
      <bpmn:outgoing>Flow_6</bpmn:outgoing>
      <bpmn:timerEventDefinition id="TimerDef_1"><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT15M</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:exclusiveGateway id="Gateway_ok" name="Order ok?" default="Flow_no">
      <bpmn:incoming>Flow_2</bpmn:incoming>
      <bpmn:outgoing>Flow_yes</bpmn:outgoing>
      <bpmn:outgoing>Flow_no</bpmn:outgoing>
    </bpmn:exclusiveGateway>
    <bpmn:task id="Task_ship" name="Ship"><bpmn:incoming>Flow_yes</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing></bpmn:task>
    <bpmn:task id="Task_reject" name="Reject"><bpmn:incoming>Flow_no</bpmn:incoming><bpmn:outgoing>Flow_4</bpmn:outgoing></bpmn:task>
    <bpmn:task id="Task_remind" name="Remind reviewer"><bpmn:incoming>Flow_6</bpmn:incoming></bpmn:task>
    <bpmn:endEvent id="End_1" name="Done"><bpmn:incoming>Flow_3</bpmn:incoming><bpmn:incoming>Flow_4</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start_1" targetRef="Task_review" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Task_review" targetRef="Gateway_ok" />
    <bpmn:sequenceFlow id="Flow_yes" name="yes" sourceRef="Gateway_ok" targetRef="Task_ship">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="feel">approved &amp;&amp; amount &lt; 1000</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="Flow_no" name="no" sourceRef="Gateway_ok" targetRef="Task_reject" />
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Task_ship" targetRef="End_1" />
    <bpmn:sequenceFlow id="Flow_4" sourceRef="Task_reject" targetRef="End_1" />
    <bpmn:sequenceFlow id="Flow_6" sourceRef="Timer_remind" targetRef="Task_remind" />
    <bpmn:textAnnotation id="Annotation_1"><bpmn:text>Prices change weekly</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="Association_1" sourceRef="Task_review" targetRef="Annotation_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${elementId}">
    <bpmndi:BPMNPlane id="BPMNPlane_${elementId}" bpmnElement="Process_${elementId}">
      ${shape('Lane_sales', 120, 40, 800, 200, ' isHorizontal="true"')}
      ${shape('Lane_shipping', 120, 240, 800, 200, ' isHorizontal="true"')}
      ${shape('Start_1', 172, 102, 36, 36, '', label(166, 145, 48, 14))}
      ${shape('Task_review', 260, 80, 100, 80)}
      ${shape('Timer_remind', 292.5, 142.25, 36, 36, '', label(280.5, 185, 60, 14))}
      ${shape('Gateway_ok', 415, 95, 50, 50, ' isMarkerVisible="true"', label(407, 65, 66, 14))}
      ${shape('Task_ship', 520, 280, 100, 80)}
      ${shape('Task_reject', 520, 80, 100, 80)}
      ${shape('Task_remind', 360, 200, 100, 80)}
      ${shape('End_1', 702, 102, 36, 36, '', label(706, 145, 28, 14))}
      ${shape('Annotation_1', 400, 0, 150, 30)}
      ${edge('Flow_1', [
        [208, 120],
        [260, 120],
      ])}
      ${edge('Flow_2', [
        [360, 120],
        [415, 120],
      ])}
      ${edge(
        'Flow_yes',
        [
          [440, 145],
          [440, 320],
          [520, 320],
        ],
        label(447, 230, 18, 14),
      )}
      ${edge(
        'Flow_no',
        [
          [465, 120],
          [520, 120],
        ],
        label(484, 102, 14, 14),
      )}
      ${edge('Flow_3', [
        [620, 320],
        [720, 320],
        [720, 138],
      ])}
      ${edge('Flow_4', [
        [620, 120],
        [702, 120],
      ])}
      ${edge('Flow_6', [
        [310.5, 178.25],
        [310.5, 240],
        [360, 240],
      ])}
      ${edge('Association_1', [
        [330, 80],
        [450, 30],
      ])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

interface Parsed {
  definitions: ModdleElement;
  byId: Record<string, ModdleElement>;
}

async function parse(xml: string): Promise<Parsed> {
  const { rootElement, elementsById, warnings } = await new BpmnModdle().fromXML(xml);
  assert.deepEqual(warnings, []);
  return { definitions: rootElement, byId: elementsById };
}

type Projection = unknown;

/**
 * Everything the document says about an element, generically through the
 * metamodel: set properties, references as (sorted) ids, contained elements
 * projected likewise. Two documents agree on an element when the projections are equal.
 */
function project(value: unknown, asReference = false): Projection {
  if (Array.isArray(value)) {
    const items = value.map((v) => project(v, asReference));
    return asReference ? items.map(String).sort() : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const el = value as ModdleElement & {
    $descriptor: { properties: Array<{ name: string; isReference?: boolean; isVirtual?: boolean }> };
  };
  if (asReference) return el.id;
  const out: Record<string, Projection> = { $type: el.$type };
  for (const p of el.$descriptor.properties) {
    if (p.isVirtual || !Object.prototype.hasOwnProperty.call(el, p.name)) continue;
    out[p.name] = project(el[p.name], Boolean(p.isReference));
  }
  return out;
}

/** The diagram interchange of the element with BPMN id `id`. */
function diOf(parsed: Parsed, id: string): ModdleElement | undefined {
  const plane = (parsed.definitions.diagrams as ModdleElement[])[0]?.plane as ModdleElement;
  return (plane.planeElement as ModdleElement[]).find((d) => (d.bpmnElement as ModdleElement).id === id);
}

const KEPT_NODES = ['Start_1', 'Task_review', 'Timer_remind', 'Gateway_ok', 'Task_ship', 'Task_reject'];
const KEPT_IDS = [
  ...KEPT_NODES,
  'Task_remind',
  'End_1',
  'Flow_1',
  'Flow_2',
  'Flow_yes',
  'Flow_no',
  'Flow_3',
  'Flow_4',
  'Flow_6',
  'Message_order',
  'MessageDef_1',
  'TimerDef_1',
];

describe('BPMN import fidelity', () => {
  let h: Harness;
  let targets: ElementJson[];
  before(async () => {
    h = await startHarness();
    targets = (await processes(h)).filter((e) => e.state === 'inProcess');
  });
  after(async () => h?.close());

  const importXml = async (id: string, xml: string, lcid = 1033): Promise<ImportBody> => {
    const res = await fetch(h.bpmnUrl(id, `&lcid=${lcid}`), {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: xml,
    });
    const body = (await res.json()) as ImportBody;
    assert.equal(res.status, 200, JSON.stringify(body));
    return body;
  };
  const exportXml = async (id: string, lcid = 1033): Promise<string> => {
    const res = await fetch(h.bpmnUrl(id, `&lcid=${lcid}`));
    assert.equal(res.status, 200);
    return res.text();
  };
  const target = (): ElementJson => {
    const t = targets.shift();
    assert.ok(t, 'an editable process');
    return t;
  };

  it('gives back every kept element, attribute and label unchanged, with the same ids', async () => {
    const p = target();
    const sent = await parse(sampleDiagram(p.id));
    await importXml(p.id, sampleDiagram(p.id));
    const back = await parse(await exportXml(p.id));
    for (const id of KEPT_IDS) {
      assert.ok(back.byId[id], `${id} is exported`);
      assert.deepEqual(project(back.byId[id]), project(sent.byId[id]), `${id} comes back identical`);
    }
    for (const id of KEPT_IDS.filter((i) => !i.endsWith('Def_1') && i !== 'Message_order'))
      assert.deepEqual(project(diOf(back, id)), project(diOf(sent, id)), `diagram interchange of ${id}`);
    const process = `Process_${p.id}`;
    for (const property of ['id', 'name', 'isExecutable', 'documentation'])
      assert.deepEqual(
        project(back.byId[process]?.[property]),
        project(sent.byId[process]?.[property]),
        property,
      );
    // Spot checks naming the features, so a failure says which one broke.
    assert.equal(back.byId.Timer_remind?.cancelActivity, false);
    assert.equal(
      (back.byId.Flow_yes?.conditionExpression as ModdleElement).body,
      'approved && amount < 1000',
    );
    assert.equal((back.byId.Gateway_ok?.default as ModdleElement).id, 'Flow_no');
    assert.equal(diOf(back, 'Gateway_ok')?.isMarkerVisible, true);
  });

  it('names exactly the lanes, the annotation, the association and the definitions name as dropped', async () => {
    const p = target();
    const { summary } = await importXml(p.id, sampleDiagram(p.id));
    const byKey = (a: Dropped, b: Dropped): number =>
      `${a.kind}${a.id}${a.attribute}`.localeCompare(`${b.kind}${b.id}${b.attribute}`);
    assert.deepEqual(
      [...summary.dropped].sort(byKey),
      [
        { id: `Definitions_${p.id}`, kind: 'bpmn:Definitions', attribute: 'name' },
        { id: 'Association_1', kind: 'bpmn:Association' },
        { id: 'Lane_sales', kind: 'bpmn:Lane', name: 'Sales' },
        { id: 'Lane_shipping', kind: 'bpmn:Lane', name: 'Shipping' },
        { id: 'LaneSet_1', kind: 'bpmn:LaneSet' },
        { id: 'Annotation_1', kind: 'bpmn:TextAnnotation' },
      ].sort(byKey),
    );
    for (const id of ['Lane_sales', 'Lane_shipping', 'Annotation_1', 'Association_1'])
      assert.ok(
        summary.warnings.some((w) => w.includes(id)),
        `a warning names ${id}: ${summary.warnings.join(' | ')}`,
      );
  });

  it('loses nothing when its own export is imported again', async () => {
    const p = target();
    await importXml(p.id, sampleDiagram(p.id));
    const exported = await exportXml(p.id);
    const { summary } = await importXml(p.id, exported);
    assert.deepEqual(summary.dropped, []);
    assert.equal(await exportXml(p.id), exported);
  });

  it('keeps documentation per culture as the elements’ description', async () => {
    const p = target();
    await importXml(p.id, sampleDiagram(p.id), 1031);
    const german = await parse(await exportXml(p.id, 1031));
    const docs = (id: string, doc: Parsed): string[] =>
      ((doc.byId[id]?.documentation as ModdleElement[] | undefined) ?? []).map((d) => String(d.text));
    assert.deepEqual(docs('Task_review', german), ['Check stock and price.\nAsk sales when in doubt.']);
    const english = await parse(await exportXml(p.id, 1033));
    assert.deepEqual(docs('Task_review', english), [], 'a 1031 import leaves 1033 without documentation');
    const content = await h.json<{ elements: ElementJson[] }>(
      `rest/facets/processes/views/processList/elements/${p.id}/content`,
    );
    assert.ok(
      content.elements.some(
        (e) => e.attributes.description?.['1031'] === 'Check stock and price.\nAsk sales when in doubt.',
      ),
    );
    const element = await h.json<{ elements: ElementJson[] }>(
      `rest/facets/processes/views/processList/elements/${p.id}`,
    );
    assert.equal(element.elements[0]?.attributes.description?.['1031'], 'How orders are handled.');
  });
});

describe('BPMN data written by an older emulator', () => {
  it('still loads and exports: flows without ext column, shapes with the old ext', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lanes-emulator-'));
    const file = join(dir, 'data.sqlite');
    try {
      const first = await startHarness({ data: file });
      const p = (await processes(first)).find((e) => e.state === 'inProcess');
      assert.ok(p);
      const res = await fetch(first.bpmnUrl(p.id, '&lcid=1033'), {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: sampleDiagram(p.id),
      });
      assert.equal(res.status, 200);
      await first.close();
      // Rewrite the file into the old layout: no flows.ext column, event definitions as {type, id} only.
      const db = new Database(file);
      db.exec('ALTER TABLE flows DROP COLUMN ext');
      db.prepare("UPDATE shapes SET ext = ? WHERE bpmn_id = 'Timer_remind'").run(
        JSON.stringify({
          eventDefinitions: [{ type: 'bpmn:TimerEventDefinition', id: 'TimerDef_1' }],
          attachedToRef: 'Task_review',
        }),
      );
      db.close();
      const second = await startHarness({ data: file });
      try {
        const xml = await (await fetch(second.bpmnUrl(p.id, '&lcid=1033'))).text();
        const back = await parse(xml);
        assert.equal(back.byId.TimerDef_1?.$type, 'bpmn:TimerEventDefinition');
        assert.equal((back.byId.Timer_remind?.attachedToRef as ModdleElement).id, 'Task_review');
        assert.equal((back.byId.Flow_6?.targetRef as ModdleElement).id, 'Task_remind');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
