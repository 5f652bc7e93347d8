import type { ModdleElement } from 'bpmn-moddle';
import {
  holdsItems,
  parseBpmn,
  serializeBpmn,
  snapshot,
  type BpmnDocument,
  type Item,
} from './bpmn-items.ts';

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
 * the user decides. Layout (DI) and semantics are separate items.
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
      id: stripDi(key),
      mine: kindOf(b, m, key),
      theirs: kindOf(b, t, key),
      ...nameOf(mine, theirs, key),
    });
  }
  if (overlaps.length > 0)
    return { clean: false, overlaps: dedupe(overlaps), mine: mineChanges, theirs: theirChanges };

  const unresolved = [...applyMine(toApply, mine, theirs), ...danglingReferences(theirs)];
  if (unresolved.length > 0) {
    return {
      clean: false,
      overlaps: unresolved.map((key) => ({
        id: stripDi(key),
        mine: 'added',
        theirs: 'removed',
        ...nameOf(mine, theirs, key),
      })),
      mine: mineChanges,
      theirs: theirChanges,
    };
  }
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
    const id = stripDi(key);
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
  return key.endsWith('#di') ? 'moved' : 'changed';
}

function stripDi(key: string): string {
  return key.endsWith('#di') ? key.slice(0, -3) : key;
}

function nameOf(mine: BpmnDocument, theirs: BpmnDocument, key: string): { name?: string } {
  const name = (mine.items.get(stripDi(key)) ?? theirs.items.get(stripDi(key)))?.element.name;
  return typeof name === 'string' && name ? { name } : {};
}

function dedupe(overlaps: Overlap[]): Overlap[] {
  const seen = new Map<string, Overlap>();
  for (const overlap of overlaps) if (!seen.has(overlap.id)) seen.set(overlap.id, overlap);
  return [...seen.values()];
}

/**
 * Applies my changes to their document. Returns the keys that could not be
 * placed (an item I added whose container they removed).
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
      remove(t);
      continue;
    }
    if (!m) continue;
    if (m.ownerKey && addedWhole.has(m.ownerKey)) {
      addedWhole.add(key);
      continue;
    }
    if (!t) {
      const owner = findOwner(m, theirs);
      if (!owner) {
        unresolved.push(key);
        continue;
      }
      (owner.get!(m.property) as ModdleElement[]).push(m.element);
      m.element.$parent = owner;
      addedWhole.add(key);
      theirs.items.set(key, { ...m, owner });
      continue;
    }
    copyOwnProperties(m.element, t.element);
  }
  return unresolved;
}

/**
 * After merging, every reference must point at something that still exists:
 * a flow they added to a task I removed is an overlap, not a dangling id.
 */
function danglingReferences(merged: BpmnDocument): string[] {
  const present = new Set([...merged.items.keys()].filter((key) => isStillThere(merged.items.get(key)!)));
  const dangling: string[] = [];
  for (const key of present) {
    const refs = snapshot(merged.items.get(key)!.element).match(/"#[^"]+"/g) ?? [];
    if (refs.some((ref) => !present.has(ref.slice(2, -1)))) dangling.push(key);
  }
  return dangling;
}

/** Removed items stay in the map; they are gone when their list no longer holds them. */
function isStillThere(item: Item): boolean {
  const list = item.owner.get?.(item.property);
  return Array.isArray(list) ? list.includes(item.element) : true;
}

function depth(doc: BpmnDocument, key: string): number {
  let d = 0;
  for (let item = doc.items.get(key); item?.ownerKey; item = doc.items.get(item.ownerKey)) d++;
  return d;
}

function findOwner(item: Item, theirs: BpmnDocument): ModdleElement | undefined {
  // Only a direct item owner can take the new child; anything nested deeper is left to the user.
  if (item.ownerKey && item.owner.id === item.ownerKey) return theirs.items.get(item.ownerKey)?.element;
  if (item.owner.$type === 'bpmndi:BPMNPlane') {
    const drawn = (item.owner.bpmnElement as ModdleElement | undefined)?.id;
    return planes(theirs.definitions).find(
      (plane) => (plane.bpmnElement as ModdleElement | undefined)?.id === drawn,
    );
  }
  if (item.owner.$type === 'bpmn:Definitions') return theirs.definitions;
  return undefined;
}

function planes(definitions: ModdleElement): ModdleElement[] {
  const diagrams = (definitions.get!('diagrams') as ModdleElement[] | undefined) ?? [];
  return diagrams.map((diagram) => diagram.plane as ModdleElement).filter(Boolean);
}

function remove(item: Item): void {
  const list = item.owner.get!(item.property) as ModdleElement[];
  const index = list.indexOf(item.element);
  if (index >= 0) list.splice(index, 1);
}

/** Takes over my values for the element's own properties; its child items are merged separately. */
function copyOwnProperties(from: ModdleElement, to: ModdleElement): void {
  const properties = (from as unknown as { $descriptor: { properties: PropertyDescriptor[] } }).$descriptor
    .properties;
  for (const prop of properties) {
    if (prop.name === 'id' || prop.name === 'incoming' || prop.name === 'outgoing') continue;
    if (holdsItems(from, prop) || holdsItems(to, prop)) continue;
    to.set!(prop.name, from.get!(prop.name));
  }
  if (from.$attrs) Object.assign((to.$attrs ??= {}), from.$attrs);
}

type PropertyDescriptor = Parameters<typeof holdsItems>[1];
