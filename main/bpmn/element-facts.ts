import type { ModdleElement } from 'bpmn-moddle';
import type { ConflictElement, ElementFacts } from '../../shared/domain/editor.ts';
import { FOREIGN_PREFIX, stableStringify } from './bpmn-canonical.ts';
import { diKey, WHERE, type BpmnDocument } from './bpmn-items.ts';

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
    from: connections.from,
    to: connections.to,
  };
}

/**
 * Per element a conflict or review is about: its facts in the base, my
 * draft and the server's version, and which of its other properties
 * (colours, vendor attributes, conditions, …) each side changed, by name.
 */
export function compareElements(
  base: BpmnDocument,
  mine: BpmnDocument,
  theirs: BpmnDocument,
  ids: ReadonlyMap<string, boolean>,
): ConflictElement[] {
  return [...ids].map(([id, overlap]) => ({
    id,
    overlap,
    base: factsOf(base, id),
    mine: factsOf(mine, id),
    theirs: factsOf(theirs, id),
    otherChanges: { mine: otherChanges(base, mine, id), theirs: otherChanges(base, theirs, id) },
  }));
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

function labelOf(element: unknown): string {
  const target = element as ModdleElement | undefined;
  return text(target?.name) ?? (typeof target?.id === 'string' ? target.id : '?');
}

/** A flow: where it starts and ends. A node: where its flows come from and go to. */
function connectionsOf(doc: BpmnDocument, element: ModdleElement): { from: string[]; to: string[] } {
  if (element.sourceRef || element.targetRef)
    return {
      from: element.sourceRef ? [labelOf(element.sourceRef)] : [],
      to: element.targetRef ? [labelOf(element.targetRef)] : [],
    };
  const from: string[] = [];
  const to: string[] = [];
  for (const item of doc.items.values()) {
    if (item.kind !== 'semantic') continue;
    const flow = item.element;
    if (flow.$type !== 'bpmn:SequenceFlow' && flow.$type !== 'bpmn:MessageFlow') continue;
    if (flow.targetRef === element && flow.sourceRef) from.push(labelOf(flow.sourceRef));
    if (flow.sourceRef === element && flow.targetRef) to.push(labelOf(flow.targetRef));
  }
  return { from: from.sort(), to: to.sort() };
}

/** Names of the element's properties (its own and its drawing's) that differ, beyond those the facts show. */
function otherChanges(from: BpmnDocument, to: BpmnDocument, id: string): string[] {
  const names = new Set<string>();
  for (const key of [id, diKey(id)]) {
    const a = from.items.get(key)?.value;
    const b = to.items.get(key)?.value;
    if (!a || !b) continue;
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (SHOWN.has(name)) continue;
      if (stableStringify(a[name]) !== stableStringify(b[name])) names.add(readableName(name));
    }
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
