import { randomUUID } from 'node:crypto';
import type { Db } from '../cache/database.ts';
import { durably } from '../cache/database.ts';
import { StoreChanges } from './store-changes.ts';
import type { Change, Overlap } from '../bpmn/three-way-merge.ts';

type ConflictKind = 'conflict' | 'review';

export interface Conflict {
  id: string;
  elementId: string;
  culture: number;
  opId: string;
  baseXml: string;
  mineXml: string;
  theirsXml: string;
  theirsVersionId: string | null;
  theirsChangedOn: string | null;
  changes: { overlaps: Overlap[]; mine: Change[]; theirs: Change[] };
  /** conflict: both sides changed the same thing; review: merged cleanly, held until the user looked. */
  kind: ConflictKind;
  /** The automatic merge (kind review). */
  mergedXml: string | null;
  createdAt: string;
  resolvedAt: string | null;
  resolution: 'mine' | 'replace' | 'theirs' | 'merged' | null;
}

/** A conflict as the sender records it (the store adds id, time and resolution). */
export type NewConflict = Omit<
  Conflict,
  'id' | 'createdAt' | 'resolvedAt' | 'resolution' | 'kind' | 'mergedXml'
> &
  Partial<Pick<Conflict, 'kind' | 'mergedXml'>>;

interface Row {
  id: string;
  element_id: string;
  culture: number;
  op_id: string;
  base_xml: string;
  mine_xml: string;
  theirs_xml: string;
  theirs_version_id: string | null;
  theirs_changed_on: string | null;
  changes: string;
  kind: ConflictKind;
  merged_xml: string | null;
  created_at: string;
  resolved_at: string | null;
  resolution: Conflict['resolution'];
}

const toConflict = (r: Row): Conflict => ({
  id: r.id,
  elementId: r.element_id,
  culture: r.culture,
  opId: r.op_id,
  baseXml: r.base_xml,
  mineXml: r.mine_xml,
  theirsXml: r.theirs_xml,
  theirsVersionId: r.theirs_version_id,
  theirsChangedOn: r.theirs_changed_on,
  changes: JSON.parse(r.changes) as Conflict['changes'],
  kind: r.kind,
  mergedXml: r.merged_xml,
  createdAt: r.created_at,
  resolvedAt: r.resolved_at,
  resolution: r.resolution,
});

/**
 * Conflicts (and merges held for review) keep all three versions until the
 * user decides; the server copy is untouched meanwhile.
 */
export class ConflictStore {
  readonly #db: Db;
  readonly #changes = new StoreChanges();
  /** Called with the element a conflict was recorded for or resolved on. */
  readonly onChange = this.#changes.onChange;

  constructor(db: Db) {
    this.#db = db;
  }

  record(conflict: NewConflict): Conflict {
    const id = randomUUID();
    durably(this.#db, () =>
      this.#db
        .prepare(
          `INSERT INTO conflicts (id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml, theirs_version_id,
             theirs_changed_on, changes, kind, merged_xml, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          conflict.elementId,
          conflict.culture,
          conflict.opId,
          conflict.baseXml,
          conflict.mineXml,
          conflict.theirsXml,
          conflict.theirsVersionId,
          conflict.theirsChangedOn,
          JSON.stringify(conflict.changes),
          conflict.kind ?? 'conflict',
          conflict.mergedXml ?? null,
          new Date().toISOString(),
        ),
    );
    this.#changes.announce(conflict.elementId);
    return this.get(id)!;
  }

  get(id: string): Conflict | undefined {
    const row = this.#db.prepare('SELECT * FROM conflicts WHERE id = ?').get(id) as Row | undefined;
    return row ? toConflict(row) : undefined;
  }

  open(): Conflict[] {
    return (
      this.#db.prepare('SELECT * FROM conflicts WHERE resolved_at IS NULL ORDER BY created_at').all() as Row[]
    ).map(toConflict);
  }

  /** Conflicts of one element still to be decided. */
  openCountOf(elementId: string): number {
    return (
      this.#db
        .prepare('SELECT COUNT(*) AS n FROM conflicts WHERE element_id = ? AND resolved_at IS NULL')
        .get(elementId) as { n: number }
    ).n;
  }

  openCount(): number {
    return (
      this.#db.prepare('SELECT COUNT(*) AS n FROM conflicts WHERE resolved_at IS NULL').get() as { n: number }
    ).n;
  }

  markResolved(id: string, resolution: NonNullable<Conflict['resolution']>): void {
    const row = durably(
      this.#db,
      () =>
        this.#db
          .prepare('UPDATE conflicts SET resolved_at = ?, resolution = ? WHERE id = ? RETURNING element_id')
          .get(new Date().toISOString(), resolution, id) as { element_id: string } | undefined,
    );
    if (row) this.#changes.announce(row.element_id);
  }
}
