/** Element rows: one row per version; `is_current` marks the version clients see by default. */
import type { Db } from './db.ts';
import { stmt } from './db.ts';

export type CultureMap = Record<string, string>;
export type AttributeMap = Record<string, CultureMap>;
export interface StoredRef {
  id: string;
  versionId?: string;
  state?: string;
}
export type RelatedMap = Record<string, StoredRef[]>;

export interface ElementRow {
  versionId: string;
  id: string;
  creationId: string;
  facet: string;
  type: string;
  state: string;
  parentId: string | null;
  ord: number;
  isCurrent: boolean;
  versionSeq: number;
  attributes: AttributeMap;
  related: RelatedMap;
}

interface RawRow {
  version_id: string;
  id: string;
  creation_id: string;
  facet: string;
  type: string;
  state: string;
  parent_id: string | null;
  ord: number;
  is_current: number;
  version_seq: number;
  attributes: string;
  related: string;
}

function fromRaw(raw: RawRow): ElementRow {
  return {
    versionId: raw.version_id,
    id: raw.id,
    creationId: raw.creation_id,
    facet: raw.facet,
    type: raw.type,
    state: raw.state,
    parentId: raw.parent_id,
    ord: raw.ord,
    isCurrent: raw.is_current === 1,
    versionSeq: raw.version_seq,
    attributes: JSON.parse(raw.attributes) as AttributeMap,
    related: JSON.parse(raw.related) as RelatedMap,
  };
}

