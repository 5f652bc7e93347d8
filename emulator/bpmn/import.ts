/**
 * BPMN import: parse with bpmn-moddle, validate, and apply the flow nodes,
 * sequence flows and diagram interchange to the process's current version.
 * Shapes are matched by BPMN id, so ids survive export → import → export.
 */
import type { ModdleElement } from 'bpmn-moddle';
import { BpmnModdle } from 'bpmn-moddle';
import type { EmulatorContext } from '../context.ts';
import { INVARIANT } from '../model/catalog.ts';
import { makeElement } from '../model/factory.ts';
import { ServiceError } from '../process/result.ts';
import type { Bounds, FlowRow, ShapeRow } from '../store/content.ts';
import { getShapes, replaceContent } from '../store/content.ts';
import type { ElementRow } from '../store/elements.ts';
import { deleteElement, getCurrent, insertElement, nextOrd, updateElement } from '../store/elements.ts';
import { serviceDate } from '../util/time.ts';
import type { ShapeExt } from './ext.ts';
import { processBpmnId } from './export.ts';
import { FLOW_NODE_TYPES } from './types.ts';

export interface ImportSummary {
  created: number;
  updated: number;
  removed: number;
  flows: number;
  warnings: string[];
}

interface ParsedNode {
  id: string;
  name: string;
  bpmnType: string;
  bounds: Bounds | null;
  ext: ShapeExt;
}

interface ParsedModel {
  processName: string | null;
  processIds: string[];
  nodes: ParsedNode[];
  flows: Array<{
    id: string;
    name: string | null;
    source: string;
    target: string;
    waypoints: Array<{ x: number; y: number }> | null;
  }>;
  warnings: string[];
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);

export async function parseBpmn(xml: string): Promise<ParsedModel> {
  const moddle = new BpmnModdle();
  let parsed;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (error) {
    const first = (error as Error).message.split('\n')[0];
    throw new ServiceError(400, `Invalid BPMN XML: ${first}`);
  }
  const root = parsed.rootElement;
  if (root.$type !== 'bpmn:Definitions')
    throw new ServiceError(400, `Not a BPMN document: root element is ${root.$type}.`);
  const processes = list(root.rootElements).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length === 0)
    throw new ServiceError(400, 'The BPMN document contains no process (bpmn:process).');
  const warnings = parsed.warnings.map((w) => `Parser: ${w.message.split('\n')[0]}`);
  const di = new Map<string, ModdleElement>();
  for (const diagram of list(root.diagrams)) {
    const plane = diagram.plane as ModdleElement | undefined;
    for (const pe of list(plane?.planeElement)) {
      const ref = pe.bpmnElement as ModdleElement | undefined;
      if (ref?.id) di.set(ref.id, pe);
    }
  }
  const nodes: ParsedNode[] = [];
  const flows: ParsedModel['flows'] = [];
  const ignored = new Map<string, number>();
  for (const process of processes) {
    for (const fe of list(process.flowElements)) {
      if (!fe.id) continue;
      if (fe.$type === 'bpmn:SequenceFlow') {
        const shape = di.get(fe.id);
        const points = list(shape?.waypoint).map((p) => ({ x: Number(p.x), y: Number(p.y) }));
        flows.push({
          id: fe.id,
          name: fe.name ?? null,
          source: (fe.sourceRef as ModdleElement | undefined)?.id ?? '',
          target: (fe.targetRef as ModdleElement | undefined)?.id ?? '',
          waypoints: points.length >= 2 ? points : null,
        });
        continue;
      }
      if (!FLOW_NODE_TYPES[fe.$type]) {
        ignored.set(fe.$type, (ignored.get(fe.$type) ?? 0) + 1);
        continue;
      }
      const b = di.get(fe.id)?.bounds as ModdleElement | undefined;
      const ext: ShapeExt = {};
      const defs = list(fe.eventDefinitions).filter((d) => d.id || d.$type);
      if (defs.length)
        ext.eventDefinitions = defs.map((d, i) => ({ type: d.$type, id: d.id ?? `${fe.id}_ed${i}` }));
      const attached = fe.attachedToRef as ModdleElement | undefined;
      if (attached?.id) ext.attachedToRef = attached.id;
      if (fe.extensionElements) {
        const { xml: extXml } = await moddle.toXML(fe.extensionElements as ModdleElement);
        ext.extensionXml = extXml.replace(/^<\?xml[^>]*\?>\s*/, '');
      }
      if (fe.$type === 'bpmn:SubProcess' && list(fe.flowElements).length) {
        warnings.push(`Sub-process "${fe.id}" is kept as one activity; its inner flow is not stored.`);
      }
      nodes.push({
        id: fe.id,
        name: fe.name ?? '',
        bpmnType: fe.$type,
        bounds: b ? { x: Number(b.x), y: Number(b.y), w: Number(b.width), h: Number(b.height) } : null,
        ext,
      });
    }
  }
  for (const type of ['bpmn:Collaboration', 'bpmn:Participant', 'bpmn:Lane', 'bpmn:MessageFlow']) {
    const count =
      list(root.rootElements).filter((e) => e.$type === type).length +
      (type === 'bpmn:Lane' ? processes.reduce((n, p) => n + list(list(p.laneSets)[0]?.lanes).length, 0) : 0);
    if (count) ignored.set(type, (ignored.get(type) ?? 0) + count);
  }
  for (const [type, count] of ignored)
    warnings.push(
      `Ignored ${count} ${type} element(s): the service stores flow nodes and sequence flows only.`,
    );
  const nodeIds = new Set(nodes.map((n) => n.id));
  const kept = flows.filter((f) => nodeIds.has(f.source) && nodeIds.has(f.target));
  if (kept.length < flows.length)
    warnings.push(`Ignored ${flows.length - kept.length} sequence flow(s) whose ends are not flow nodes.`);
  const first = processes[0];
  return {
    processName: first?.name ?? null,
    processIds: processes.map((p) => p.id ?? ''),
    nodes,
    flows: kept,
    warnings,
  };
}

