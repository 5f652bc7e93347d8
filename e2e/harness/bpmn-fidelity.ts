/**
 * Round-trip fidelity: does a BPMN document that went through the editor
 * still say everything the original said? Both are parsed with bpmn-moddle
 * and compared element by element (matched by id): every attribute, every
 * reference (flows' source and target, lanes' flowNodeRefs, processRef,
 * attachedToRef, …), text bodies, diagram coordinates (within a tolerance),
 * and unknown extension elements and foreign attributes with their whole
 * content. Namespace prefixes may differ; meaning may not.
 */
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';

export const fidelityFeatures = [
  'ids',
  'names',
  'sequenceFlows',
  'messageFlows',
  'associations',
  'participants',
  'lanes',
  'subProcesses',
  'boundaryEvents',
  'dataObjects',
  'dataStores',
  'annotations',
  'extensionElements',
  'foreignAttributes',
  'shapes',
  'edges',
] as const;
export type FidelityFeature = (typeof fidelityFeatures)[number];

export interface FidelityReport {
  /** What the saved document lost or changed, each naming the element. Empty: faithful. */
  problems: string[];
  /** Things the saved document has and the original had not (not a loss, but worth a look). */
  additions: string[];
  /** How many items of each feature were compared. */
  checked: Record<FidelityFeature, number>;
}

interface Descriptor {
  name: string;
  isGeneric?: boolean;
  ns?: { uri: string; localName: string };
  properties?: { name: string; isReference?: boolean; isMany?: boolean }[];
}
type Element = ModdleElement & { $attrs?: Record<string, string>; $descriptor?: Descriptor };

const moddle = new BpmnModdle();

interface Side {
  byId: Map<string, Element>;
  /** Prefix → namespace URI, from every xmlns declaration in the document. */
  namespaces: Map<string, string>;
  root: Element;
}

async function read(xml: string): Promise<Side> {
  const { rootElement } = await moddle.fromXML(xml.replace(/^\uFEFF/, ''), 'bpmn:Definitions');
  const side: Side = { byId: new Map(), namespaces: new Map(), root: rootElement as Element };
  walk(side.root, side, new Set());
  return side;
}

function walk(element: Element, side: Side, seen: Set<Element>): void {
  if (seen.has(element)) return;
  seen.add(element);
  if (typeof element.id === 'string') side.byId.set(element.id, element);
  for (const [key, value] of Object.entries(element.$attrs ?? {})) {
    if (key.startsWith('xmlns:')) side.namespaces.set(key.slice(6), value);
  }
  for (const [key, value] of ownEntries(element)) {
    if (isReference(element, key)) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isElement(child)) walk(child, side, seen);
    }
  }
}

const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && typeof (value as Element).$type === 'string';

/** Own properties, including the non-enumerable collections moddle creates when it resolves references. */
function ownEntries(element: Element): [string, unknown][] {
  return (
    Object.getOwnPropertyNames(element)
      .filter((key) => !key.startsWith('$'))
      .map((key): [string, unknown] => [key, (element as Record<string, unknown>)[key]])
      // Generic (unknown) elements carry their own get/set methods: behaviour, not content.
      .filter(([, value]) => typeof value !== 'function')
  );
}

function isReference(element: Element, property: string): boolean {
  const descriptor = element.$descriptor?.properties?.find((p) => p.name === property);
  return descriptor?.isReference === true;
}

/** How a message names an element: type, name and id, e.g. bpmn:Task "Check order" (Task_1). */
export function describe(element: Element): string {
  const name = typeof element.name === 'string' && element.name ? ` ${JSON.stringify(element.name)}` : '';
  const id = typeof element.id === 'string' ? ` (${element.id})` : '';
  return `${element.$type}${name}${id}`;
}

/** A generic (unknown) element's or foreign attribute's qualified name, independent of the prefix. */
function qualified(prefixed: string, side: Side): string {
  const colon = prefixed.indexOf(':');
  if (colon < 0) return prefixed;
  const uri = side.namespaces.get(prefixed.slice(0, colon));
  return uri ? `{${uri}}${prefixed.slice(colon + 1)}` : prefixed;
}

