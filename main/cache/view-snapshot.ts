import type { Member, Stamp } from './element-tree.ts';

/** element_id, parent_id, position, whether the element is held, version_id, changed_on. */
export type SnapshotRow = [string, string | null, number, number, string | null, string | null];

/**
 * A view's cached membership with its members' stamps, kept as the rows of
 * values the query returned: a re-sync of 10,000 elements reads them all and
 * usually needs none of them as objects.
 */
export class ViewSnapshot {
  readonly #rows: readonly SnapshotRow[];
  #indexOf: Map<string, number> | undefined;

  constructor(rows: readonly SnapshotRow[]) {
    this.#rows = rows;
  }

  get size(): number {
    return this.#rows.length;
  }

  elementId(index: number): string {
    return this.#rows[index]![0];
  }

  /**
   * Where the member `id` is, looked for first at `hint` (an unchanged view
   * lists each element where the cache has it, so usually no lookup by id).
   */
  indexOf(id: string, hint: number): number | undefined {
    if (this.#rows[hint]?.[0] === id) return hint;
    this.#indexOf ??= new Map(this.#rows.map((row, i) => [row[0], i]));
    return this.#indexOf.get(id);
  }

  /** The stamp of the member's element; undefined when the cache does not hold it (a member's row can outlive it). */
  stamp(index: number): Stamp | undefined {
    const [, , , held, versionId, changedOn] = this.#rows[index]!;
    return held ? { versionId, changedOn } : undefined;
  }

  /** The listing has exactly these members: the same elements, under the same parents, in the same places. */
  sameMembers(members: readonly Member[]): boolean {
    const rows = this.#rows;
    if (rows.length !== members.length) return false;
    for (let i = 0; i < rows.length; i++) {
      const [elementId, parentId, position] = rows[i]!;
      const m = members[i]!;
      if (m.elementId !== elementId || m.parentId !== parentId || m.position !== position) return false;
    }
    return true;
  }
}
