import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import {
  asElements,
  canonicalValue,
  descriptorOf,
  holdsObjects,
  stableStringify,
  type PropertyDescriptor,
} from './bpmn-canonical.ts';

export { holdsObjects } from './bpmn-canonical.ts';

/**
 * A BPMN document seen as items keyed by id, for merging and comparing:
 * each semantic element (task, flow, lane, participant, event definition, …)
 * and, separately, its diagram interchange (shape or edge) and each diagram.
 * Keeping layout apart means "I moved it" and "they renamed it" do not
 * collide.
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
  /** The list that holds it: owner element and property name (absent for the definitions). */
  owner: ModdleElement;
  ownerKey: string | undefined;
  property: string;
  /** Canonical value of the item's own properties (children that are items excluded), with `$where` it stands. */
  value: Record<string, unknown>;
  /** `value` as stable text: two items mean the same exactly when their snapshots are equal. */
  snapshot: string;
}

const moddle = new BpmnModdle();
const DI_SUFFIX = '#di';
const DIAGRAM_SUFFIX = '#diagram';
/** The definitions are one item whatever their id: every version of a document has exactly one. */
export const DEFINITIONS_KEY = '#definitions';

export async function parseBpmn(xml: string): Promise<BpmnDocument> {
  const { rootElement, warnings } = await moddle.fromXML(xml.replace(/^\uFEFF/, ''), 'bpmn:Definitions');
  markContainers(rootElement);
  const items = new Map<string, Item>();
  items.set(DEFINITIONS_KEY, {
    key: DEFINITIONS_KEY,
    kind: 'semantic',
    element: rootElement,
    owner: rootElement,
    ownerKey: undefined,
    property: '',
    ...valueOf(rootElement, ''),
  });
  collectChildren(rootElement, items);
  return { definitions: rootElement, items, warnings: warnings.map((w) => w.message) };
}

export async function serializeBpmn(definitions: ModdleElement): Promise<string> {
  return (await moddle.toXML(definitions, { format: true })).xml;
}

export function diKey(semanticId: string): string {
  return semanticId + DI_SUFFIX;
}

/** The element id an item key stands for: the drawn element's id for DI and diagrams, the owner's for containers. */
export function idOfKey(key: string): string {
  const container = key.indexOf(CONTAINER_SEPARATOR);
  if (container > 0) return idOfKey(key.slice(0, container));
  for (const suffix of [DI_SUFFIX, DIAGRAM_SUFFIX])
    if (key.endsWith(suffix)) return key.slice(0, -suffix.length);
  return key;
}

export function isLayoutKey(key: string): boolean {
  return key.includes(DI_SUFFIX);
}

/**
 * Elements without an id that hold items (a diagram's plane, a lane set
 * without id, an I/O specification): items of their own, keyed by their
 * owner and property, so merging their owner never replaces them, and with
 * them the items inside, wholesale.
 */
const CONTAINER_SEPARATOR = '>';
const containers = new WeakSet<ModdleElement>();

function markContainers(element: ModdleElement): boolean {
  let holds = false;
  for (const prop of descriptorProperties(element)) {
    if (!holdsObjects(prop)) continue;
    for (const child of asElements(element.get?.(prop.name))) {
      const childHolds = markContainers(child);
      const keyed = ownKey(child) !== undefined;
      if (childHolds && !keyed) containers.add(child);
      holds ||= keyed || childHolds;
    }
  }
  return holds;
}

function containerKey(element: ModdleElement): string | undefined {
  if (!containers.has(element) || !element.$parent) return undefined;
  const owner = element.$parent;
  const ownerKey = owner.$type === 'bpmn:Definitions' ? DEFINITIONS_KEY : itemKey(owner);
  if (!ownerKey) return undefined;
  for (const prop of descriptorProperties(owner)) {
    const siblings = asElements(owner.get?.(prop.name)).filter((sibling) => containers.has(sibling));
    const index = siblings.indexOf(element);
    if (index >= 0) return `${ownerKey}${CONTAINER_SEPARATOR}${prop.name}${index > 0 ? `#${index}` : ''}`;
  }
  return undefined;
}

