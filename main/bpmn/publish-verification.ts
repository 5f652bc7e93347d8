import type { ModdleElement } from 'bpmn-moddle';
import type { NotKeptItem, NotKeptOwner } from '../../shared/domain/editor.ts';
import { WHERE, idOfKey, isLayoutKey, parseBpmn, type BpmnDocument, DEFINITIONS_KEY } from './bpmn-items.ts';
import { FOREIGN_PREFIX, stableStringify } from './bpmn-canonical.ts';

/**
 * Verified publish: after the service imported a diagram, Lanes exports it
 * again and compares it with what it sent, item by item and property by
 * property (the same canonical meaning the merge uses). Whatever the service
 * did not keep is listed; nothing it merely rewrote (its own process id,
 * diagram ids, exporter) is.
 */
export async function whatWasNotKept(sentXml: string, keptXml: string): Promise<NotKeptItem[]> {
  const [sent, kept] = await Promise.all([parseBpmn(sentXml), parseBpmn(keptXml)]);
  const alias = processAlias(sent, kept);
  const lost: NotKeptItem[] = [];
  const droppedWhole = new Set(
    [...sent.items.keys()].filter((key) => !isLayoutKey(key) && !kept.items.has(alias.get(key) ?? key)),
  );
  for (const [key, item] of sent.items) {
    // Diagrams and planes are the service's own: their ids and what they draw follow its process id.
    if (key.includes('#diagram')) continue;
    const counterpart = kept.items.get(alias.get(key) ?? key);
    const semanticId = key === DEFINITIONS_KEY ? String(sent.definitions.id ?? 'definitions') : idOfKey(key);
    const name = labelOf(
      sent,
      key === DEFINITIONS_KEY ? sent.definitions : sent.items.get(semanticId)?.element,
    );
    const kind = isLayoutKey(key)
      ? (sent.items.get(semanticId)?.element.$type ?? item.element.$type)
      : item.element.$type;
    if (!counterpart) {
      // The layout of an element that is gone went with it: one loss, not two.
      if (isLayoutKey(key) && droppedWhole.has(semanticId)) continue;
      lost.push({ id: semanticId, kind, ...name, property: isLayoutKey(key) ? 'layout' : null });
      continue;
    }
    for (const property of differingProperties(key, item.value, counterpart.value, alias, droppedWhole)) {
      lost.push({ id: semanticId, kind, ...name, property: describeProperty(key, property) });
    }
  }
  return dedupe(lost);
}

/** Properties the service writes itself: their values say who exported, not what the user modelled. */
const SERVICE_OWNED = new Set([
  'id',
  'exporter',
  'exporterVersion',
  'targetNamespace',
  'expressionLanguage',
  'typeLanguage',
  '@{http://www.w3.org/2001/XMLSchema-instance}schemaLocation',
  WHERE,
]);

function differingProperties(
  key: string,
  sent: Record<string, unknown>,
  kept: Record<string, unknown>,
  alias: ReadonlyMap<string, string>,
  dropped: ReadonlySet<string>,
): string[] {
  const differing: string[] = [];
  for (const property of Object.keys(sent)) {
    if (SERVICE_OWNED.has(property)) continue;
    // A reference to an element that was not kept is part of that loss, not a loss of its own;
    // one to a renamed process (a pool's processRef) still points at the same process.
    const expected = stableStringify(withoutReferencesTo(sent[property], dropped)).replace(
      /"([^"]+)"/g,
      (all, id: string) => (alias.has(id) ? `"${alias.get(id)!}"` : all),
    );
    if (expected !== stableStringify(withoutReferencesTo(kept[property], dropped))) differing.push(property);
  }
  return key === DEFINITIONS_KEY
    ? differing.filter((p) => p === 'name' || p.startsWith(FOREIGN_PREFIX))
    : differing;
}

function withoutReferencesTo(value: unknown, dropped: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return dropped.has(value) ? undefined : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const rest = value.filter((id: string) => !dropped.has(id));
    return rest.length > 0 ? rest : undefined;
  }
  return value;
}

/** What a person calls the lost property: `layout` for shape bounds and waypoints, `label position`, or the property's name. */
function describeProperty(key: string, property: string): string {
  if (isLayoutKey(key)) return property === 'label' ? 'labelPosition' : 'layout';
  if (property.startsWith(FOREIGN_PREFIX)) return `attribute:${property.slice(property.indexOf('}') + 1)}`;
  return property;
}

/**
 * The service gives the process an id of its own (and may fold several
 * pools' processes into one): each sent process without a namesake in the
 * export stands for the export's process that has none in what was sent.
 */
function processAlias(sent: BpmnDocument, kept: BpmnDocument): Map<string, string> {
  const processes = (doc: BpmnDocument) =>
    [...doc.items.values()].filter((item) => item.element.$type === 'bpmn:Process').map((item) => item.key);
  const keptOnly = processes(kept).filter((key) => !sent.items.has(key));
  const alias = new Map<string, string>();
  if (keptOnly.length !== 1) return alias;
  for (const key of processes(sent)) if (!kept.items.has(key)) alias.set(key, keptOnly[0]!);
  return alias;
}

/** Longest text a row quotes: an annotation can run to paragraphs. */
const TEXT_AT_MOST = 80;

