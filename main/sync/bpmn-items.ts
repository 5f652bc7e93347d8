import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';

/**
 * A BPMN document seen as items keyed by id, for merging: each semantic
 * element (task, flow, lane, participant, …) and, separately, its diagram
 * interchange (shape or edge). Keeping layout apart means "I moved it" and
 * "they renamed it" do not collide.
 */
export interface BpmnDocument {
  definitions: ModdleElement;
  items: Map<string, Item>;
  warnings: string[];
}

export interface Item {
  key: string;
  kind: 'semantic' | 'di';
  element: ModdleElement;
  /** The list that holds it: owner element and property name. */
  owner: ModdleElement;
  ownerKey: string | undefined;
  property: string;
  /** Canonical JSON of the item's own properties, children excluded. */
  snapshot: string;
}

const moddle = new BpmnModdle();
const DI_SUFFIX = '#di';
const DERIVED = new Set(['incoming', 'outgoing']);

export async function parseBpmn(xml: string): Promise<BpmnDocument> {
  const { rootElement, warnings } = await moddle.fromXML(xml.replace(/^\uFEFF/, ''), 'bpmn:Definitions');
  const items = new Map<string, Item>();
  collect(rootElement, items);
  return { definitions: rootElement, items, warnings: warnings.map((w) => w.message) };
}

export async function serializeBpmn(definitions: ModdleElement): Promise<string> {
  return (await moddle.toXML(definitions, { format: true })).xml;
}

export function diKey(semanticId: string): string {
  return semanticId + DI_SUFFIX;
}

interface PropertyDescriptor {
  name: string;
  isMany?: boolean;
  isReference?: boolean;
  isAttr?: boolean;
  type: string;
}

function descriptorProperties(element: ModdleElement): PropertyDescriptor[] {
  return (
    (element as unknown as { $descriptor: { properties: PropertyDescriptor[] } }).$descriptor?.properties ??
    []
  );
}

/** Properties that hold child objects (as opposed to plain values or references by id). */
export function holdsObjects(property: PropertyDescriptor): boolean {
  return (
    !property.isReference &&
    !property.isAttr &&
    !['String', 'Boolean', 'Integer', 'Real'].includes(property.type)
  );
}

/** True when any value of the property is an item of its own (merged on its own). */
export function holdsItems(element: ModdleElement, property: PropertyDescriptor): boolean {
  return (
    holdsObjects(property) &&
    asList(element.get?.(property.name)).some((child) => itemKey(child) !== undefined)
  );
}

function collect(
  element: ModdleElement,
  items: Map<string, Item>,
  owner?: ModdleElement,
  property?: string,
): void {
  const key = itemKey(element);
  if (key && owner && property && !items.has(key)) {
    items.set(key, {
      key,
      kind: key.endsWith(DI_SUFFIX) ? 'di' : 'semantic',
      element,
      owner,
      ownerKey: nearestItemKey(owner),
      property,
      snapshot: snapshot(element),
    });
  }
  for (const prop of descriptorProperties(element)) {
    if (!holdsObjects(prop)) continue;
    for (const child of asList(element.get?.(prop.name))) collect(child, items, element, prop.name);
  }
}

/** The closest enclosing item (a shape's owner is the plane, which is not an item itself). */
function nearestItemKey(element: ModdleElement | undefined): string | undefined {
  for (let current = element; current; current = current.$parent) {
    const key = itemKey(current);
    if (key) return key;
  }
  return undefined;
}

function asList(value: unknown): ModdleElement[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter(
    (v): v is ModdleElement => Boolean(v) && typeof v === 'object' && '$type' in (v as object),
  );
}

/** Semantic items by id; DI items by the id of the element they draw. */
export function itemKey(element: ModdleElement): string | undefined {
  const drawn = element.bpmnElement as ModdleElement | undefined;
  if (element.$type === 'bpmndi:BPMNShape' || element.$type === 'bpmndi:BPMNEdge') {
    return drawn?.id ? diKey(drawn.id) : undefined;
  }
  if (element.$type === 'bpmndi:BPMNDiagram' || element.$type === 'bpmndi:BPMNPlane') return undefined;
  return typeof element.id === 'string' ? element.id : undefined;
}

/** Own values, references (by id) and non-item children (labels, expressions, bounds); never child items. */
export function snapshot(element: ModdleElement): string {
  const out: Record<string, unknown> = { $type: element.$type };
  for (const prop of descriptorProperties(element)) {
    if (DERIVED.has(prop.name)) continue;
    const value = element.get?.(prop.name);
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    if (prop.isReference) {
      out[prop.name] = Array.isArray(value) ? value.map(refId) : refId(value);
    } else if (holdsObjects(prop)) {
      const own = asList(value).filter((child) => itemKey(child) === undefined);
      if (own.length > 0) out[prop.name] = own.map((child) => JSON.parse(snapshot(child)) as unknown);
    } else {
      out[prop.name] = value;
    }
  }
  for (const [key, value] of Object.entries(element.$attrs ?? {})) out[`$attr:${key}`] = value;
  return JSON.stringify(out);
}

function refId(value: unknown): string {
  return `#${(value as ModdleElement | undefined)?.id ?? String(value)}`;
}

declare module 'bpmn-moddle' {
  interface ModdleElement {
    get?(name: string): unknown;
    set?(name: string, value: unknown): void;
    $attrs?: Record<string, string>;
    $parent?: ModdleElement;
  }
}
