/** BPMN export/import (spec §4.4) and diagram rendering (§4.2 note 5) through real HTTP. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BpmnModdle } from 'bpmn-moddle';
import type { ModdleElement } from 'bpmn-moddle';
import type { ElementJson, Harness } from './test/harness.ts';
import { processes, startHarness } from './test/harness.ts';

let h: Harness;
let editable: ElementJson[];
before(async () => {
  h = await startHarness();
  editable = (await processes(h)).filter((e) => e.state === 'inProcess' && (e.content?.length ?? 0) >= 5);
});
after(async () => h.close());

const take = (): ElementJson => {
  const e = editable.shift();
  assert.ok(e, 'an editable process with a diagram');
  return e;
};

async function exportXml(id: string, lcid = 0): Promise<string> {
  const res = await fetch(h.bpmnUrl(id, `&lcid=${lcid}`));
  assert.equal(res.status, 200);
  return res.text();
}

async function importXml(id: string, xml: string, lcid = 0): Promise<Response> {
  return fetch(h.bpmnUrl(id, `&lcid=${lcid}`), {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
}

interface Summary {
  nodes: Map<string, { type: string; name: string; bounds: string }>;
  flows: Map<string, string>;
  edges: Map<string, string>;
}

async function summarize(xml: string): Promise<Summary> {
  const { rootElement, warnings } = await new BpmnModdle().fromXML(xml);
  assert.deepEqual(warnings, []);
  const process = (rootElement.rootElements as ModdleElement[]).find((e) => e.$type === 'bpmn:Process');
  const plane = (rootElement.diagrams as ModdleElement[])[0]?.plane as ModdleElement;
  const di = new Map(
    (plane.planeElement as ModdleElement[]).map((p) => [(p.bpmnElement as ModdleElement).id ?? '', p]),
  );
  const nodes = new Map<string, { type: string; name: string; bounds: string }>();
  const flows = new Map<string, string>();
  for (const fe of (process?.flowElements as ModdleElement[]) ?? []) {
    if (fe.$type === 'bpmn:SequenceFlow') {
      flows.set(fe.id ?? '', `${(fe.sourceRef as ModdleElement).id}->${(fe.targetRef as ModdleElement).id}`);
    } else {
      const b = di.get(fe.id ?? '')?.bounds as ModdleElement;
      nodes.set(fe.id ?? '', {
        type: fe.$type,
        name: fe.name ?? '',
        bounds: `${b.x},${b.y},${b.width},${b.height}`,
      });
    }
  }
  const edges = new Map<string, string>();
  for (const [id, p] of di)
    if (p.$type === 'bpmndi:BPMNEdge')
      edges.set(id, JSON.stringify((p.waypoint as ModdleElement[]).map((w) => [w.x, w.y])));
  return { nodes, flows, edges };
}

describe('BPMN export and import', () => {
  it('exports valid BPMN 2.0 with diagram interchange in the asked culture', async () => {
    const p = take();
    const en = await summarize(await exportXml(p.id, 1033));
    const de = await summarize(await exportXml(p.id, 1031));
    assert.equal(en.nodes.size, p.content?.length);
    assert.ok(en.flows.size >= en.nodes.size - 1);
    assert.equal(en.edges.size, en.flows.size);
    assert.notDeepEqual(
      [...en.nodes.values()].map((n) => n.name),
      [...de.nodes.values()].map((n) => n.name),
    );
  });

  it('round-trips export → import → export keeping ids, names, flows and coordinates', async () => {
    const p = take();
    const first = await exportXml(p.id);
    const res = await importXml(p.id, first);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { type: string; summary: { created: number; removed: number } };
    assert.equal(body.type.toLowerCase(), 'success');
    assert.equal(body.summary.created, 0);
    assert.equal(body.summary.removed, 0);
    const second = await exportXml(p.id);
    assert.deepEqual(await summarize(second), await summarize(first));
  });

  it('applies renames, moves, new nodes, removed nodes and flows; keeps extension elements', async () => {
    const p = take();
    const before = await h.json<{ elements: ElementJson[] }>(
      `rest/facets/processes/views/processList/elements/${p.id}`,
    );
    const xml = await exportXml(p.id, 1031);
    const { rootElement } = await new BpmnModdle().fromXML(xml);
    const process = (rootElement.rootElements as ModdleElement[])[0] as ModdleElement;
    const flowElements = process.flowElements as ModdleElement[];
    const tasks = flowElements.filter((e) => e.$type === 'bpmn:Task');
    const renamed = tasks[0] as ModdleElement;
    const removed = tasks[1] as ModdleElement;
    // Edit the XML text directly, as an external modeler would.
    let edited = xml.replace(
      `id="${renamed.id}" name="${renamed.name}"`,
      `id="${renamed.id}" name="Umbenannt"`,
    );
    edited = edited.replace(new RegExp(`<bpmn:task id="${removed.id}"[\\s\\S]*?</bpmn:task>`), '');
    edited = edited.replace(
      new RegExp(
        `<bpmn:sequenceFlow id="[^"]+" (name="[^"]*" )?sourceRef="[^"]*" targetRef="${removed.id}" />`,
        'g',
      ),
      '',
    );
    edited = edited.replace(
      new RegExp(
        `<bpmn:sequenceFlow id="[^"]+" (name="[^"]*" )?sourceRef="${removed.id}" targetRef="[^"]*" />`,
        'g',
      ),
      '',
    );
    edited = edited.replace(
      '</bpmn:process>',
      `<bpmn:userTask id="Activity_new1" name="Neue Aufgabe"><bpmn:extensionElements><acme:meta xmlns:acme="http://acme.example/ns" level="3" /></bpmn:extensionElements></bpmn:userTask>
       <bpmn:sequenceFlow id="Flow_new1" sourceRef="${renamed.id}" targetRef="Activity_new1" /></bpmn:process>`,
    );
    edited = edited.replace(
      '</bpmndi:BPMNPlane>',
      `<bpmndi:BPMNShape id="Activity_new1_di" bpmnElement="Activity_new1"><dc:Bounds x="777" y="555" width="100" height="80" /></bpmndi:BPMNShape></bpmndi:BPMNPlane>`,
    );
    const res = await importXml(p.id, edited, 1031);
    const body = (await res.json()) as { summary: { created: number; updated: number; removed: number } };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.summary.created, 1);
    assert.equal(body.summary.removed, 1);
    assert.ok(body.summary.updated >= 1);
    const again = await exportXml(p.id, 1031);
    const s = await summarize(again);
    assert.equal(s.nodes.get(renamed.id ?? '')?.name, 'Umbenannt');
    assert.equal(s.nodes.get('Activity_new1')?.bounds, '777,555,100,80');
    assert.equal(s.nodes.get('Activity_new1')?.type, 'bpmn:UserTask');
    assert.ok(!s.nodes.has(removed.id ?? ''));
    assert.equal(s.flows.get('Flow_new1'), `${renamed.id}->Activity_new1`);
    assert.match(
      again,
      /<acme:meta xmlns:acme="http:\/\/acme.example\/ns" level="3"\s*\/>|acme:meta[^>]*level="3"/,
    );
    const en = await summarize(await exportXml(p.id, 1033));
    assert.notEqual(en.nodes.get(renamed.id ?? '')?.name, 'Umbenannt', 'a rename in 1031 leaves 1033 alone');
    const after = await h.json<{ elements: ElementJson[] }>(
      `rest/facets/processes/views/processList/elements/${p.id}`,
    );
    assert.notEqual(
      after.elements[0]?.attributes.changedOn?.['127'],
      before.elements[0]?.attributes.changedOn?.['127'],
    );
    assert.ok(after.elements[0]?.related.changedBy?.length);
    const content = await h.json<{
      elements: Array<{ type: string; attributes: { name: Record<string, string> } }>;
    }>(`rest/facets/processes/views/processList/elements/${p.id}/content`);
    assert.ok(
      content.elements.some((e) => e.attributes.name['1031'] === 'Neue Aufgabe' && e.type === 'task'),
    );
  });

  it('refuses invalid XML and documents without a process with an OperationResult naming the problem', async () => {
    const p = take();
    const broken = await importXml(
      p.id,
      '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process',
    );
    assert.equal(broken.status, 400);
    assert.match(((await broken.json()) as { message: string }).message, /Invalid BPMN XML/);
    const noProcess = await importXml(
      p.id,
      '<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x"/>',
    );
    assert.equal(noProcess.status, 400);
    assert.match(((await noProcess.json()) as { message: string }).message, /no process/);
    const notBpmn = await importXml(p.id, '<html><body/></html>');
    assert.equal(notBpmn.status, 400);
  });

  it('requires svc-auth-token (401 type unauthorized) and knows unknown elements (404)', async () => {
    const p = take();
    const res = await fetch(h.bpmnUrl(p.id, '', 'wrong'));
    assert.equal(res.status, 401);
    assert.equal(((await res.json()) as { type: string }).type.toLowerCase(), 'unauthorized');
    assert.equal((await fetch(h.bpmnUrl('00000000-0000-4000-8000-000000000000'))).status, 404);
  });
});

describe('diagram render', () => {
  it('renders SVG per layout key with shape data attributes and a script block', async () => {
    const p = take();
    const svgs = new Map<string, string>();
    for (const key of ['detailed', 'horizontal', 'vertical', 'horizontalSwimlane', 'processMatrix']) {
      const res = await h.api(`rest/diagram/${p.id}/render/1033/${key}`, { version: '2.0' });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /image\/svg\+xml/);
      svgs.set(key, await res.text());
    }
    const horizontal = svgs.get('horizontal') ?? '';
    assert.match(horizontal, /data-pz-shape-id="[0-9a-f-]{36}"/);
    assert.match(horizontal, /data-pz-guid="[0-9a-f-]{36}"/);
    assert.match(horizontal, /data-pz-type="task"/);
    assert.match(horizontal, /<script/);
    const geometry = (svg: string): string => (svg.match(/<(rect|circle|polygon)[^>]*>/g) ?? []).join('');
    assert.notEqual(geometry(horizontal), geometry(svgs.get('vertical') ?? ''));
    assert.notEqual(geometry(horizontal), geometry(svgs.get('detailed') ?? ''));
    assert.notEqual(geometry(svgs.get('vertical') ?? ''), geometry(svgs.get('detailed') ?? ''));
  });

  it('answers unknown layouts with 400 and unknown diagrams with 404, with a render error body', async () => {
    const p = take();
    const bad = await h.api(`rest/diagram/${p.id}/render/1033/sideways`);
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as {
      message: string;
      type: string;
      data: { type: string };
      output?: string;
    };
    assert.equal(body.data.type, 'Error');
    assert.equal(body.output, undefined);
    assert.equal(
      (await h.api('rest/diagram/00000000-0000-4000-8000-000000000000/render/1033/detailed')).status,
      404,
    );
  });

  it('omits the script with svgScript: false', async () => {
    const quiet = await startHarness({ svgScript: false });
    try {
      const p = (await processes(quiet)).find((e) => (e.content?.length ?? 0) > 0);
      const res = await quiet.api(`rest/diagram/${p?.id}/render/1031/horizontal`);
      assert.doesNotMatch(await res.text(), /<script/);
    } finally {
      await quiet.close();
    }
  });
});
