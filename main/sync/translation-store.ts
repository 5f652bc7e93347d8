/**
 * Translations made in Lanes, per process, target culture and text: drafts
 * the translator keeps (durably, like a diagram draft), those queued in the
 * outbox, and, once the service has them, what each was translated from, so
 * a later change of the source text shows the row as out of date.
 */
import type { Db } from '../cache/database.ts';
import { durably } from '../cache/database.ts';
import type { RowEdit, RowLedger } from '../../shared/domain/translation-rows.ts';

export interface StoredTranslation {
  item: string;
  text: string;
  base: string | null;
  sourceLcid: number;
  source: string | null;
  state: 'draft' | 'queued' | 'published';
  opId: string | null;
  updatedAt: string;
}

interface Row {
  item: string;
  text: string;
  base: string | null;
  source_lcid: number;
  source: string | null;
  state: StoredTranslation['state'];
  op_id: string | null;
  updated_at: string;
}

const toStored = (row: Row): StoredTranslation => ({
  item: row.item,
  text: row.text,
  base: row.base,
  sourceLcid: row.source_lcid,
  source: row.source,
  state: row.state,
  opId: row.op_id,
  updatedAt: row.updated_at,
});

/** One text the translator changed: null `text` takes the change back (the service's text again). */
interface TranslationEdit {
  item: string;
  text: string | null;
  base: string | null;
  source: string | null;
}

export class TranslationStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  all(elementId: string, lcid: number): Map<string, StoredTranslation> {
    const rows = this.#db
      .prepare('SELECT * FROM translations WHERE element_id = ? AND lcid = ?')
      .all(elementId, lcid) as Row[];
    return new Map(rows.map((row) => [row.item, toStored(row)]));
  }

  /** Saves edits in one durable transaction; a taken-back edit of a published text leaves its ledger. */
  save(elementId: string, lcid: number, sourceLcid: number, edits: readonly TranslationEdit[]): string {
    const now = new Date().toISOString();
    durably(this.#db, () => {
      const upsert = this.#db.prepare(
        `INSERT INTO translations (element_id, lcid, item, text, base, source_lcid, source, state, op_id, updated_at)
         VALUES (@elementId, @lcid, @item, @text, @base, @sourceLcid, @source, 'draft', NULL, @now)
         ON CONFLICT (element_id, lcid, item) DO UPDATE SET text = excluded.text, base = excluded.base,
           source_lcid = excluded.source_lcid, source = excluded.source, state = 'draft', op_id = NULL,
           updated_at = excluded.updated_at`,
      );
      const takeBack = this.#db.prepare(
        "DELETE FROM translations WHERE element_id = ? AND lcid = ? AND item = ? AND state = 'draft'",
      );
      for (const edit of edits) {
        if (edit.text === null) takeBack.run(elementId, lcid, edit.item);
        else upsert.run({ elementId, lcid, sourceLcid, now, ...edit });
      }
    });
    return now;
  }

  drafts(elementId: string, lcid: number): StoredTranslation[] {
    return [...this.all(elementId, lcid).values()].filter((t) => t.state === 'draft');
  }

  /** Marks the drafts as carried by an outbox operation (inside the enqueue's transaction). */
  queue(elementId: string, lcid: number, items: readonly string[], opId: string): void {
    const mark = this.#db.prepare(
      "UPDATE translations SET state = 'queued', op_id = ? WHERE element_id = ? AND lcid = ? AND item = ? AND state = 'draft'",
    );
    durably(this.#db, () => {
      for (const item of items) mark.run(opId, elementId, lcid, item);
    });
  }

  /**
   * After the operation was sent: what the service has now is published (the
   * ledger), what was not sent because the service's text changed meanwhile
   * is a draft again, for the translator to decide. Rows edited again since
   * were taken off the operation and are left alone.
   */
  settle(opId: string, published: readonly string[], heldBack: readonly string[]): void {
    const publish = this.#db.prepare(
      "UPDATE translations SET state = 'published', op_id = NULL WHERE op_id = ? AND item = ?",
    );
    const back = this.#db.prepare(
      "UPDATE translations SET state = 'draft', op_id = NULL WHERE op_id = ? AND item = ?",
    );
    for (const item of published) publish.run(opId, item);
    for (const item of heldBack) back.run(opId, item);
  }

  /** Drafts the service already has as written are its texts now: published, with what they came from. */
  markPublished(elementId: string, lcid: number, items: readonly string[]): void {
    const mark = this.#db.prepare(
      "UPDATE translations SET state = 'published', op_id = NULL WHERE element_id = ? AND lcid = ? AND item = ? AND state = 'draft'",
    );
    durably(this.#db, () => {
      for (const item of items) mark.run(elementId, lcid, item);
    });
  }

  /** A failed operation gives its texts back to the translator as drafts. */
  release(opId: string): void {
    this.#db.prepare("UPDATE translations SET state = 'draft', op_id = NULL WHERE op_id = ?").run(opId);
  }

  /** Published translations of a target culture from a source culture, for every process (coverage). */
  ledgers(lcid: number, sourceLcid: number): Map<string, Map<string, RowLedger>> {
    const rows = this.#db
      .prepare(
        "SELECT element_id, item, text, source FROM translations WHERE lcid = ? AND source_lcid = ? AND state = 'published' AND source IS NOT NULL",
      )
      .all(lcid, sourceLcid) as Array<{ element_id: string; item: string; text: string; source: string }>;
    const byProcess = new Map<string, Map<string, RowLedger>>();
    for (const row of rows) {
      let items = byProcess.get(row.element_id);
      if (!items) byProcess.set(row.element_id, (items = new Map()));
      items.set(row.item, { source: row.source, text: row.text });
    }
    return byProcess;
  }
}

/** The row's unsent edit, or its ledger, as the rows carry them (only from the same source culture). */
export function editOf(stored: StoredTranslation | undefined, sourceLcid: number): RowEdit | null {
  if (!stored || stored.state === 'published') return null;
  const source = stored.sourceLcid === sourceLcid ? stored.source : null;
  return { text: stored.text, base: stored.base, source, state: stored.state };
}

export function ledgerOf(stored: StoredTranslation | undefined, sourceLcid: number): RowLedger | null {
  if (!stored || stored.state !== 'published' || stored.sourceLcid !== sourceLcid || stored.source === null)
    return null;
  return { source: stored.source, text: stored.text };
}
