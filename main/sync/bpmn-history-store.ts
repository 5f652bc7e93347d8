import { createHash } from 'node:crypto';
import type { NotKeptItem } from '../../shared/domain/editor.ts';
import type { Db } from '../cache/database.ts';

/** server: exported by the service; published: sent by Lanes; replaced: the server's version a resolution overwrote. */
type HistoryKind = 'server' | 'published' | 'replaced';

export interface HistorySnapshot {
  seq: number;
  elementId: string;
  lcid: number;
  versionId: string | null;
  versionLabel: string | null;
  changedOn: string | null;
  kind: HistoryKind;
  seenAt: string;
  /** Published entries: what the service did not keep (null: not checked). */
  notKept: NotKeptItem[] | null;
  /** SHA-256 of the XML: equal text is the same diagram. */
  xmlHash: string;
}

interface Row {
  seq: number;
  element_id: string;
  lcid: number;
  version_id: string | null;
  version_label: string | null;
  changed_on: string | null;
  kind: HistoryKind;
  seen_at: string;
  not_kept: string | null;
  xml_hash: string;
}

const toSnapshot = (r: Row): HistorySnapshot => ({
  seq: r.seq,
  elementId: r.element_id,
  lcid: r.lcid,
  versionId: r.version_id,
  versionLabel: r.version_label,
  changedOn: r.changed_on,
  kind: r.kind,
  seenAt: r.seen_at,
  notKept: r.not_kept === null ? null : (JSON.parse(r.not_kept) as NotKeptItem[]),
  xmlHash: r.xml_hash,
});

/**
 * Every distinct BPMN Lanes has seen of a process: the service exports only
 * the current version, so older ones can be compared only if Lanes kept them.
 * The same XML of the same version and change time is kept once.
 */
export class BpmnHistoryStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** When Lanes last saw a publish of this element arrive (by any path); null: never. */
  lastPublishedAt(elementId: string): string | null {
    return (
      this.#db
        .prepare("SELECT MAX(seen_at) AS at FROM bpmn_history WHERE element_id = ? AND kind = 'published'")
        .get(elementId) as { at: string | null }
    ).at;
  }

  remember(
    entry: Omit<HistorySnapshot, 'seq' | 'seenAt' | 'notKept' | 'xmlHash'> & {
      xml: string;
      notKept?: NotKeptItem[] | null;
    },
    now = new Date(),
  ): void {
    const hash = createHash('sha256').update(entry.xml).digest('hex');
    this.#db
      .prepare(
        `INSERT OR IGNORE INTO bpmn_history
           (element_id, lcid, version_id, version_label, changed_on, kind, xml, xml_hash, seen_at, not_kept)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.elementId,
        entry.lcid,
        entry.versionId,
        entry.versionLabel,
        entry.changedOn,
        entry.kind,
        entry.xml,
        hash,
        now.toISOString(),
        entry.notKept ? JSON.stringify(entry.notKept) : null,
      );
  }

  /** Newest first. */
  list(elementId: string, lcid: number): HistorySnapshot[] {
    const rows = this.#db
      .prepare(
        `SELECT seq, element_id, lcid, version_id, version_label, changed_on, kind, seen_at, not_kept, xml_hash
         FROM bpmn_history WHERE element_id = ? AND lcid = ? ORDER BY seq DESC`,
      )
      .all(elementId, lcid) as Row[];
    return rows.map(toSnapshot);
  }

  xml(elementId: string, lcid: number, seq: number): string | undefined {
    const row = this.#db
      .prepare('SELECT xml FROM bpmn_history WHERE element_id = ? AND lcid = ? AND seq = ?')
      .get(elementId, lcid, seq) as { xml: string } | undefined;
    return row?.xml;
  }

  /** The newest entry's number (0: none), to tell later entries from those already known. */
  lastSeq(): number {
    return (this.#db.prepare('SELECT IFNULL(MAX(seq), 0) AS seq FROM bpmn_history').get() as { seq: number })
      .seq;
  }

  /** Publishes recorded after `seq`, oldest first (another process, the CLI, may have sent them). */
  publishedAfter(seq: number): HistorySnapshot[] {
    const rows = this.#db
      .prepare(
        `SELECT seq, element_id, lcid, version_id, version_label, changed_on, kind, seen_at, not_kept
         FROM bpmn_history WHERE kind = 'published' AND seq > ? ORDER BY seq`,
      )
      .all(seq) as Row[];
    return rows.map(toSnapshot);
  }
}
