import type { ModdleElement } from 'bpmn-moddle';

/** One property of a changed element, before and after, as text ('' when it has none). */
export interface AttributeChange {
  name: string;
  before: string;
  after: string;
}

interface Descriptor {
  properties?: { name: string; isReference?: boolean; isMany?: boolean; type?: string }[];
}

/** What an element holds rather than is (its flow elements, lanes, diagrams) or derives from flows. */
const NOT_OWN = new Set([
  'id',
  'incoming',
  'outgoing',
  'flowElements',
  'artifacts',
  'laneSets',
  'lanes',
  'rootElements',
  'diagrams',
  'participants',
  'messageFlows',
  'flowNodeRef',
  'childLaneSet',
  'di',
]);
/** Longer text is cut: the row says what changed, not the whole text. */
const MAX_TEXT = 120;

/**
 * The properties of one element that differ between two versions, with the
 * values written out (a name, the documentation's text, a condition's body,
 * a reference by the name of what it points at). bpmn-js-differ says only
 * that an element changed (its old and new values are not reliable, and a
 * condition's body is not named at all), so the values are read here from
 * the two moddle elements through the metamodel.
 */
export function attributeChanges(older: ModdleElement, newer: ModdleElement): AttributeChange[] {
  const names = new Set([...ownProperties(older), ...ownProperties(newer)]);
  const changes: AttributeChange[] = [];
  for (const name of names) {
    const before = describe(read(older, name));
    const after = describe(read(newer, name));
    if (before !== after) changes.push({ name, before, after });
  }
  return changes.sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
}

/** Name first, then documentation: what a modeler reads first. */
function order(name: string): number {
  return name === 'name' ? 0 : name === 'documentation' ? 1 : 2;
}

/** A property through moddle's accessor (defaults included). */
function read(element: ModdleElement, name: string): unknown {
  return (element as unknown as { get?: (name: string) => unknown }).get?.(name);
}

function ownProperties(element: ModdleElement): string[] {
  const descriptor = (element as unknown as { $descriptor?: Descriptor }).$descriptor;
  return (descriptor?.properties ?? []).map((p) => p.name).filter((name) => !NOT_OWN.has(name));
}

/** A value as a person reads it. */
export function describe(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return cut(value.replace(/\s+/g, ' ').trim());
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return cut(value.map(describe).filter(Boolean).join(', '));
  if (typeof value === 'object') {
    const element = value as Record<string, unknown>;
    for (const key of ['name', 'body', 'text', 'id'])
      if (typeof element[key] === 'string' && element[key]) return describe(element[key]);
    const type = element.$type;
    return typeof type === 'string' ? type.replace(/^\w+:/, '') : '';
  }
  return '';
}

function cut(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** Every element with an id in a document, semantic and diagram alike, by id. */
export function elementsById(definitions: ModdleElement): Map<string, ModdleElement> {
  const found = new Map<string, ModdleElement>();
  const seen = new Set<unknown>();
  const visit = (element: ModdleElement): void => {
    if (seen.has(element)) return;
    seen.add(element);
    if (typeof element.id === 'string' && !found.has(element.id)) found.set(element.id, element);
    const descriptor = (element as unknown as { $descriptor?: Descriptor }).$descriptor;
    for (const property of descriptor?.properties ?? []) {
      if (property.isReference) continue;
      const value = read(element, property.name);
      for (const child of Array.isArray(value) ? value : [value])
        if (child && typeof child === 'object' && '$type' in child) visit(child as ModdleElement);
    }
  };
  visit(definitions);
  return found;
}
