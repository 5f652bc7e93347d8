import type { ModdleElement } from 'bpmn-moddle';
import { danglingReferences, declareMissingNamespaces, holderOf, repairFlowEnds } from './bpmn-integrity.ts';
import {
  DEFINITIONS_KEY,
  holdsItems,
  idOfKey,
  isLayoutKey,
  parseBpmn,
  serializeBpmn,
  type BpmnDocument,
  type Item,
} from './bpmn-items.ts';
import { descriptorOf, isNamespaceDeclaration } from './bpmn-canonical.ts';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface Change {
  id: string;
  kind: ChangeKind;
  /** Whose change: mine (local draft) or theirs (the server since the base). */
  side: 'mine' | 'theirs';
  name?: string;
}

export interface Overlap {
  id: string;
  mine: ChangeKind;
  theirs: ChangeKind;
  name?: string;
}

export type MergeResult =
  | { clean: true; xml: string; applied: Change[]; theirs: Change[] }
  | { clean: false; overlaps: Overlap[]; mine: Change[]; theirs: Change[] };

/**
 * Three-way merge of BPMN by element id. Starting from the server's version
 * ("theirs"), every item only I changed since the base is applied; an item
 * both sides changed differently is an overlap, and then nothing is merged:
 * the user decides. Layout (DI) and semantics are separate items. Items are
 * compared by their canonical meaning (bpmn-canonical.ts), so a colour, an
 * extension value or a foreign attribute changed on one side is merged like
 * any other property, and serialisation details never look like changes.
 */
export async function mergeBpmn(baseXml: string, mineXml: string, theirsXml: string): Promise<MergeResult> {
  const [base, mine, theirs] = await Promise.all([
    parseBpmn(baseXml),
    parseBpmn(mineXml),
    parseBpmn(theirsXml),
  ]);
  const mineChanges = changesBetween(base, mine, 'mine');
  const theirChanges = changesBetween(base, theirs, 'theirs');
  const overlaps: Overlap[] = [];
  const keys = new Set([...base.items.keys(), ...mine.items.keys(), ...theirs.items.keys()]);
  const toApply: string[] = [];
  for (const key of keys) {
    const b = base.items.get(key)?.snapshot;
    const m = mine.items.get(key)?.snapshot;
    const t = theirs.items.get(key)?.snapshot;
    if (m === b || m === t) continue;
    if (t === b) {
      toApply.push(key);
      continue;
    }
    overlaps.push({
      id: idOfKey(key),
      mine: kindOf(b, m, key),
      theirs: kindOf(b, t, key),
      ...nameOf(mine, theirs, key),
    });
  }
  if (overlaps.length > 0)
    return { clean: false, overlaps: dedupe(overlaps), mine: mineChanges, theirs: theirChanges };

  const before = new Set([...danglingReferences(mine), ...danglingReferences(theirs)]);
  const unresolved = applyMine(toApply, mine, theirs);
  repairFlowEnds(theirs.definitions);
  // A reference that points nowhere only after merging (their flow to my removed task) is an overlap.
  const dangling = danglingReferences(theirs)
    .filter((entry) => !before.has(entry))
    .map(holderOf);
  if (unresolved.length > 0 || dangling.length > 0) {
    return {
      clean: false,
      overlaps: dedupe(
        [...unresolved, ...dangling].map((key) => ({
          id: idOfKey(key),
          mine: 'added',
          theirs: 'removed',
          ...nameOf(mine, theirs, key),
        })),
      ),
      mine: mineChanges,
      theirs: theirChanges,
    };
  }
  declareMissingNamespaces(theirs.definitions, mine.definitions);
  return {
    clean: true,
    xml: await serializeBpmn(theirs.definitions),
    applied: mineChanges,
    theirs: theirChanges,
  };
}

/** The change list between two versions: added, removed, changed (semantics) or moved (layout only). */
export function changesBetween(from: BpmnDocument, to: BpmnDocument, side: Change['side']): Change[] {
  const changes = new Map<string, Change>();
  for (const key of new Set([...from.items.keys(), ...to.items.keys()])) {
    const a = from.items.get(key)?.snapshot;
    const b = to.items.get(key)?.snapshot;
    if (a === b) continue;
    const id = idOfKey(key);
    const kind = kindOf(a, b, key);
    const existing = changes.get(id);
    // A semantic change outranks a layout change of the same element.
    if (existing && existing.kind !== 'moved') continue;
    const name = (to.items.get(id) ?? from.items.get(id))?.element.name;
    changes.set(id, { id, kind, side, ...(typeof name === 'string' && name ? { name } : {}) });
  }
  return [...changes.values()].sort((x, y) => x.id.localeCompare(y.id));
}

function kindOf(before: string | undefined, after: string | undefined, key: string): ChangeKind {
  if (before === undefined) return 'added';
  if (after === undefined) return 'removed';
  return isLayoutKey(key) ? 'moved' : 'changed';
}

function nameOf(mine: BpmnDocument, theirs: BpmnDocument, key: string): { name?: string } {
  const name = (mine.items.get(idOfKey(key)) ?? theirs.items.get(idOfKey(key)))?.element.name;
  return typeof name === 'string' && name ? { name } : {};
}

