/**
 * BPMN import: parse with bpmn-moddle, validate, and apply the flow nodes,
 * sequence flows and diagram interchange to the process's current version.
 * Shapes are matched by BPMN id, so ids survive export → import → export.
 * Documentation becomes the element's `description` in the import culture;
 * the rest of what is kept lives in the shape/flow ext (keep.ts).
 */
import type { ModdleElement } from 'bpmn-moddle';
import { BpmnModdle } from 'bpmn-moddle';
import type { EmulatorContext } from '../context.ts';
import { INVARIANT } from '../model/catalog.ts';
import { makeElement } from '../model/factory.ts';
import { ServiceError } from '../process/result.ts';
import type { Bounds, FlowRow, ShapeRow } from '../store/content.ts';
import { getFlows, getShapes, replaceContent } from '../store/content.ts';
import type { AttributeMap, CultureMap, ElementRow } from '../store/elements.ts';
import { deleteElement, getCurrent, insertElement, nextOrd, updateElement } from '../store/elements.ts';
import { serviceDate } from '../util/time.ts';
import type { DroppedItem } from './dropped.ts';
import { describeDropped, droppedContent } from './dropped.ts';
import type { FlowExt, ShapeExt } from './ext.ts';
import { storeExt } from './ext.ts';
import { exportBpmn, processBpmnId } from './export.ts';
import { boundsOf, captureFlow, captureNode, documentationOf } from './keep.ts';
import { instanceOf } from './metamodel.ts';
import { FLOW_NODE_TYPES } from './types.ts';

interface ImportSummary {
  created: number;
  updated: number;
  removed: number;
  flows: number;
  warnings: string[];
  /** Every element or attribute of the posted document that a re-export does not give back. */
  dropped: DroppedItem[];
}

interface ParsedNode {
  id: string;
  /** Null when the node has no name: its name in the import culture is then removed. */
  name: string | null;
  /** First bpmn:documentation text; null when the node has none (its description is then cleared). */
  documentation: string | null;
  bpmnType: string;
  bounds: Bounds | null;
  ext: ShapeExt;
}

interface ParsedFlow {
  id: string;
  name: string | null;
  source: string;
  target: string;
  waypoints: Array<{ x: number; y: number }> | null;
  ext: FlowExt;
}

interface ParsedModel {
  /** The parsed document, kept to name what the import drops. */
  definitions: ModdleElement;
  processes: Array<{ id: string; name: string | null; documentation: string | null }>;
  nodes: ParsedNode[];
  flows: ParsedFlow[];
  warnings: string[];
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);

/** A name that is absent or empty is no text in the import culture (export then writes none). */
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

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
  const toXml = async (element: ModdleElement): Promise<string> =>
    (await moddle.toXML(element)).xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const nodes: ParsedNode[] = [];
  const flows: ParsedFlow[] = [];
  for (const process of processes) {
    for (const fe of list(process.flowElements)) {
      if (!fe.id) continue;
      if (fe.$type === 'bpmn:SequenceFlow') {
        const edge = di.get(fe.id);
        const points = list(edge?.waypoint).map((p) => ({ x: Number(p.x), y: Number(p.y) }));
        flows.push({
          id: fe.id,
          name: textOrNull(fe.name),
          source: (fe.sourceRef as ModdleElement | undefined)?.id ?? '',
          target: (fe.targetRef as ModdleElement | undefined)?.id ?? '',
          waypoints: points.length >= 2 ? points : null,
          ext: await captureFlow(fe, edge, toXml),
        });
        continue;
      }
      // Anything else (data objects, inner flow of sub-processes, …) is named in summary.dropped.
      if (!FLOW_NODE_TYPES[fe.$type]) continue;
      const shape = di.get(fe.id);
      if (instanceOf(fe, 'bpmn:SubProcess') && list(fe.flowElements).length) {
        warnings.push(`Sub-process "${fe.id}" is kept as one activity; its inner flow is not stored.`);
      }
      nodes.push({
        id: fe.id,
        name: textOrNull(fe.name),
        documentation: documentationOf(fe),
        bpmnType: fe.$type,
        bounds: boundsOf(shape?.bounds),
        ext: await captureNode(fe, shape, toXml),
      });
    }
  }
  const nodeIds = new Set(nodes.map((n) => n.id));
  return {
    definitions: root,
    processes: processes.map((p) => ({
      id: p.id ?? '',
      name: textOrNull(p.name),
      documentation: documentationOf(p),
    })),
    nodes,
    flows: flows.filter((f) => nodeIds.has(f.source) && nodeIds.has(f.target)),
    warnings,
  };
}

