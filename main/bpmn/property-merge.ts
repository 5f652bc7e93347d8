import type { ModdleElement } from 'bpmn-moddle';
import {
  asElements,
  descriptorOf,
  FOREIGN_PREFIX,
  foreignAttributeName,
  isNamespaceDeclaration,
  stableStringify,
} from './bpmn-canonical.ts';
import { holdsItems, isItem, WHERE } from './bpmn-items.ts';

/** For an item both sides changed: the properties only I changed, and those only they changed. */
export interface PropertySplit {
  mine: string[];
  theirs: string[];
}

/**
 * An item both sides changed still merges when they changed different
 * properties of it: my new label position and their move of the same shape,
 * my colour and their rename. Returns who changed what, or null when both
 * changed one property to different values (an overlap).
 */
export function splitProperties(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): PropertySplit | null {
  const take: string[] = [];
  const keep: string[] = [];
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const b = stableStringify(base[key]);
    const m = stableStringify(mine[key]);
    const t = stableStringify(theirs[key]);
    if (m === t) continue;
    if (m === b) keep.push(key);
    else if (t === b) take.push(key);
    else return null;
  }
  return { mine: take, theirs: keep };
}

/** Sets the named canonical properties (metamodel properties or `@{uri}local` attributes) of `to` from `from`. */
export function takeProperties(from: ModdleElement, to: ModdleElement, keys: readonly string[]): void {
  for (const key of keys) {
    if (key === WHERE || key === '$type') continue;
    if (!key.startsWith(FOREIGN_PREFIX)) {
      setProperty(from, to, key);
      continue;
    }
    const qualifiedKey = key.slice(FOREIGN_PREFIX.length);
    const theirName = foreignAttributeName(to, qualifiedKey);
    if (theirName) delete to.$attrs![theirName];
    const myName = foreignAttributeName(from, qualifiedKey);
    if (myName && to.$attrs) to.$attrs[myName] = from.$attrs![myName]!;
  }
}

/** Takes over my values for all of the element's own properties; its child items are merged separately. */
export function copyOwnProperties(from: ModdleElement, to: ModdleElement): void {
  for (const prop of descriptorOf(from).properties) {
    if (prop.name === 'id' || prop.name === 'incoming' || prop.name === 'outgoing') continue;
    setProperty(from, to, prop.name);
  }
  // Foreign attributes are taken over as a whole: one removed on my side is removed, not kept from theirs.
  const attrs = to.$attrs;
  if (!attrs) return;
  for (const name of Object.keys(attrs)) if (!isNamespaceDeclaration(name)) delete attrs[name];
  for (const [name, value] of Object.entries(from.$attrs ?? {}))
    if (!isNamespaceDeclaration(name)) attrs[name] = value;
}

/**
 * One property from mine to theirs. In a list that holds items (a plane's
 * shapes, a process's flow elements) the items merge on their own: only the
 * loose members without an id (an edge that draws nothing) are taken over.
 */
function setProperty(from: ModdleElement, to: ModdleElement, name: string): void {
  const prop = descriptorOf(from).properties.find((p) => p.name === name);
  if (prop && (holdsItems(from, prop) || holdsItems(to, prop))) {
    const current = to.get!(name);
    if (!Array.isArray(current)) return;
    for (let i = current.length - 1; i >= 0; i--)
      if (!isItem(current[i] as ModdleElement)) current.splice(i, 1);
    current.push(...asElements(from.get!(name)).filter((child) => !isItem(child)));
    return;
  }
  to.set!(name, from.get!(name));
}