export function insertElementStatement(db: Db): (row: ElementRow) => void {
  const statement = stmt(
    db,
    `INSERT INTO elements (version_id, id, creation_id, facet, type, state, parent_id, ord, is_current, version_seq, attributes, related)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (r) => {
    statement.run(
      r.versionId,
      r.id,
      r.creationId,
      r.facet,
      r.type,
      r.state,
      r.parentId,
      r.ord,
      r.isCurrent ? 1 : 0,
      r.versionSeq,
      JSON.stringify(r.attributes),
      JSON.stringify(r.related),
    );
  };
}

export function insertElement(db: Db, row: ElementRow): void {
  insertElementStatement(db)(row);
}

export function updateElement(db: Db, row: ElementRow): void {
  stmt(
    db,
    `UPDATE elements SET state = ?, parent_id = ?, is_current = ?, attributes = ?, related = ? WHERE version_id = ?`,
  ).run(
    row.state,
    row.parentId,
    row.isCurrent ? 1 : 0,
    JSON.stringify(row.attributes),
    JSON.stringify(row.related),
    row.versionId,
  );
}

export function getCurrent(db: Db, id: string): ElementRow | undefined {
  const raw = stmt(db, 'SELECT * FROM elements WHERE id = ? AND is_current = 1').get(id) as
    RawRow | undefined;
  return raw ? fromRaw(raw) : undefined;
}

export function getVersions(db: Db, id: string): ElementRow[] {
  const rows = stmt(db, 'SELECT * FROM elements WHERE id = ? ORDER BY version_seq').all(id) as RawRow[];
  return rows.map(fromRaw);
}

export function getCurrentMany(db: Db, ids: readonly string[]): Map<string, ElementRow> {
  const result = new Map<string, ElementRow>();
  const statement = stmt(db, 'SELECT * FROM elements WHERE id = ? AND is_current = 1');
  for (const id of new Set(ids)) {
    const raw = statement.get(id) as RawRow | undefined;
    if (raw) result.set(id, fromRaw(raw));
  }
  return result;
}

export interface ListQuery {
  facet: string;
  types: readonly string[] | null;
  rootsOnly: boolean;
}

function whereFor(q: ListQuery): { sql: string; params: unknown[] } {
  const parts = ['facet = ?', 'is_current = 1'];
  const params: unknown[] = [q.facet];
  if (q.types) {
    parts.push(`type IN (${q.types.map(() => '?').join(', ')})`);
    params.push(...q.types);
  }
  if (q.rootsOnly) parts.push('parent_id IS NULL');
  return { sql: parts.join(' AND '), params };
}

export function listElements(db: Db, q: ListQuery, limit: number, offset: number): ElementRow[] {
  const where = whereFor(q);
  const rows = stmt(db, `SELECT * FROM elements WHERE ${where.sql} ORDER BY ord LIMIT ? OFFSET ?`).all(
    ...where.params,
    limit,
    offset,
  ) as RawRow[];
  return rows.map(fromRaw);
}

/** Streams every matching row; used when a $filter must be evaluated in JavaScript. */
export function* iterateElements(db: Db, q: ListQuery): Generator<ElementRow> {
  const where = whereFor(q);
  // Not cached: an abandoned iterator would leave a shared statement busy.
  const statement = db.prepare(`SELECT * FROM elements WHERE ${where.sql} ORDER BY ord`);
  for (const raw of statement.iterate(...where.params) as IterableIterator<RawRow>) yield fromRaw(raw);
}

export function positionOf(db: Db, q: ListQuery, ord: number): number {
  const where = whereFor(q);
  const row = stmt(db, `SELECT COUNT(*) AS n FROM elements WHERE ${where.sql} AND ord < ?`).get(
    ...where.params,
    ord,
  ) as {
    n: number;
  };
  return row.n;
}

export function childrenOf(db: Db, parentId: string): ElementRow[] {
  const rows = stmt(db, 'SELECT * FROM elements WHERE parent_id = ? AND is_current = 1 ORDER BY ord').all(
    parentId,
  ) as RawRow[];
  return rows.map(fromRaw);
}

export function nextOrd(db: Db): number {
  const row = stmt(db, 'SELECT COALESCE(MAX(ord), 0) + 1 AS n FROM elements').get() as { n: number };
  return row.n;
}

export function deleteElement(db: Db, id: string): number {
  // The element's own diagrams go, and so do the places where it is drawn in other diagrams.
  stmt(db, 'DELETE FROM shapes WHERE version_id IN (SELECT version_id FROM elements WHERE id = ?)').run(id);
  stmt(db, 'DELETE FROM flows WHERE version_id IN (SELECT version_id FROM elements WHERE id = ?)').run(id);
  stmt(db, 'DELETE FROM shapes WHERE element_id = ?').run(id);
  return stmt(db, 'DELETE FROM elements WHERE id = ?').run(id).changes;
}

export function allCurrent(db: Db, facet?: string): ElementRow[] {
  const rows = (
    facet
      ? stmt(db, 'SELECT * FROM elements WHERE is_current = 1 AND facet = ? ORDER BY ord').all(facet)
      : stmt(db, 'SELECT * FROM elements WHERE is_current = 1 ORDER BY ord').all()
  ) as RawRow[];
  return rows.map(fromRaw);
}

export function rootPathOf(db: Db, row: ElementRow): string[] {
  const path = [row.id];
  const seen = new Set(path);
  let parent = row.parentId;
  const statement = stmt(db, 'SELECT id, parent_id FROM elements WHERE id = ? AND is_current = 1');
  while (parent && !seen.has(parent)) {
    const p = statement.get(parent) as { id: string; parent_id: string | null } | undefined;
    if (!p) break;
    path.unshift(p.id);
    seen.add(p.id);
    parent = p.parent_id;
  }
  return path;
}

export function countCurrent(db: Db, facet: string | undefined): number {
  const row = (
    facet !== undefined
      ? stmt(db, 'SELECT COUNT(*) AS n FROM elements WHERE is_current = 1 AND facet = ?').get(facet)
      : stmt(db, 'SELECT COUNT(*) AS n FROM elements WHERE is_current = 1').get()
  ) as { n: number };
  return row.n;
}

export function pageCurrent(db: Db, facet: string | undefined, limit: number, offset: number): ElementRow[] {
  const rows = (
    facet !== undefined
      ? stmt(
          db,
          'SELECT * FROM elements WHERE is_current = 1 AND facet = ? ORDER BY ord LIMIT ? OFFSET ?',
        ).all(facet, limit, offset)
      : stmt(db, 'SELECT * FROM elements WHERE is_current = 1 ORDER BY ord LIMIT ? OFFSET ?').all(
          limit,
          offset,
        )
  ) as RawRow[];
  return rows.map(fromRaw);
}