function descriptorProperties(element: ModdleElement): PropertyDescriptor[] {
  return descriptorOf(element).properties;
}

/** True when any value of the property is an item of its own (merged on its own). */
export function holdsItems(element: ModdleElement, property: PropertyDescriptor): boolean {
  return holdsObjects(property) && asElements(element.get?.(property.name)).some(isItem);
}

function collectChildren(element: ModdleElement, items: Map<string, Item>): void {
  for (const prop of descriptorProperties(element)) {
    if (!holdsObjects(prop)) continue;
    for (const child of asElements(element.get?.(prop.name))) collect(child, items, element, prop.name);
  }
}

function collect(
  element: ModdleElement,
  items: Map<string, Item>,
  owner: ModdleElement,
  property: string,
): void {
  const base = itemKey(element);
  if (base) {
    const key = uniqueKey(base, items);
    const ownerKey = nearestItemKey(owner);
    items.set(key, {
      key,
      kind: isLayoutKey(key) ? 'di' : 'semantic',
      element,
      owner,
      ownerKey,
      property,
      ...valueOf(element, `${ownerKey ?? ''}/${property}`),
    });
  }
  collectChildren(element, items);
}

/** Where an item stands is part of its value: moving a task into a sub-process changes it. */
export const WHERE = '$where';

function valueOf(
  element: ModdleElement,
  where: string,
): { value: Record<string, unknown>; snapshot: string } {
  const value = { ...(canonicalValue(element, { isItem }) as Record<string, unknown>), [WHERE]: where };
  return { value, snapshot: stableStringify(value) };
}

/** A duplicate id (bpmn-moddle warns and keeps both) still gets an item, so nothing goes unseen. */
function uniqueKey(base: string, items: Map<string, Item>): string {
  if (!items.has(base)) return base;
  let n = 2;
  while (items.has(`${base}#${n}`)) n++;
  return `${base}#${n}`;
}

/** The closest enclosing item; the definitions when nothing closer is one. */
function nearestItemKey(element: ModdleElement | undefined): string | undefined {
  for (let current = element; current; current = current.$parent) {
    if (current.$type === 'bpmn:Definitions') return DEFINITIONS_KEY;
    const key = itemKey(current);
    if (key) return key;
  }
  return undefined;
}

export function isItem(element: ModdleElement): boolean {
  return itemKey(element) !== undefined;
}

/**
 * Semantic items by id; shapes and edges by the id of the element they draw;
 * diagrams by the id of what their plane draws; containers without id by
 * their owner. Elements bpmn-moddle does not know (vendor extensions) are
 * never items: they belong to their element.
 */
export function itemKey(element: ModdleElement): string | undefined {
  return ownKey(element) ?? containerKey(element);
}

function ownKey(element: ModdleElement): string | undefined {
  const type = element.$type;
  if (type === 'bpmndi:BPMNShape' || type === 'bpmndi:BPMNEdge') {
    const drawn = element.bpmnElement as ModdleElement | undefined;
    return drawn?.id ? diKey(drawn.id) : undefined;
  }
  if (type === 'bpmndi:BPMNDiagram') {
    const drawn = (element.plane as ModdleElement | undefined)?.bpmnElement as ModdleElement | undefined;
    return drawn?.id ? drawn.id + DIAGRAM_SUFFIX : undefined;
  }
  if (type === 'bpmn:Definitions' || descriptorOf(element).isGeneric) return undefined;
  if (!type.startsWith('bpmn:')) return undefined;
  return typeof element.id === 'string' && element.id !== '' ? element.id : undefined;
}

declare module 'bpmn-moddle' {
  interface ModdleElement {
    get?(name: string): unknown;
    set?(name: string, value: unknown): void;
    $attrs?: Record<string, string>;
    $parent?: ModdleElement;
  }
}
