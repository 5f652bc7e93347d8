/**
 * Which corpus files the round-trip fidelity test feeds through the editor:
 * a small, deterministic selection that covers every BPMN feature the test
 * cares about, found by scanning the XML. The corpus (`../shared/corpora/bpmn` beside the checkout)
 * is read in place, never copied into the project.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';

export const corpusDir =
  process.env.LANES_BPMN_CORPUS ?? fileURLToPath(new URL('../../../shared/corpora/bpmn', import.meta.url));

export const corpusFeatures = {
  pools: /<(\w+:)?participant\b/,
  lanes: /<(\w+:)?lane\b/,
  subProcesses: /<(\w+:)?(subProcess|transaction|adHocSubProcess)\b/,
  boundaryEvents: /<(\w+:)?boundaryEvent\b/,
  messageFlows: /<(\w+:)?messageFlow\b/,
  dataObjects: /<(\w+:)?dataObjectReference\b/,
  dataStores: /<(\w+:)?dataStoreReference\b/,
  annotations:
    /<(\w+:)?textAnnotation\b[\s\S]*<(\w+:)?association\b|<(\w+:)?association\b[\s\S]*<(\w+:)?textAnnotation\b/,
  extensionElements: /<(\w+:)?extensionElements\b/,
} as const;
export type CorpusFeature = keyof typeof corpusFeatures;

export function featuresIn(xml: string): CorpusFeature[] {
  return (Object.keys(corpusFeatures) as CorpusFeature[]).filter((f) => corpusFeatures[f].test(xml));
}

export interface CorpusPick {
  file: string;
  features: CorpusFeature[];
}

/**
 * Up to `perFeature` files for each feature, each from a different modeling
 * exercise (the corpus names files exNN_writerMMMM), then one more file from
 * every exercise not picked yet. Files are taken in name order, so the list is the
 * same on every run; files over `maxBytes` are passed over to keep it quick.
 */
export function selectCorpus(dir = corpusDir, perFeature = 4, maxBytes = 120_000): CorpusPick[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.bpmn'))
    .sort()
    .filter((name) => statSync(join(dir, name)).size <= maxBytes);
  const scanned = files.map((file) => ({
    file,
    features: featuresIn(readFileSync(join(dir, file), 'utf8')),
  }));
  const exercise = (file: string): string => file.slice(0, 4);
  const picked = new Map<string, CorpusPick>();
  for (const feature of Object.keys(corpusFeatures) as CorpusFeature[]) {
    const exercises = new Set<string>();
    for (const entry of scanned) {
      if (exercises.size >= perFeature) break;
      if (!entry.features.includes(feature) || exercises.has(exercise(entry.file))) continue;
      exercises.add(exercise(entry.file));
      picked.set(entry.file, entry);
    }
  }
  const exercisesPicked = new Set([...picked.keys()].map(exercise));
  for (const entry of scanned) {
    if (exercisesPicked.has(exercise(entry.file))) continue;
    exercisesPicked.add(exercise(entry.file));
    picked.set(entry.file, entry);
  }
  return [...picked.values()].sort((a, b) => a.file.localeCompare(b.file));
}

export const corpusAvailable = (dir = corpusDir): boolean => existsSync(dir);

/** The vendor namespace the enriched files use: unknown to bpmn-js and to the service. */
export const vendorNamespace = 'http://lanes.example/schema/acme';

interface ModdleFactory {
  create(type: string, properties?: Record<string, unknown>): ModdleElement;
  createAny(name: string, nsUri: string, properties?: Record<string, unknown>): ModdleElement;
}

type Element = ModdleElement & { $parent?: Element; $attrs?: Record<string, string> };

/**
 * The corpus has no boundary events and no extension elements (no writer in
 * it produced them), so the test adds them to a real file: a timer boundary
 * event on the first task that has a shape, and vendor extension elements and
 * foreign attributes on that task, its process, a sequence flow and a shape.
 * Returns null when the file has no task with a shape.
 */
export async function withVendorExtras(xml: string): Promise<string | null> {
  const moddle = new BpmnModdle() as BpmnModdle & ModdleFactory;
  const { rootElement, elementsById } = await moddle.fromXML(xml, 'bpmn:Definitions');
  const elements = Object.values(elementsById) as Element[];
  const shapes = elements.filter((e) => e.$type === 'bpmndi:BPMNShape');
  const shapeOf = (target: Element): Element | undefined => shapes.find((s) => s.bpmnElement === target);
  const task = elements.find((e) => e.$type === 'bpmn:Task' && shapeOf(e));
  if (!task) return null;
  const taskShape = shapeOf(task)!;
  const bounds = taskShape.bounds as { x: number; y: number; width: number; height: number };

  (rootElement as Element).$attrs!['xmlns:acme'] = vendorNamespace;
  const meta = (owner: string, note: string): ModdleElement => {
    const element = moddle.createAny('acme:meta', vendorNamespace, { owner, revision: '7' });
    const child = moddle.createAny('acme:note', vendorNamespace, { lang: 'en' });
    (child as Element).$body = note;
    (element as Element).$children = [child];
    return element;
  };
  const extend = (element: Element, owner: string, note: string): void => {
    element.extensionElements = moddle.create('bpmn:ExtensionElements', { values: [meta(owner, note)] });
  };
  extend(task, 'quality', 'Checked by the four-eyes rule');
  extend(task.$parent!, 'process-office', 'Reviewed yearly');
  task.$attrs!['acme:cost'] = '12.50';
  taskShape.$attrs!['acme:color'] = '#ff8800';
  const flow = elements.find((e) => e.$type === 'bpmn:SequenceFlow');
  if (flow) {
    extend(flow, 'routing', 'Default path');
    flow.$attrs!['acme:probability'] = '0.8';
  }

  const boundary = moddle.create('bpmn:BoundaryEvent', {
    id: `${task.id}_deadline`,
    name: 'Deadline passed',
    attachedToRef: task,
    cancelActivity: false,
    eventDefinitions: [moddle.create('bpmn:TimerEventDefinition', { id: `${task.id}_deadline_timer` })],
  }) as Element;
  boundary.$parent = task.$parent;
  (task.$parent!.flowElements as Element[]).push(boundary);
  const shape = moddle.create('bpmndi:BPMNShape', {
    id: `${task.id}_deadline_di`,
    bpmnElement: boundary,
    bounds: moddle.create('dc:Bounds', {
      x: bounds.x + bounds.width - 28,
      y: bounds.y + bounds.height - 18,
      width: 36,
      height: 36,
    }),
  }) as Element;
  const plane = taskShape.$parent!;
  shape.$parent = plane;
  (plane.planeElement as Element[]).push(shape);
  return (await moddle.toXML(rootElement, { format: true })).xml;
}
