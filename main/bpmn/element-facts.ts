import type { ModdleElement } from 'bpmn-moddle';
import type { ConflictElement, ConflictField, ElementFacts } from '../../shared/domain/editor.ts';
import { FOREIGN_PREFIX } from './bpmn-canonical.ts';
import { diKey, WHERE, type BpmnDocument, type Item } from './bpmn-items.ts';
import { changedProperties, sameProperty } from './meaningful-change.ts';

/** Long documentation is cut: the table shows what differs, the diagram shows the rest. */
const MAX_TEXT = 300;
/** A route with more bends is shortened to its ends and the number of points. */
const MAX_POINTS = 4;
/** Properties the facts already show (or that say nothing to a modeler) are not repeated as "other". */
const SHOWN = new Set([
  '$type',
  'name',
  'documentation',
  'bounds',
  'waypoint',
  'sourceRef',
  'targetRef',
  'id',
  WHERE,
]);

/**
 * What a modeler reads about one element of one version: its type, name,
 * documentation, where it is drawn and what it is connected to. Null when
 * the version does not have the element. Connections are found from the
 * flows that name it, so they are right whether or not a tool wrote
 * `incoming`/`outgoing`.
 */
export function factsOf(doc: BpmnDocument, id: string): ElementFacts | null {
  const element = doc.items.get(id)?.element;
  if (!element) return null;
  const connections = connectionsOf(doc, element);
  return {
    type: element.$type,
    name: text(element.name),
    documentation: documentationOf(element),
    position: positionOf(doc.items.get(diKey(id))?.element),
    from: connections.from.map(labelOf).sort(),
    to: connections.to.map(labelOf).sort(),
  };
}

/**
 * Per element a conflict or review is about: its facts in the base, my
 * draft and the server's version, which of them each side really changed
 * (meaningful-change.ts: connections by the elements they reach, not by
 * their names; positions beyond rounding), and which of its other
 * properties (colours, vendor attributes, conditions, …) each side changed,
 * by name.
 */
export function compareElements(
  base: BpmnDocument,
  mine: BpmnDocument,
  theirs: BpmnDocument,
  ids: ReadonlyMap<string, boolean>,
): ConflictElement[] {
  const elements = [...ids].map(([id, overlap]) => ({
    id,
    overlap,
    base: factsOf(base, id),
    mine: factsOf(mine, id),
    theirs: factsOf(theirs, id),
    changed: { mine: changedFields(base, mine, id), theirs: changedFields(base, theirs, id) },
    otherChanges: { mine: otherChanges(base, mine, id), theirs: otherChanges(base, theirs, id) },
  }));
  // A change list recorded before these rules may name an element only noise touched: nothing to show.
  return elements.filter(
    (element) =>
      element.overlap ||
      [element.changed, element.otherChanges].some((lists) => lists.mine.length + lists.theirs.length > 0),
  );
}

/** The facts a side changed since the base, in the order a modeler reads them; all when it added or removed it. */
export function changedFields(from: BpmnDocument, to: BpmnDocument, id: string): ConflictField[] {
  const [a, b] = [from.items.get(id), to.items.get(id)];
  if (!a || !b) return a === b ? [] : [...CONFLICT_FIELDS];
  const differs = (name: string): boolean => !sameProperty(b, name, a.value[name], b.value[name]);
  const changed = new Set<ConflictField>();
  if (a.element.$type !== b.element.$type) changed.add('type');
  if (differs('name')) changed.add('name');
  if (differs('documentation')) changed.add('documentation');
  if (movedBetween(from, to, id)) changed.add('position');
  if (!sameConnections(connectionsOf(from, a.element), connectionsOf(to, b.element)))
    changed.add('connections');
  return CONFLICT_FIELDS.filter((field) => changed.has(field));
}

const CONFLICT_FIELDS: readonly ConflictField[] = [
  'type',
  'name',
  'documentation',
  'position',
  'connections',
];

/**
 * Drawn somewhere else: its shape or route moved beyond rounding, it is drawn
 * on one side only, or it stands in another container (into a sub-process,
 * another pool).
 */
