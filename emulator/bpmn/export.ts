/**
 * BPMN 2.0 export of a process element's current content, with diagram
 * interchange. Written as text rather than through bpmn-moddle: it is the
 * hot path of the benchmark and the structure is small and fixed.
 */
import type { EmulatorContext } from '../context.ts';
import { localized } from '../model/catalog.ts';
import { getFlows, getShapes } from '../store/content.ts';
import type { ElementRow } from '../store/elements.ts';
import { getCurrentMany } from '../store/elements.ts';
import { parseExt, xmlEscape, xmlName } from './ext.ts';
import { computeLayout } from './layout.ts';

export function processBpmnId(row: ElementRow): string {
  return `Process_${row.id}`;
}

const r = (n: number): string => String(Math.round(n * 100) / 100);

export function exportBpmn(ctx: EmulatorContext, process: ElementRow, culture: string): string {
  const shapes = getShapes(ctx.db, process.versionId);
  const flows = getFlows(ctx.db, process.versionId);
  const elements = getCurrentMany(
    ctx.db,
    shapes.map((s) => s.elementId),
  );
  const layout = computeLayout(shapes, flows);
  const byShape = new Map(shapes.map((s) => [s.shapeId, s]));
  const liveFlows = flows.filter((f) => byShape.has(f.source) && byShape.has(f.target));
  const processId = processBpmnId(process);
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
      'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
      `id="Definitions_${process.id}" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Lanes service emulator" exporterVersion="1.0">`,
  );
  out.push(
    `  <bpmn:process id="${processId}" name="${xmlEscape(localized(process.attributes.name, culture))}" isExecutable="false">`,
  );
  for (const s of shapes) {
    const el = elements.get(s.elementId);
    const ext = parseExt(s.ext);
    const tag = xmlName(s.bpmnType);
    const attached = ext.attachedToRef ? ` attachedToRef="${xmlEscape(ext.attachedToRef)}"` : '';
    out.push(
      `    <${tag} id="${xmlEscape(s.bpmnId)}" name="${xmlEscape(localized(el?.attributes.name, culture))}"${attached}>`,
    );
    if (ext.extensionXml) out.push(`      ${ext.extensionXml}`);
    for (const f of liveFlows)
      if (f.target === s.shapeId) out.push(`      <bpmn:incoming>${xmlEscape(f.flowId)}</bpmn:incoming>`);
    for (const f of liveFlows)
      if (f.source === s.shapeId) out.push(`      <bpmn:outgoing>${xmlEscape(f.flowId)}</bpmn:outgoing>`);
    for (const d of ext.eventDefinitions ?? [])
      out.push(`      <${xmlName(d.type)} id="${xmlEscape(d.id)}" />`);
    out.push(`    </${tag}>`);
  }
  for (const f of liveFlows) {
    const source = byShape.get(f.source)?.bpmnId ?? '';
    const target = byShape.get(f.target)?.bpmnId ?? '';
    const name = f.name ? ` name="${xmlEscape(f.name)}"` : '';
    out.push(
      `    <bpmn:sequenceFlow id="${xmlEscape(f.flowId)}"${name} sourceRef="${xmlEscape(source)}" targetRef="${xmlEscape(target)}" />`,
    );
  }
  out.push('  </bpmn:process>');
  out.push(`  <bpmndi:BPMNDiagram id="BPMNDiagram_${process.id}">`);
  out.push(`    <bpmndi:BPMNPlane id="BPMNPlane_${process.id}" bpmnElement="${processId}">`);
  for (const s of shapes) {
    const b = layout.bounds.get(s.shapeId);
    if (!b) continue;
    out.push(`      <bpmndi:BPMNShape id="${xmlEscape(s.bpmnId)}_di" bpmnElement="${xmlEscape(s.bpmnId)}">`);
    out.push(`        <dc:Bounds x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" />`);
    out.push('      </bpmndi:BPMNShape>');
  }
  for (const f of liveFlows) {
    const points = layout.waypoints.get(f.flowId);
    if (!points) continue;
    out.push(`      <bpmndi:BPMNEdge id="${xmlEscape(f.flowId)}_di" bpmnElement="${xmlEscape(f.flowId)}">`);
    for (const p of points) out.push(`        <di:waypoint x="${r(p.x)}" y="${r(p.y)}" />`);
    out.push('      </bpmndi:BPMNEdge>');
  }
  out.push('    </bpmndi:BPMNPlane>');
  out.push('  </bpmndi:BPMNDiagram>');
  out.push('</bpmn:definitions>');
  return `${out.join('\n')}\n`;
}
