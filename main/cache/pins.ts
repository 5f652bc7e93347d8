import type { Db } from './database.ts';

type PinStatus = 'pending' | 'running' | 'done' | 'cancelled' | 'failed';

/** "Make available offline": a whole view, or the subtree below `rootId` in it. */
export interface Pin {
  id: number;
  facet: string;
  view: string;
  rootId: string | null;
  /** BPMN and renders are prefetched in this culture (null: the reader's current culture). */
  culture: number | null;
  status: PinStatus;
  done: number;
  /** Null until the pin's elements have been listed once. */
  total: number | null;
  queued: number;
  lastError: string | null;
  createdAt: string;
}

interface PinTarget {
  facet: string;
  view: string;
  rootId?: string | null;
}

type PinRow = {
  id: number;
  facet: string;
  view: string;
  root_id: string | null;
  culture: number | null;
  status: PinStatus;
  done: number;
  total: number | null;
  queued: number;
  last_error: string | null;
  created_at: string;
};

const SELECT = `SELECT p.*, (SELECT COUNT(*) FROM pin_queue q WHERE q.pin_id = p.id) AS queued FROM pins p`;

function toPin(row: PinRow): Pin {
  return {
    id: row.id,
    facet: row.facet,
    view: row.view,
    rootId: row.root_id,
    culture: row.culture,
    status: row.status,
    done: row.done,
    total: row.total,
    queued: row.queued,
    lastError: row.last_error,
    createdAt: row.created_at,
  };
}

/** `root_id IS ?`: SQLite's UNIQUE treats NULLs as distinct, so lookups must match NULL themselves. */
function findPin(db: Db, target: PinTarget): Pin | undefined {
  const row = db
    .prepare(`${SELECT} WHERE p.facet = ? AND p.view = ? AND p.root_id IS ?`)
    .get(target.facet, target.view, target.rootId ?? null) as PinRow | undefined;
  return row ? toPin(row) : undefined;
}

export function getPin(db: Db, id: number): Pin | undefined {
  const row = db.prepare(`${SELECT} WHERE p.id = ?`).get(id) as PinRow | undefined;
  return row ? toPin(row) : undefined;
}

export function listPins(db: Db): Pin[] {
  return (db.prepare(`${SELECT} ORDER BY p.id`).all() as PinRow[]).map(toPin);
}

/** Adds a pin, or returns the existing one (pinning twice resumes rather than restarts). */
export function addPin(db: Db, target: PinTarget & { culture?: number | null }): Pin {
  const existing = findPin(db, target);
  if (existing) return existing;
  const info = db
    .prepare(
      `INSERT INTO pins (facet, view, root_id, culture, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
    )
    .run(target.facet, target.view, target.rootId ?? null, target.culture ?? null, new Date().toISOString());
  return getPin(db, Number(info.lastInsertRowid))!;
}

/** The pin and its queue go (ON DELETE CASCADE); what was cached stays until refresh removes it. */
export function removePin(db: Db, target: PinTarget): boolean {
  const pin = findPin(db, target);
  if (!pin) return false;
  db.prepare('DELETE FROM pins WHERE id = ?').run(pin.id);
  return true;
}

export function setPinStatus(db: Db, id: number, status: PinStatus, lastError: string | null = null): void {
  db.prepare('UPDATE pins SET status = ?, last_error = ? WHERE id = ?').run(status, lastError, id);
}

/**
 * Queues elements to fetch and starts a new round of counting: `done` from 0,
 * `total` what is queued now (including what an interrupted round left).
 */
export function enqueue(db: Db, pinId: number, elementIds: readonly string[]): void {
  db.transaction(() => {
    const insert = db.prepare('INSERT OR IGNORE INTO pin_queue (pin_id, element_id) VALUES (?, ?)');
    for (const id of elementIds) insert.run(pinId, id);
    db.prepare(
      `UPDATE pins SET done = 0, total = (SELECT COUNT(*) FROM pin_queue WHERE pin_id = ?), status = 'running',
         last_error = NULL WHERE id = ?`,
    ).run(pinId, pinId);
  })();
}

export function queuedIds(db: Db, pinId: number): string[] {
  return (
    db.prepare('SELECT element_id FROM pin_queue WHERE pin_id = ? ORDER BY rowid').all(pinId) as {
      element_id: string;
    }[]
  ).map((r) => r.element_id);
}

/** Called inside the transaction that stored the element's data, so "done" and "stored" never disagree. */
export function markFetched(db: Db, pinId: number, elementId: string): void {
  const removed = db
    .prepare('DELETE FROM pin_queue WHERE pin_id = ? AND element_id = ?')
    .run(pinId, elementId).changes;
  if (removed > 0) db.prepare('UPDATE pins SET done = done + 1 WHERE id = ?').run(pinId);
}
