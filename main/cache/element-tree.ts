import type { Element } from '../../shared/domain/process.ts';

/** Where an element sits in a view: its parent in a tree and its place in the listing. */
export interface Member {
  elementId: string;
  parentId: string | null;
  position: number;
}

/** What refresh compares: the server's version id and culture-invariant changedOn. */
export interface Stamp {
  versionId: string | null;
  changedOn: string | null;
}

export function stampOf(element: Element): Stamp {
  return {
    versionId: element.versionId ?? null,
    changedOn: element.attributes.changedOn?.['127'] ?? null,
  };
}

export function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.versionId === b.versionId && a.changedOn === b.changedOn;
}

/**
 * Children that carry attributes are nested tree members (hierarchical views);
 * bare references (flat views list children as references) are not.
 */
export function isTreeChild(child: Element): boolean {
  return Object.keys(child.attributes).length > 0;
}

/** A child kept inside its parent's row only as a reference, so a row never holds a whole subtree. */
function asReference(child: Element): Element {
  return {
    facetName: child.facetName,
    id: child.id,
    creationId: child.creationId,
    ...(child.versionId ? { versionId: child.versionId } : {}),
    type: child.type,
    ...(child.state ? { state: child.state } : {}),
    displayNames: {},
    attributes: {},
    related: {},
    rootPath: [],
    children: [],
  };
}

/**
 * A listing (flat, or roots with nested children) as rows: every element once,
 * its children reduced to references, and its place in the view in pre-order.
 */
export function flattenListing(
  roots: readonly Element[],
  startPosition = 0,
): { rows: Element[]; members: Member[] } {
  const rows: Element[] = [];
  const members: Member[] = [];
  let position = startPosition;
  const visit = (element: Element, parentId: string | null): void => {
    rows.push({ ...element, children: element.children.map(asReference) });
    members.push({ elementId: element.id, parentId, position: position++ });
    for (const child of element.children) if (isTreeChild(child)) visit(child, element.id);
  };
  for (const root of roots) visit(root, null);
  return { rows, members };
}

/**
 * Rebuilds a view's listing from rows and membership: roots in order, with
 * tree members nested as full elements where the view is a tree.
 */
export function rebuildListing(members: readonly Member[], rows: ReadonlyMap<string, Element>): Element[] {
  const byParent = new Map<string | null, Member[]>();
  for (const member of [...members].sort((a, b) => a.position - b.position)) {
    const list = byParent.get(member.parentId) ?? [];
    list.push(member);
    byParent.set(member.parentId, list);
  }
  const build = (member: Member): Element | undefined => {
    const row = rows.get(member.elementId);
    if (!row) return undefined;
    const nested = (byParent.get(member.elementId) ?? [])
      .map(build)
      .filter((e): e is Element => e !== undefined);
    if (nested.length === 0) return row;
    const nestedIds = new Set(nested.map((e) => e.id));
    // Nested members replace their references; references to elements outside the tree stay.
    return { ...row, children: [...nested, ...row.children.filter((c) => !nestedIds.has(c.id))] };
  };
  return (byParent.get(null) ?? []).map(build).filter((e): e is Element => e !== undefined);
}

/** The ids of `rootId` and everything below it in a view's membership. */
export function subtreeIds(members: readonly Member[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const m of members) {
    if (m.parentId === null) continue;
    const list = children.get(m.parentId) ?? [];
    list.push(m.elementId);
    children.set(m.parentId, list);
  }
  const out: string[] = [];
  const stack = [rootId];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