/**
 * What a modeller wrote on the element: its name, a text annotation's text,
 * a group's category value; on one line, cut at 80 characters.
 */
function textOf(element: ModdleElement | undefined): string | undefined {
  if (!element) return undefined;
  const category = element.categoryValueRef as ModdleElement | undefined;
  const written = [element.name, element.text, category?.value].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (written === undefined) return undefined;
  const line = written.replace(/\s+/g, ' ').trim();
  return line.length > TEXT_AT_MOST ? `${line.slice(0, TEXT_AT_MOST - 1).trimEnd()}…` : line;
}

/**
 * How a person finds the item: by its text, or, when it has none, by the
 * element it belongs to (what an annotation annotates, where a flow starts,
 * what a boundary event sits on, the pool or process a lane is in).
 */
function labelOf(
  doc: BpmnDocument,
  element: ModdleElement | undefined,
): { name?: string; owner?: NotKeptOwner } {
  const name = textOf(element);
  if (name !== undefined) return { name };
  const found = element ? ownerOf(doc, element) : undefined;
  if (!found?.owner.id) return {};
  const ownerName = textOf(found.owner);
  return {
    owner: {
      id: found.owner.id,
      kind: found.owner.$type,
      ...(ownerName === undefined ? {} : { name: ownerName }),
      relation: found.relation,
    },
  };
}

const isNote = (element: ModdleElement | undefined): boolean =>
  element?.$type === 'bpmn:TextAnnotation' || element?.$type === 'bpmn:Group';

function ownerOf(
  doc: BpmnDocument,
  element: ModdleElement,
): { owner: ModdleElement; relation: NotKeptOwner['relation'] } | undefined {
  const source = element.sourceRef as ModdleElement | undefined;
  const target = element.targetRef as ModdleElement | undefined;
  if (element.$type === 'bpmn:Association') {
    // An association attaches a note to something: it belongs to that something.
    const owner = isNote(source) && !isNote(target) ? target : source;
    return owner ? { owner, relation: 'of' } : undefined;
  }
  if (source && !Array.isArray(source)) return { owner: source, relation: 'from' };
  if (isNote(element)) {
    // What the annotation is attached to, through its association.
    for (const { element: candidate } of doc.items.values()) {
      if (candidate.$type !== 'bpmn:Association') continue;
      const ends = [candidate.sourceRef, candidate.targetRef] as Array<ModdleElement | undefined>;
      if (!ends.includes(element)) continue;
      const other = ends.find((end) => end && end !== element);
      if (other) return { owner: other, relation: 'of' };
    }
    return undefined;
  }
  const attachedTo = element.attachedToRef as ModdleElement | undefined;
  if (attachedTo) return { owner: attachedTo, relation: 'of' };
  // The closest enclosing element with an id (a lane set's process, an event definition's event).
  for (let parent = element.$parent; parent; parent = parent.$parent) {
    if (parent.$type === 'bpmn:Definitions') return undefined;
    // A lane set is structure: a lane belongs to its process (or the lane it divides).
    if (typeof parent.id !== 'string' || parent.id === '' || parent.$type === 'bpmn:LaneSet') continue;
    return { owner: poolOf(doc, parent) ?? parent, relation: 'of' };
  }
  return undefined;
}

/** A process drawn as a pool is known by the pool's name. */
function poolOf(doc: BpmnDocument, process: ModdleElement): ModdleElement | undefined {
  if (process.$type !== 'bpmn:Process' || textOf(process) !== undefined) return undefined;
  for (const { element } of doc.items.values())
    if (element.$type === 'bpmn:Participant' && element.processRef === process) return element;
  return undefined;
}

/** One English line for the command line: "2 × Lane, documentation of 1 × Task". */
function notKeptSummaryText(items: readonly NotKeptItem[]): string {
  const groups = new Map<string, { property: string | null; kind: string; count: number }>();
  for (const item of items) {
    const key = `${item.property ?? ''}|${item.kind}`;
    const group = groups.get(key) ?? { property: item.property, kind: item.kind, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ property, kind, count }) =>
      property === null
        ? `${count} × ${readableKind(kind)}`
        : `${property} of ${count} × ${readableKind(kind)}`,
    )
    .join(', ');
}

function readableKind(kind: string): string {
  const local = kind.slice(kind.indexOf(':') + 1).replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return local.charAt(0).toUpperCase() + local.slice(1).toLowerCase();
}

/** A publish that lost something is never reported as a plain success. */
export function verificationLine(elementId: string, notKept: readonly NotKeptItem[] | null): string {
  if (notKept === null)
    return `${elementId} was imported; it could not be read back to check what the service kept.`;
  if (notKept.length === 0) return `${elementId} was imported; the service kept everything that was sent.`;
  return (
    `${elementId} was imported, but the service did not keep: ${notKeptSummaryText(notKept)} ` +
    `(${notKept.map((item) => `${item.id}${item.property ? ` ${item.property}` : ''}`).join(', ')}).`
  );
}

function dedupe(items: NotKeptItem[]): NotKeptItem[] {
  const seen = new Map<string, NotKeptItem>();
  for (const item of items) seen.set(`${item.id}|${item.property ?? ''}`, item);
  return [...seen.values()];
}
