import type { ModdleElement } from 'bpmn-moddle';
import { danglingReferences, declareMissingNamespaces, holderOf, repairFlowEnds } from './bpmn-integrity.ts';
import {
  DEFINITIONS_KEY,
  idOfKey,
  isLayoutKey,
  parseBpmn,
  serializeBpmn,
  WHERE,
  type BpmnDocument,
  type Item,
} from './bpmn-items.ts';
import { sameMeaning, splitByMeaning } from './meaningful-change.ts';
import { copyOwnProperties, splitProperties, takeProperties, type PropertySplit } from './property-merge.ts';

type ChangeKind = 'added' | 'removed' | 'changed' | 'moved';

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

type MergeResult =
  | {
      clean: true;
      xml: string;
      applied: Change[];
      theirs: Change[];
      /** With `prefer: 'mine'`: what both sides changed, where mine replaced theirs (empty otherwise). */
      replaced: Overlap[];
    }
  | { clean: false; overlaps: Overlap[]; mine: Change[]; theirs: Change[] };

/**
 * `stop` (the default): an item both sides changed differently stops the merge, the user decides.
 * `mine`: "Keep mine": my side wins where both changed, theirs is kept wherever only they changed,
 * and what of theirs mine replaced is returned, so it can be named before it is sent.
 */
interface MergeOptions {
  prefer?: 'stop' | 'mine';
}

/** A bound on the rounds that remove their items left pointing at something I removed (keep mine). */
const MAX_DANGLING_ROUNDS = 8;

/**
 * Three-way merge of BPMN by element id. Starting from the server's version
 * ("theirs"), every item only I changed since the base is applied; an item
 * both sides changed differently is an overlap, and then nothing is merged:
 * the user decides. Layout (DI) and semantics are separate items. Items are
 * compared by their canonical meaning (bpmn-canonical.ts), so a colour, an
 * extension value or a foreign attribute changed on one side is merged like
 * any other property, and serialisation details never look like changes.
 */
export async function mergeBpmn(
  baseXml: string,
  mineXml: string,
  theirsXml: string,
  options: MergeOptions = {},
): Promise<MergeResult> {
  const preferMine = options.prefer === 'mine';
  const [base, mine, theirs] = await Promise.all([
    parseBpmn(baseXml),
    parseBpmn(mineXml),
    parseBpmn(theirsXml),
  ]);
  const mineChanges = changesBetween(base, mine, 'mine');
  const theirChanges = changesBetween(base, theirs, 'theirs');
  const overlaps: Overlap[] = [];
  const replaced: Overlap[] = [];
  const keys = new Set([...base.items.keys(), ...mine.items.keys(), ...theirs.items.keys()]);
  const toApply: string[] = [];
  const partly = new Map<string, PropertySplit>();
  for (const key of keys) {
    const [bItem, mItem, tItem] = [base.items.get(key), mine.items.get(key), theirs.items.get(key)];
    const [b, m, t] = [bItem?.snapshot, mItem?.snapshot, tItem?.snapshot];
    if (m === b || m === t) continue;
    if (t === b) {
      toApply.push(key);
      continue;
    }
    // Both changed it: by property, exactly, else by meaning (a label bpmn-js re-centred on my rename is no move).
    const split =
      bItem && mItem && tItem
        ? (splitProperties(bItem.value, mItem.value, tItem.value) ?? splitByMeaning(bItem, mItem, tItem))
        : null;
    if (split) {
      toApply.push(key);
      partly.set(key, split);
      continue;
    }
    const overlap = {
      id: idOfKey(key),
      mine: kindOf(b, m, key),
      theirs: kindOf(b, t, key),
      ...nameOf(mine, theirs, key),
    };
    if (!preferMine) {
      overlaps.push(overlap);
      continue;
    }
    // Keep mine: my properties where both changed, theirs where only they did; whole items otherwise.
    toApply.push(key);
    if (bItem && mItem && tItem) partly.set(key, splitByMeaning(bItem, mItem, tItem, { mineWins: true })!);
    replaced.push(overlap);
  }
  if (overlaps.length > 0)
    return { clean: false, overlaps: dedupe(overlaps), mine: mineChanges, theirs: theirChanges };

  const before = new Set([...danglingReferences(mine), ...danglingReferences(theirs)]);
  const unresolved = applyMine(toApply, partly, mine, theirs);
  repairFlowEnds(theirs.definitions);
  // A reference that points nowhere only after merging (their flow to my removed task) is an overlap.
  const danglingNow = () =>
    danglingReferences(theirs)
      .filter((entry) => !before.has(entry))
      .map(holderOf);
  let dangling = danglingNow();
  // Keep mine: their item that points at what I removed goes with it (and is named as replaced).
  for (let round = 0; preferMine && dangling.length > 0 && round < MAX_DANGLING_ROUNDS; round++) {
    const removable = dangling.filter((key) => !mine.items.has(key) && theirs.items.has(key));
    if (removable.length === 0) break;
    for (const key of new Set(removable)) {
      const item = theirs.items.get(key)!;
      replaced.push({
        id: idOfKey(key),
        mine: 'removed',
        theirs: kindOf(base.items.get(key)?.snapshot, item.snapshot, key),
        ...nameOf(theirs, base, key),
      });
      detach(item);
      theirs.items.delete(key);
    }
    repairFlowEnds(theirs.definitions);
    dangling = danglingNow();
  }
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
    replaced: dedupe(replaced),
  };
}