function movedBetween(from: BpmnDocument, to: BpmnDocument, id: string): boolean {
  const [a, b] = [from.items.get(diKey(id)), to.items.get(diKey(id))];
  if (!sameWhere(from.items.get(id), to.items.get(id))) return true;
  if (!a || !b) return a !== b;
  return (
    !sameProperty(b, 'bounds', a.value.bounds, b.value.bounds) ||
    !sameProperty(b, 'waypoint', a.value.waypoint, b.value.waypoint)
  );
}

function sameWhere(a: Item | undefined, b: Item | undefined): boolean {
  return !a || !b || a.value[WHERE] === b.value[WHERE];
}

/** The same connections: the same elements at the other ends (by id; a neighbour's rename changes nothing here). */
function sameConnections(a: Connections, b: Connections): boolean {
  const ids = (list: ModdleElement[]) => list.map(idOf).sort().join('\n');
  return ids(a.from) === ids(b.from) && ids(a.to) === ids(b.to);
}

function idOf(element: ModdleElement): string {
  return typeof element.id === 'string' ? element.id : '?';
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  return trimmed.length > MAX_TEXT ? `${trimmed.slice(0, MAX_TEXT - 1)}…` : trimmed;
}

function documentationOf(element: ModdleElement): string | null {
  const docs = (element.get?.('documentation') as ModdleElement[] | undefined) ?? [];
  return text(docs.map((doc) => (typeof doc.text === 'string' ? doc.text : '')).join('\n'));
}

const round = (value: unknown): number => Math.round(Number(value) || 0);

/** A shape's place and size, or an edge's route; language-neutral numbers. */
function positionOf(di: ModdleElement | undefined): string | null {
  if (!di) return null;
  const bounds = di.bounds as ModdleElement | undefined;
  if (bounds)
    return `${round(bounds.x)}, ${round(bounds.y)} · ${round(bounds.width)} × ${round(bounds.height)}`;
  const points = (di.waypoint as ModdleElement[] | undefined) ?? [];
  if (points.length === 0) return null;
  const shown = points.map((point) => `(${round(point.x)}, ${round(point.y)})`);
  if (shown.length <= MAX_POINTS) return shown.join(' → ');
  return `${shown[0]} → … → ${shown[shown.length - 1]} (${shown.length})`;
}

function labelOf(element: ModdleElement): string {
  return text(element.name) ?? idOf(element);
}

interface Connections {
  from: ModdleElement[];
  to: ModdleElement[];
}

/** A flow: where it starts and ends. A node: where its flows come from and go to. */
function connectionsOf(doc: BpmnDocument, element: ModdleElement): Connections {
  if (element.sourceRef || element.targetRef)
    return {
      from: element.sourceRef ? [element.sourceRef as ModdleElement] : [],
      to: element.targetRef ? [element.targetRef as ModdleElement] : [],
    };
  const from: ModdleElement[] = [];
  const to: ModdleElement[] = [];
  for (const item of doc.items.values()) {
    if (item.kind !== 'semantic') continue;
    const flow = item.element;
    if (flow.$type !== 'bpmn:SequenceFlow' && flow.$type !== 'bpmn:MessageFlow') continue;
    if (flow.targetRef === element && flow.sourceRef) from.push(flow.sourceRef as ModdleElement);
    if (flow.sourceRef === element && flow.targetRef) to.push(flow.targetRef as ModdleElement);
  }
  return { from, to };
}

/**
 * Names of the element's properties (its own and its drawing's) whose meaning
 * differs, beyond those the facts show: never a label bpmn-js re-centred or a
 * DI flag written by one tool and left to its default by another.
 */
export function otherChanges(from: BpmnDocument, to: BpmnDocument, id: string): string[] {
  const names = new Set<string>();
  for (const key of [id, diKey(id)]) {
    const [a, b] = [from.items.get(key), to.items.get(key)];
    if (!a || !b) continue;
    for (const name of changedProperties(a, b)) if (!SHOWN.has(name)) names.add(readableName(name));
  }
  return [...names].sort();
}

/** `@{http://…/biocolor/1.0}fill` → `fill`: the namespace says nothing to a modeler. */
function readableName(name: string): string {
  if (!name.startsWith(FOREIGN_PREFIX)) return name;
  const local = name.slice(FOREIGN_PREFIX.length);
  const end = local.lastIndexOf('}');
  return end >= 0 ? local.slice(end + 1) : local;
}