export interface CompareOptions {
  /** Largest coordinate difference still equal (default 0.5). */
  tolerance?: number;
}

export async function compareBpmn(
  originalXml: string,
  savedXml: string,
  options: CompareOptions = {},
): Promise<FidelityReport> {
  const [original, saved] = await Promise.all([read(originalXml), read(savedXml)]);
  const report: FidelityReport = {
    problems: [],
    additions: [],
    checked: Object.fromEntries(fidelityFeatures.map((f) => [f, 0])) as Record<FidelityFeature, number>,
  };
  const context: Context = { original, saved, report, tolerance: options.tolerance ?? 0.5 };
  compareElement(context, original.root, saved.root, 'definitions');
  for (const [id, mine] of original.byId) {
    const theirs = saved.byId.get(id);
    if (!theirs) {
      report.problems.push(`lost ${describe(mine)}`);
      continue;
    }
    if (theirs.$type !== mine.$type) {
      report.problems.push(`${describe(mine)} became ${theirs.$type}`);
      continue;
    }
    report.checked.ids++;
    count(context, mine);
    if (mine !== original.root) compareElement(context, mine, theirs, describe(mine));
  }
  for (const [id, theirs] of saved.byId) {
    if (!original.byId.has(id)) report.additions.push(`new ${describe(theirs)}`);
  }
  return report;
}

interface Context {
  original: Side;
  saved: Side;
  report: FidelityReport;
  tolerance: number;
}

function count(context: Context, element: Element): void {
  const checked = context.report.checked;
  const type = element.$type;
  if (typeof element.name === 'string') checked.names++;
  const byType: Record<string, FidelityFeature> = {
    'bpmn:SequenceFlow': 'sequenceFlows',
    'bpmn:MessageFlow': 'messageFlows',
    'bpmn:Association': 'associations',
    'bpmn:DataInputAssociation': 'associations',
    'bpmn:DataOutputAssociation': 'associations',
    'bpmn:Participant': 'participants',
    'bpmn:Lane': 'lanes',
    'bpmn:SubProcess': 'subProcesses',
    'bpmn:Transaction': 'subProcesses',
    'bpmn:AdHocSubProcess': 'subProcesses',
    'bpmn:BoundaryEvent': 'boundaryEvents',
    'bpmn:DataObject': 'dataObjects',
    'bpmn:DataObjectReference': 'dataObjects',
    'bpmn:DataStore': 'dataStores',
    'bpmn:DataStoreReference': 'dataStores',
    'bpmn:TextAnnotation': 'annotations',
    'bpmndi:BPMNShape': 'shapes',
    'bpmndi:BPMNEdge': 'edges',
  };
  const feature = byType[type];
  if (feature) checked[feature]++;
}

/**
 * Compares two elements that stand for the same thing. Children with an id
 * are compared on their own (by id) and here only by reference, so a lost
 * task is reported once, as lost, not as a difference of every parent.
 */
function compareElement(context: Context, mine: Element, theirs: Element, path: string): void {
  const problems = context.report.problems;
  if (mine.$descriptor?.isGeneric || theirs.$descriptor?.isGeneric) {
    const a = qualified(mine.$type, context.original);
    const b = qualified(theirs.$type, context.saved);
    if (a !== b) {
      problems.push(`${path}: ${mine.$type} became ${theirs.$type}`);
      return;
    }
  }
  compareForeignAttributes(context, mine, theirs, path);
  const keys = new Set([...ownEntries(mine), ...ownEntries(theirs)].map(([key]) => key));
  for (const key of keys) {
    const a = (mine as Record<string, unknown>)[key];
    const b = (theirs as Record<string, unknown>)[key];
    if (isEmpty(a) && isEmpty(b)) continue;
    if (isEmpty(a)) {
      context.report.additions.push(`${path}: ${key} added`);
      continue;
    }
    compareValue(context, mine, key, a, b, `${path} › ${key}`);
  }
  if (mine.$body !== undefined || theirs.$body !== undefined) {
    if (String(mine.$body ?? '').trim() !== String(theirs.$body ?? '').trim()) {
      problems.push(`${path}: text "${String(mine.$body ?? '')}" became "${String(theirs.$body ?? '')}"`);
    }
  }
  if (Array.isArray(mine.$children) || Array.isArray(theirs.$children)) {
    compareList(context, mine, '$children', mine.$children, theirs.$children, path);
  }
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);