/**
 * The change list between two versions: added, removed, changed (semantics)
 * or moved (layout only). Only changes a person made are listed: what a tool
 * recomputed, rounded or left implicit is not (meaningful-change.ts).
 */
export function changesBetween(from: BpmnDocument, to: BpmnDocument, side: Change['side']): Change[] {
  const changes = new Map<string, Change>();
  for (const key of new Set([...from.items.keys(), ...to.items.keys()])) {
    const a = from.items.get(key)?.snapshot;
    const b = to.items.get(key)?.snapshot;
    if (a === b || sameMeaning(from.items.get(key), to.items.get(key))) continue;
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
 * Applies my changes to their document: whole items, or for an item both
 * changed, the properties only I changed (`partly`). Returns the keys that
 * could not be placed (an item I added or moved whose new container they removed).
 */
function applyMine(
  keys: string[],
  partly: ReadonlyMap<string, PropertySplit>,
  mine: BpmnDocument,
  theirs: BpmnDocument,
): string[] {
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
    const split = partly.get(key);
    const properties = split?.mine;
    if (key === DEFINITIONS_KEY) {
      if (properties) takeProperties(m.element, theirs.definitions, properties);
      else copyOwnProperties(m.element, theirs.definitions);
      continue;
    }
    if (m.ownerKey && addedWhole.has(m.ownerKey)) {
      // It came along inside a container I added (bpmn-js moves the shapes of a collapsed
      // sub-process onto a diagram of their own): their copy goes, their own changes come along.
      if (t) {
        detach(t);
        if (split) takeProperties(t.element, m.element, split.theirs);
      }
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
    const moved = properties
      ? properties.includes(WHERE)
      : t.ownerKey !== m.ownerKey || t.property !== m.property;
    if (moved) {
      // I moved it into another container (into a sub-process, another pool): it goes along with its children.
      if (!owner) {
        unresolved.push(key);
        continue;
      }
      detach(t);
      attach(owner, m.property, t.element);
      theirs.items.set(key, { ...t, owner, ownerKey: m.ownerKey, property: m.property });
    }
    if (properties) takeProperties(m.element, t.element, properties);
    else copyOwnProperties(m.element, t.element);
  }
  return unresolved;
}

function depth(doc: BpmnDocument, key: string): number {
  let d = 0;
  for (let item = doc.items.get(key); item?.ownerKey; item = doc.items.get(item.ownerKey)) d++;
  return d;
}

/** Their element that takes my item: the owner with the same key, or their plane drawing the same element. */
function findOwner(item: Item, theirs: BpmnDocument): ModdleElement | undefined {
  if (item.owner.$type === 'bpmn:Definitions') return theirs.definitions;
  const owner = item.ownerKey ? theirs.items.get(item.ownerKey)?.element : undefined;
  if (owner) return owner;
  if (item.owner.$type === 'bpmndi:BPMNPlane') {
    const drawn = (item.owner.bpmnElement as ModdleElement | undefined)?.id;
    return planes(theirs.definitions).find(
      (plane) => (plane.bpmnElement as ModdleElement | undefined)?.id === drawn,
    );
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