function dedupe(overlaps: Overlap[]): Overlap[] {
  const seen = new Map<string, Overlap>();
  for (const overlap of overlaps) if (!seen.has(overlap.id)) seen.set(overlap.id, overlap);
  return [...seen.values()];
}

/**
 * Applies my changes to their document. Returns the keys that could not be
 * placed (an item I added or moved whose new container they removed).
 */
function applyMine(keys: string[], mine: BpmnDocument, theirs: BpmnDocument): string[] {
  const unresolved: string[] = [];
  // Containers before their contents, so an added sub-process exists before its children are considered.
  const ordered = [...keys].sort((a, b) => depth(mine, a) - depth(mine, b));
  const addedWhole = new Set<string>();
  for (const key of ordered) {
    const m = mine.items.get(key);
    const t = theirs.items.get(key);
    if (!m && t) {
      detach(t);
      continue;
    }
    if (!m) continue;
    if (key === DEFINITIONS_KEY) {
      copyOwnProperties(m.element, theirs.definitions);
      continue;
    }
    if (m.ownerKey && addedWhole.has(m.ownerKey)) {
      addedWhole.add(key);
      continue;
    }
    const owner = findOwner(m, theirs);
    if (!t) {
      if (!owner) {
        unresolved.push(key);
        continue;
      }
      attach(owner, m.property, m.element);
      addedWhole.add(key);
      theirs.items.set(key, { ...m, owner });
      continue;
    }
    if (t.ownerKey !== m.ownerKey || t.property !== m.property) {
      // I moved it into another container (into a sub-process, another pool): it goes along with its children.
      if (!owner) {
        unresolved.push(key);
        continue;
      }
      detach(t);
      attach(owner, m.property, t.element);
      theirs.items.set(key, { ...t, owner, ownerKey: m.ownerKey, property: m.property });
    }
    copyOwnProperties(m.element, t.element);
  }
  return unresolved;
}

function depth(doc: BpmnDocument, key: string): number {
  let d = 0;
  for (let item = doc.items.get(key); item?.ownerKey; item = doc.items.get(item.ownerKey)) d++;
  return d;
}

/** Their element that takes my item: the same owner by key, or their plane drawing the same element. */
function findOwner(item: Item, theirs: BpmnDocument): ModdleElement | undefined {
  if (item.owner.$type === 'bpmn:Definitions') return theirs.definitions;
  if (item.owner.$type === 'bpmndi:BPMNPlane') {
    const drawn = (item.owner.bpmnElement as ModdleElement | undefined)?.id;
    return planes(theirs.definitions).find(
      (plane) => (plane.bpmnElement as ModdleElement | undefined)?.id === drawn,
    );
  }
  // A direct item owner takes the child; one held by an unnamed container (a lane set without id) needs that container.
  if (item.ownerKey && (item.owner as { id?: unknown }).id === item.ownerKey) {
    return theirs.items.get(item.ownerKey)?.element;
  }
  return matchingContainer(item, theirs);
}

/** Their counterpart of an unnamed container (e.g. a lane set without id): same type, under the same item. */
function matchingContainer(item: Item, theirs: BpmnDocument): ModdleElement | undefined {
  const parent = item.owner.$parent;
  const parentInTheirs = item.ownerKey ? theirs.items.get(item.ownerKey)?.element : undefined;
  if (!parent || !parentInTheirs) return undefined;
  for (const prop of descriptorOf(parentInTheirs).properties) {
    const value = parentInTheirs.get?.(prop.name);
    const list = Array.isArray(value) ? value : value ? [value] : [];
    const match = (list as ModdleElement[]).find((candidate) => candidate?.$type === item.owner.$type);
    if (match) return match;
  }
  return undefined;
}

function planes(definitions: ModdleElement): ModdleElement[] {
  const diagrams = (definitions.get!('diagrams') as ModdleElement[] | undefined) ?? [];
  return diagrams.map((diagram) => diagram.plane as ModdleElement).filter(Boolean);
}

function attach(owner: ModdleElement, property: string, element: ModdleElement): void {
  const current = owner.get!(property);
  if (Array.isArray(current)) current.push(element);
  else owner.set!(property, element);
  element.$parent = owner;
}

function detach(item: Item): void {
  const current = item.owner.get!(item.property);
  if (Array.isArray(current)) {
    const index = current.indexOf(item.element);
    if (index >= 0) current.splice(index, 1);
  } else if (current === item.element) {
    item.owner.set!(item.property, undefined);
  }
}

/** Takes over my values for the element's own properties; its child items are merged separately. */
function copyOwnProperties(from: ModdleElement, to: ModdleElement): void {
  for (const prop of descriptorOf(from).properties) {
    if (prop.name === 'id' || prop.name === 'incoming' || prop.name === 'outgoing') continue;
    if (holdsItems(from, prop) || holdsItems(to, prop)) continue;
    to.set!(prop.name, from.get!(prop.name));
  }
  // Foreign attributes are taken over as a whole: one removed on my side is removed, not kept from theirs.
  const attrs = to.$attrs;
  if (!attrs) return;
  for (const name of Object.keys(attrs)) if (!isNamespaceDeclaration(name)) delete attrs[name];
  for (const [name, value] of Object.entries(from.$attrs ?? {}))
    if (!isNamespaceDeclaration(name)) attrs[name] = value;
}