function compareValue(
  context: Context,
  owner: Element,
  key: string,
  a: unknown,
  b: unknown,
  path: string,
): void {
  const problems = context.report.problems;
  if (isEmpty(b)) {
    problems.push(`${path}: lost (was ${summary(a)})`);
    return;
  }
  if (key === 'extensionElements') context.report.checked.extensionElements++;
  if (Array.isArray(a) || Array.isArray(b)) {
    compareList(context, owner, key, a, b, path.slice(0, path.lastIndexOf(' › ')));
    return;
  }
  if (isElement(a)) {
    if (!isElement(b)) problems.push(`${path}: ${summary(a)} became ${summary(b)}`);
    else if (typeof a.id === 'string' || isReference(owner, key)) {
      if (a.id !== b.id) problems.push(`${path}: ${summary(a)} became ${summary(b)}`);
    } else compareElement(context, a, b, path);
    return;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (Math.abs(a - b) > context.tolerance) problems.push(`${path}: ${a} became ${b}`);
    return;
  }
  if (a !== b) problems.push(`${path}: ${summary(a)} became ${summary(b)}`);
}

function compareList(
  context: Context,
  owner: Element,
  key: string,
  a: unknown,
  b: unknown,
  ownerPath: string,
): void {
  const mine = (Array.isArray(a) ? a : [a]).filter((x) => x !== undefined);
  const theirs = (Array.isArray(b) ? b : [b]).filter((x) => x !== undefined);
  const path = `${ownerPath} › ${key}`;
  const byId = mine.every((x) => isElement(x) && typeof x.id === 'string');
  if (byId && mine.length > 0) {
    const ids = (list: unknown[]): string[] => list.map((x) => (isElement(x) ? String(x.id) : String(x)));
    const kept = new Set(ids(theirs));
    const lost = ids(mine).filter((id) => !kept.has(id));
    if (lost.length) context.report.problems.push(`${path}: lost ${lost.join(', ')}`);
    const had = new Set(ids(mine));
    const added = ids(theirs).filter((id) => !had.has(id));
    if (added.length) context.report.additions.push(`${path}: added ${added.join(', ')}`);
    return;
  }
  if (theirs.length > mine.length) {
    context.report.additions.push(`${path}: ${mine.length} item(s) became ${theirs.length}`);
  }
  mine.forEach((item, index) => {
    const label = `${path}[${index}]${isElement(item) ? ` ${item.$type}` : ''}`;
    if (index >= theirs.length) context.report.problems.push(`${label}: lost`);
    else compareValue(context, owner, key, item, theirs[index], label);
  });
}

/** Foreign-namespace attributes (`vendor:cost="12"`) by namespace URI, not by prefix; xmlns itself is not content. */
function compareForeignAttributes(context: Context, mine: Element, theirs: Element, path: string): void {
  const collect = (element: Element, side: Side): Map<string, string> =>
    new Map(
      Object.entries(element.$attrs ?? {})
        .filter(([key]) => key !== 'xmlns' && !key.startsWith('xmlns:'))
        .map(([key, value]) => [qualified(key, side), value]),
    );
  const a = collect(mine, context.original);
  const b = collect(theirs, context.saved);
  for (const [name, value] of a) {
    context.report.checked.foreignAttributes++;
    if (!b.has(name)) context.report.problems.push(`${path}: attribute ${name} lost`);
    else if (b.get(name) !== value) {
      context.report.problems.push(`${path}: attribute ${name} "${value}" became "${b.get(name)}"`);
    }
  }
}

function summary(value: unknown): string {
  if (isElement(value)) return describe(value);
  if (Array.isArray(value)) return `[${value.map(summary).join(', ')}]`;
  return JSON.stringify(value);
}
