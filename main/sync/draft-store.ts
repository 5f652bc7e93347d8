import type { Db } from '../cache/database.ts';
import { durably } from '../cache/database.ts';
import { StoreChanges } from './store-changes.ts';

export interface Draft {
  elementId: string;
  culture: number;
  baseVersionId: string | null;
  baseChangedOn: string | null;
  baseXml: string;
  localXml: string;
  savedAt: string;
}

interface DraftRow {
  element_id: string;
  culture: number;
  base_version_id: string | null;
  base_changed_on: string | null;
  base_xml: string;
  local_xml: string;
  saved_at: string;
}

const toDraft = (row: DraftRow): Draft => ({
  elementId: row.element_id,
  culture: row.culture,
  baseVersionId: row.base_version_id,
  baseChangedOn: row.base_changed_on,
  baseXml: row.base_xml,
  localXml: row.local_xml,
  savedAt: row.saved_at,
});

/**
 * Saved edits. A save is one transaction committed with synchronous = FULL
 * and returns only after the commit: a save that returned survives a crash or
 * a power cut. Saving again keeps the original base, so a later merge still
 * knows what the edit started from.
 */
export class DraftStore {
  readonly #db: Db;
  readonly #changes = new StoreChanges();
  /** Called with the element whose draft was saved, rebased or discarded. */
  readonly onChange = this.#changes.onChange;

  constructor(db: Db) {
    this.#db = db;
  }

  save(draft: Omit<Draft, 'savedAt'>, now = new Date()): Draft {
    const savedAt = now.toISOString();
    durably(this.#db, () => {
      this.#db
        .prepare(
          `INSERT INTO drafts (element_id, culture, base_version_id, base_changed_on, base_xml, local_xml, saved_at)
           VALUES (@elementId, @culture, @baseVersionId, @baseChangedOn, @baseXml, @localXml, @savedAt)
           ON CONFLICT (element_id, culture) DO UPDATE SET local_xml = excluded.local_xml, saved_at = excluded.saved_at`,
        )
        .run({ ...draft, savedAt });
      // A saved draft supersedes the unsaved state of the same editor.
      this.#db
        .prepare('DELETE FROM recovery_slots WHERE element_id = ? AND culture = ?')
        .run(draft.elementId, draft.culture);
    });
    this.#changes.announce(draft.elementId);
    return this.get(draft.elementId, draft.culture)!;
  }

  get(elementId: string, culture: number): Draft | undefined {
    const row = this.#db
      .prepare('SELECT * FROM drafts WHERE element_id = ? AND culture = ?')
      .get(elementId, culture) as DraftRow | undefined;
    return row ? toDraft(row) : undefined;
  }

  list(): Draft[] {
    return (this.#db.prepare('SELECT * FROM drafts ORDER BY saved_at DESC').all() as DraftRow[]).map(toDraft);
  }

  /** The element's drafts, one per culture. */
  of(elementId: string): Draft[] {
    return (
      this.#db
        .prepare('SELECT * FROM drafts WHERE element_id = ? ORDER BY culture')
        .all(elementId) as DraftRow[]
    ).map(toDraft);
  }

  count(): number {
    return (this.#db.prepare('SELECT COUNT(*) AS n FROM drafts').get() as { n: number }).n;
  }

  /** After a publish, or to rebase onto the server's version. */
  replaceBase(
    elementId: string,
    culture: number,
    base: { versionId: string | null; changedOn: string | null; xml: string },
  ): void {
    durably(this.#db, () =>
      this.#db
        .prepare(
          'UPDATE drafts SET base_version_id = ?, base_changed_on = ?, base_xml = ? WHERE element_id = ? AND culture = ?',
        )
        .run(base.versionId, base.changedOn, base.xml, elementId, culture),
    );
    this.#changes.announce(elementId);
  }

  discard(elementId: string, culture: number): boolean {
    const discarded = durably(
      this.#db,
      () =>
        this.#db.prepare('DELETE FROM drafts WHERE element_id = ? AND culture = ?').run(elementId, culture)
          .changes > 0,
    );
    if (discarded) this.#changes.announce(elementId);
    return discarded;
  }

  /** The editor's unsaved state, written every few seconds; cheap (no FULL sync) by design. */
  writeRecovery(elementId: string, culture: number, xml: string, now = new Date()): void {
    this.#db
      .prepare(
        `INSERT INTO recovery_slots (element_id, culture, xml, saved_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (element_id, culture) DO UPDATE SET xml = excluded.xml, saved_at = excluded.saved_at`,
      )
      .run(elementId, culture, xml, now.toISOString());
  }

  readRecovery(elementId: string, culture: number): { xml: string; savedAt: string } | undefined {
    const row = this.#db
      .prepare('SELECT xml, saved_at FROM recovery_slots WHERE element_id = ? AND culture = ?')
      .get(elementId, culture) as { xml: string; saved_at: string } | undefined;
    return row ? { xml: row.xml, savedAt: row.saved_at } : undefined;
  }

  clearRecovery(elementId: string, culture: number): void {
    this.#db
      .prepare('DELETE FROM recovery_slots WHERE element_id = ? AND culture = ?')
      .run(elementId, culture);
  }
}
