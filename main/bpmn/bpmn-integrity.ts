import type { ModdleElement } from 'bpmn-moddle';
import {
  asElements,
  DERIVED_PROPERTIES,
  descriptorOf,
  holdsObjects,
  isModdleElement,
  namespaceUri,
  referenceId,
} from './bpmn-canonical.ts';
import { DEFINITIONS_KEY, itemKey, type BpmnDocument } from './bpmn-items.ts';

/**
 * What keeps a merged BPMN document whole: every reference (by the
 * metamodel's `isReference`, never by the text of a value) points at an
 * element that is there, flow nodes list the flows that really end at them,
 * and every namespace prefix that is used is declared.
 */

/** Every element of the document, children before nothing: a walk over the metamodel's containment. */
export function* allElements(root: ModdleElement): Generator<ModdleElement> {
  const stack = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    yield element;
    const descriptor = descriptorOf(element);
    if (descriptor.isGeneric) {
      stack.push(...asElements((element as unknown as { $children?: unknown }).$children));
      continue;
    }
    for (const prop of descriptor.properties) {
      if (holdsObjects(prop)) stack.push(...asElements(element.get?.(prop.name)));
    }
  }
}

/**
 * References that point at nothing, as `holder item key>target id`. The
 * derived flow ends (incoming/outgoing) are left out: repairFlowEnds makes
 * them true after a merge.
 */
export function danglingReferences(doc: BpmnDocument): string[] {
  const ids = new Set<string>();
  for (const element of allElements(doc.definitions)) {
    const id = (element as { id?: unknown }).id;
    if (typeof id === 'string') ids.add(id);
  }
  const dangling: string[] = [];
  for (const element of allElements(doc.definitions)) {
    for (const prop of descriptorOf(element).properties) {
      if (!prop.isReference || DERIVED_PROPERTIES.has(prop.name)) continue;
      const value = element.get?.(prop.name);
      for (const ref of Array.isArray(value) ? value : value ? [value] : []) {
        const target = referenceId(ref);
        if (!ids.has(target)) dangling.push(`${holderKey(element)}>${target}`);
      }
    }
  }
  return dangling;
}

/** The key of the item a dangling reference belongs to, from a `danglingReferences` entry. */
export function holderOf(entry: string): string {
  return entry.slice(0, entry.lastIndexOf('>'));
}

function holderKey(element: ModdleElement): string {
  for (let current: ModdleElement | undefined = element; current; current = current.$parent) {
    const key = itemKey(current);
    if (key) return key;
  }
  return DEFINITIONS_KEY;
}

const FLOW_CONTAINERS = new Set([
  'bpmn:Process',
  'bpmn:SubProcess',
  'bpmn:Transaction',
  'bpmn:AdHocSubProcess',
]);

/**
 * Sets each flow node's incoming/outgoing to the sequence flows that end or
 * start there, in documents that list them at all (some tools never write
 * them; then they stay unwritten). The order already there is kept.
 */
export function repairFlowEnds(definitions: ModdleElement): void {
  const containers = [...allElements(definitions)].filter((e) => FLOW_CONTAINERS.has(e.$type));
  const nodesOf = (container: ModdleElement) =>
    asElements(container.get?.('flowElements')).filter((e) => e.$type !== 'bpmn:SequenceFlow');
  const listsEnds = containers.some((container) =>
    nodesOf(container).some((node) => listOf(node, 'incoming').length + listOf(node, 'outgoing').length > 0),
  );
  if (!listsEnds) return;
  for (const container of containers) {
    const flows = asElements(container.get?.('flowElements')).filter((e) => e.$type === 'bpmn:SequenceFlow');
    for (const node of nodesOf(container)) {
      if (!descriptorOf(node).properties.some((p) => p.name === 'incoming')) continue;
      const id = (node as { id?: unknown }).id;
      node.set?.(
        'incoming',
        keepOrder(
          listOf(node, 'incoming'),
          flows.filter((f) => endId(f.targetRef) === id),
        ),
      );
      node.set?.(
        'outgoing',
        keepOrder(
          listOf(node, 'outgoing'),
          flows.filter((f) => endId(f.sourceRef) === id),
        ),
      );
    }
  }
}

function listOf(element: ModdleElement, property: string): ModdleElement[] {
  const value = element.get?.(property);
  return Array.isArray(value) ? (value as ModdleElement[]) : [];
}

function endId(ref: unknown): unknown {
  return isModdleElement(ref) ? (ref as { id?: unknown }).id : ref;
}

function keepOrder(existing: ModdleElement[], actual: ModdleElement[]): ModdleElement[] {
  const actualIds = new Map(actual.map((flow) => [(flow as { id?: unknown }).id, flow]));
  const kept = existing
    .map((flow) => actualIds.get((flow as { id?: unknown }).id))
    .filter((flow): flow is ModdleElement => Boolean(flow));
  const keptIds = new Set(kept.map((flow) => (flow as { id?: unknown }).id));
  return [...kept, ...actual.filter((flow) => !keptIds.has((flow as { id?: unknown }).id))];
}

/**
 * Declares on the target's definitions every prefix its elements use but do
 * not have declared, with the namespace the source document binds it to
 * (an extension attribute taken over from my side brings its namespace along).
 */
export function declareMissingNamespaces(target: ModdleElement, source: ModdleElement): void {
  const sourceBindings = new Map<string, string>();
  for (const element of allElements(source)) {
    for (const [name, uri] of Object.entries(element.$attrs ?? {})) {
      if (name.startsWith('xmlns:') && !sourceBindings.has(name.slice(6)))
        sourceBindings.set(name.slice(6), uri);
    }
  }
  const declarations = target.$attrs;
  if (!declarations) return;
  for (const element of allElements(target)) {
    for (const prefix of usedPrefixes(element)) {
      if (namespaceUri(element, prefix)) continue;
      const uri = sourceBindings.get(prefix);
      if (uri) declarations[`xmlns:${prefix}`] = uri;
    }
  }
}

function usedPrefixes(element: ModdleElement): string[] {
  const names = Object.keys(element.$attrs ?? {});
  const descriptor = descriptorOf(element);
  if (descriptor.isGeneric) {
    names.push(...Object.keys(element as object).filter((key) => !key.startsWith('$')));
    if (descriptor.ns?.prefix) names.push(`${descriptor.ns.prefix}:x`);
  }
  return names
    .filter((name) => name.includes(':') && !name.startsWith('xmlns'))
    .map((name) => name.slice(0, name.indexOf(':')))
    .filter((prefix) => prefix !== 'xml');
}