/** A culture map with one culture set, or removed when the value is null. */
function withCulture(map: CultureMap, culture: string, value: string | null): CultureMap {
  const next = { ...map };
  if (value === null) delete next[culture];
  else next[culture] = value;
  return next;
}

/** Sets one culture of a per-culture attribute; null removes it (and the attribute once no culture is left). */
function setCulture(attributes: AttributeMap, key: string, culture: string, value: string | null): void {
  const next = withCulture(attributes[key] ?? {}, culture, value);
  if (Object.keys(next).length) attributes[key] = next;
  else delete attributes[key];
}

function applyBpmn(
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
    dropped: [],
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
        const description = el?.attributes.description?.[culture] ?? null;
        if (
          el &&
          ((el.attributes.name?.[culture] ?? null) !== node.name ||
            el.type !== type ||
            description !== node.documentation)
        ) {
          setCulture(el.attributes, 'name', culture, node.name);
          setCulture(el.attributes, 'description', culture, node.documentation);
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
            names: node.name === null ? {} : { [culture]: node.name },
            ord: elementOrd++,
            now,
            userId: ctx.actingUserId,
            attributes: node.documentation === null ? {} : { description: { [culture]: node.documentation } },
          }),
        );
        summary.created++;
      }
      const shapeId = old?.shapeId ?? crypto.randomUUID();
      shapeIdByBpmn.set(node.id, shapeId);
      shapes.push({
        shapeId,
        elementId,
        bpmnId: node.id,
        bpmnType: node.bpmnType,
        ord: index + 1,
        bounds: node.bounds,
        ext: storeExt(node.ext),
      });
    });
    // A flow's label in the other cultures stays; only the import culture's is the document's.
    const oldFlowNames = new Map(getFlows(ctx.db, process.versionId).map((f) => [f.flowId, f.names]));
    const flows: FlowRow[] = model.flows.map((f, index) => ({
      flowId: f.id,
      source: shapeIdByBpmn.get(f.source) ?? '',
      target: shapeIdByBpmn.get(f.target) ?? '',
      names: withCulture(oldFlowNames.get(f.id) ?? {}, culture, f.name),
      waypoints: f.waypoints,
      ord: index + 1,
      ext: storeExt(f.ext),
    }));
    replaceContent(ctx.db, process.versionId, shapes, flows);
    for (const gone of existing.values()) {
      summary.removed++;
      const stillUsed = ctx.db
        .prepare('SELECT 1 FROM shapes WHERE element_id = ? LIMIT 1')
        .get(gone.elementId);
      if (!stillUsed) deleteElement(ctx.db, gone.elementId);
    }
    // Only the pool that export writes for this element (Process_{id}) speaks for the element
    // itself: a foreign document's process name and documentation are reported as dropped.
    const own = model.processes.find((p) => p.id === processBpmnId(process));
    if (own) {
      if (own.name) process.attributes.name = { ...process.attributes.name, [culture]: own.name };
      setCulture(process.attributes, 'description', culture, own.documentation);
    }
    process.attributes.changedOn = { [INVARIANT]: now };
    process.related.changedBy = [{ id: ctx.actingUserId }];
    updateElement(ctx.db, process);
  })();
  return summary;
}

/**
 * Parse, apply, then name what was lost: the stored result is exported in
 * the same culture and compared with the posted document, so the report
 * covers whatever the store does not keep, including things nobody listed.
 */
export async function importBpmn(
  ctx: EmulatorContext,
  process: ElementRow,
  xml: string,
  culture: string,
): Promise<ImportSummary> {
  const model = await parseBpmn(xml);
  // Parsing yields to other requests: apply to the row as it is now, not as it was read before.
  const current = getCurrent(ctx.db, process.id);
  if (!current) throw new ServiceError(404, `Element "${process.id}" no longer exists.`);
  const summary = applyBpmn(ctx, current, model, culture);
  const exported = exportBpmn(ctx, current, culture);
  summary.dropped = await droppedContent(model.definitions, exported);
  summary.warnings.push(...describeDropped(summary.dropped));
  return summary;
}
