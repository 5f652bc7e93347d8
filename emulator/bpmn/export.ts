/**
 * BPMN 2.0 export of a process element's current content, with diagram
 * interchange. Written as text rather than through bpmn-moddle: it is the
 * hot path of the benchmark and the structure is small and fixed. What an
 * import kept beyond names and coordinates comes from the shape and flow
 * ext (ext.ts); documentation is the elements' `description` in the culture.
 */
import type { EmulatorContext } from '../context.ts';
import { getFlows, getShapes } from '../store/content.ts';
import type { CultureMap, ElementRow } from '../store/elements.ts';
import { getCurrentMany } from '../store/elements.ts';
import type { StoredRootElement } from './ext.ts';
import { parseExt, parseFlowExt, xmlEscape, xmlName, xmlText } from './ext.ts';
import { computeLayout } from './layout.ts';
import {
  attributesXml,
  bpmnLabelXml,
  boundsXml,
  diHeadXml,
  eventDefinitionXml,
  expressionXml,
  Namespaces,
  nodeRefsXml,
  num,
  rootElementXml,
} from './write.ts';

export function processBpmnId(row: ElementRow): string {
  return `Process_${row.id}`;
}

/**
 * ` name="…"` in the export's culture; nothing when the culture has no text yet:
 * names are culture maps (spec §2.3) and a culture without a key has no name,
 * so another culture's text is never passed off as this one's.
 */
function nameXml(names: CultureMap | undefined, culture: string): string {
  const value = names?.[culture];
  return value === undefined || value === '' ? '' : ` name="${xmlEscape(value)}"`;
}

/** `<bpmn:documentation>` from a per-culture description; none when the culture has no text. */
function documentationXml(description: CultureMap | undefined, culture: string, indent: string): string[] {
  const value = description?.[culture];
  return value === undefined ? [] : [`${indent}<bpmn:documentation>${xmlText(value)}</bpmn:documentation>`];
}

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
  const liveFlowIds = new Set(liveFlows.map((f) => f.flowId));
  const shapeExt = new Map(shapes.map((s) => [s.shapeId, parseExt(s.ext)]));
  const flowExt = new Map(flows.map((f) => [f.flowId, parseFlowExt(f.ext)]));
  const ns = new Namespaces();
  const processId = processBpmnId(process);
  const roots = new Map<string, StoredRootElement>();
  const body: string[] = [];
  body.push(
    `  <bpmn:process id="${processId}"${nameXml(process.attributes.name, culture)} isExecutable="false">`,
  );
  body.push(...documentationXml(process.attributes.description, culture, '    '));
  for (const s of shapes) {
    const el = elements.get(s.elementId);
    const ext = shapeExt.get(s.shapeId) ?? {};
    for (const root of ext.rootElements ?? []) if (!roots.has(root.id)) roots.set(root.id, root);
    const tag = xmlName(s.bpmnType);
    const attached = ext.attachedToRef ? ` attachedToRef="${xmlEscape(ext.attachedToRef)}"` : '';
    // A default flow that no longer exists would be a dangling reference.
    const defaultFlow =
      ext.defaultFlow && liveFlowIds.has(ext.defaultFlow) ? ` default="${xmlEscape(ext.defaultFlow)}"` : '';
    body.push(
      `    <${tag} id="${xmlEscape(s.bpmnId)}"${nameXml(el?.attributes.name, culture)}` +
        `${attributesXml(ext.attributes, 'bpmn', ns)}${attached}${defaultFlow}${nodeRefsXml(ext.refs)}>`,
    );
    body.push(...documentationXml(el?.attributes.description, culture, '      '));
    if (ext.extensionXml) body.push(`      ${ext.extensionXml}`);
    for (const f of liveFlows)
      if (f.target === s.shapeId) body.push(`      <bpmn:incoming>${xmlEscape(f.flowId)}</bpmn:incoming>`);
    for (const f of liveFlows)
      if (f.source === s.shapeId) body.push(`      <bpmn:outgoing>${xmlEscape(f.flowId)}</bpmn:outgoing>`);
    for (const d of ext.eventDefinitions ?? []) body.push(eventDefinitionXml(d, '      ', ns));
    body.push(`    </${tag}>`);
  }
  for (const f of liveFlows) {
    const ext = flowExt.get(f.flowId) ?? {};
    const source = byShape.get(f.source)?.bpmnId ?? '';
    const target = byShape.get(f.target)?.bpmnId ?? '';
    const name = nameXml(f.names, culture);
    const head =
      `    <bpmn:sequenceFlow id="${xmlEscape(f.flowId)}"${name} sourceRef="${xmlEscape(source)}" ` +
      `targetRef="${xmlEscape(target)}"${attributesXml(ext.attributes, 'bpmn', ns)}`;
    if (ext.conditionExpression || ext.extensionXml) {
      body.push(`${head}>`);
      if (ext.extensionXml) body.push(`      ${ext.extensionXml}`);
      if (ext.conditionExpression)
        body.push(`      ${expressionXml('conditionExpression', ext.conditionExpression, ns)}`);
      body.push('    </bpmn:sequenceFlow>');
    } else {
      body.push(`${head} />`);
    }
  }
  body.push('  </bpmn:process>');
  body.push(`  <bpmndi:BPMNDiagram id="BPMNDiagram_${process.id}">`);
  body.push(`    <bpmndi:BPMNPlane id="BPMNPlane_${process.id}" bpmnElement="${processId}">`);
  for (const s of shapes) {
    const b = layout.bounds.get(s.shapeId);
    if (!b) continue;
    const di = shapeExt.get(s.shapeId)?.di;
    body.push(`      <bpmndi:BPMNShape ${diHeadXml(di, s.bpmnId, ns)}>`);
    body.push(`        ${boundsXml(b)}`);
    body.push(...bpmnLabelXml(di, '        '));
    body.push('      </bpmndi:BPMNShape>');
  }
  for (const f of liveFlows) {
    const points = layout.waypoints.get(f.flowId);
    if (!points) continue;
    const di = flowExt.get(f.flowId)?.di;
    body.push(`      <bpmndi:BPMNEdge ${diHeadXml(di, f.flowId, ns)}>`);
    for (const p of points) body.push(`        <di:waypoint x="${num(p.x)}" y="${num(p.y)}" />`);
    body.push(...bpmnLabelXml(di, '        '));
    body.push('      </bpmndi:BPMNEdge>');
  }
  body.push('    </bpmndi:BPMNPlane>');
  body.push('  </bpmndi:BPMNDiagram>');
  body.push('</bpmn:definitions>');
  // Root elements are collected while the nodes are written, but XML Schema puts them before the process.
  const rootXml = [...roots.values()].map((root) => rootElementXml(root, ns));
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
      'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"${ns.declarations()} ` +
      `id="Definitions_${process.id}" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Lanes service emulator" exporterVersion="1.0">`,
  ];
  return `${[...head, ...rootXml, ...body].join('\n')}\n`;
}