export function applyBpmn(
  ctx: EmulatorContext,
  process: ElementRow,
  model: ParsedModel,
  culture: string,
): ImportSummary {
  const now = serviceDate();
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    removed: 0,
    flows: model.flows.length,
    warnings: model.warnings,
  };
  ctx.db.transaction(() => {
    const existing = new Map(getShapes(ctx.db, process.versionId).map((s) => [s.bpmnId, s]));
    const shapes: ShapeRow[] = [];
    const shapeIdByBpmn = new Map<string, string>();
    let elementOrd = nextOrd(ctx.db);
    model.nodes.forEach((node, index) => {
      const type = FLOW_NODE_TYPES[node.bpmnType] ?? 'task';
      const old = existing.get(node.id);
      let elementId: string;
      if (old) {
        existing.delete(node.id);
        elementId = old.elementId;
        const el = getCurrent(ctx.db, elementId);
        if (el && (el.attributes.name?.[culture] !== node.name || el.type !== type)) {
          el.attributes.name = { ...el.attributes.name, [culture]: node.name };
          el.type = type;
          el.attributes.changedOn = { [INVARIANT]: now };
          el.related.changedBy = [{ id: ctx.actingUserId }];
          updateElement(ctx.db, el);
          summary.updated++;
        }
      } else {
        elementId = crypto.randomUUID();
        insertElement(
          ctx.db,
          makeElement({
            id: elementId,
            facet: process.facet,
            type,
            names: { [culture]: node.name },
            ord: elementOrd++,
            now,
            userId: ctx.actingUserId,
          }),
        );
        summary.created++;
      }
      const shapeId = old?.shapeId ?? crypto.randomUUID();
      shapeIdByBpmn.set(node.id, shapeId);
      const ext = Object.keys(node.ext).length ? JSON.stringify(node.ext) : null;
      shapes.push({
        shapeId,
        elementId,
        bpmnId: node.id,
        bpmnType: node.bpmnType,
        ord: index + 1,
        bounds: node.bounds,
        ext,
      });
    });
    const flows: FlowRow[] = model.flows.map((f, index) => ({
      flowId: f.id,
      source: shapeIdByBpmn.get(f.source) ?? '',
      target: shapeIdByBpmn.get(f.target) ?? '',
      name: f.name,
      waypoints: f.waypoints,
      ord: index + 1,
    }));
    replaceContent(ctx.db, process.versionId, shapes, flows);
    for (const gone of existing.values()) {
      summary.removed++;
      const stillUsed = ctx.db
        .prepare('SELECT 1 FROM shapes WHERE element_id = ? LIMIT 1')
        .get(gone.elementId);
      if (!stillUsed) deleteElement(ctx.db, gone.elementId);
    }
    if (model.processName && model.processIds.includes(processBpmnId(process))) {
      process.attributes.name = { ...process.attributes.name, [culture]: model.processName };
    }
    process.attributes.changedOn = { [INVARIANT]: now };
    process.related.changedBy = [{ id: ctx.actingUserId }];
    updateElement(ctx.db, process);
  })();
  return summary;
}
