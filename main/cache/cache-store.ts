import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Element, Facet, FacetView } from '../../shared/domain/process.ts';
import type { Db } from './database.ts';
import { rebuildListing, stampOf, type Member, type Stamp } from './element-tree.ts';
import { ViewSnapshot, type SnapshotRow } from './view-snapshot.ts';
import { RenderStore } from './render-store.ts';

/** A cached value and when it was fetched from the service (ISO time). */
export interface Cached<T> {
  value: T;
  fetchedAt: string;
}

type Row = { data: string; fetched_at: string };
const NO_STAMP: Stamp = { versionId: null, changedOn: null };

/**
 * The repository of cached service data. Every write records `fetched_at`
 * and, where the service has them, the element's `versionId`/`changedOn`.
 * Multi-row writes run in one transaction; callers batch further with
 * `transaction()`.
 */
export class CacheStore {
  readonly db: Db;
  readonly #now: () => Date;
  readonly #statements = new Map<string, Statement>();
  /** The renderings ready to show: sanitised SVG (or why not) and the renderer's picture of each. */
  readonly renders: RenderStore;
  #pinnedStamp: string | undefined;

  constructor(db: Db, now: () => Date = () => new Date()) {
    this.db = db;
    this.#now = now;
    this.renders = new RenderStore(db);
  }

  /** Prepared once per connection: the prepare costs more than the insert itself. */
  #sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  #stamp(): string {
    return this.#pinnedStamp ?? this.#now().toISOString();
  }

  /**
   * Runs writes that all record `at` as their fetch time, so a caller that
   * reports a fetch time reports exactly the one it stored.
   */
  stampedAt<T>(at: string, work: () => T): T {
    const previous = this.#pinnedStamp;
    this.#pinnedStamp = at;
    try {
      return work();
    } finally {
      this.#pinnedStamp = previous;
    }
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  #get<T>(sql: string, ...params: unknown[]): Cached<T> | undefined {
    const row = this.#sql(sql).get(...params) as Row | undefined;
    return row ? { value: JSON.parse(row.data) as T, fetchedAt: row.fetched_at } : undefined;
  }

  /** The tenant the cached data belongs to (see claimTenant). */
  tenant(): string | undefined {
    const row = this.#sql("SELECT value FROM cache_meta WHERE key = 'tenant'").get() as
      { value: string } | undefined;
    return row?.value;
  }

  /**
   * Records the tenant of a cache that has none yet; false when the cache
   * already holds another tenant's data, which must then be neither served
   * nor overwritten.
   */
  claimTenant(tenant: string): boolean {
    const current = this.tenant();
    if (current === undefined) {
      this.#sql("INSERT INTO cache_meta (key, value) VALUES ('tenant', ?)").run(tenant);
      return true;
    }
    return current === tenant;
  }

  // Facets and views: replaced as a whole, in the service's order (rowid).

  putFacets(facets: readonly Facet[], apiVersion: string): void {
    const at = this.#stamp();
    this.transaction(() => {
      this.#sql('DELETE FROM facets').run();
      for (const facet of facets) {
        this.#sql('INSERT INTO facets (name, api_version, data, fetched_at) VALUES (?, ?, ?, ?)').run(
          facet.name,
          apiVersion,
          JSON.stringify(facet),
          at,
        );
      }
    });
  }

  facets(): Cached<Facet[]> | undefined {
    const rows = this.#sql('SELECT data, fetched_at FROM facets ORDER BY rowid').all() as Row[];
    return collect(rows);
  }

  putViews(facet: string, views: readonly FacetView[]): void {
    const at = this.#stamp();
    this.transaction(() => {
      this.#sql('DELETE FROM views WHERE facet = ?').run(facet);
      for (const view of views) {
        this.#sql('INSERT INTO views (facet, name, data, fetched_at) VALUES (?, ?, ?, ?)').run(
          facet,
          view.name,
          JSON.stringify(view),
          at,
        );
      }
    });
  }

  views(facet: string): Cached<FacetView[]> | undefined {
    const rows = this.#sql('SELECT data, fetched_at FROM views WHERE facet = ? ORDER BY rowid').all(
      facet,
    ) as Row[];
    return collect(rows);
  }

  // Elements: one row per id, children reduced to references (see element-tree.ts).

  putElements(rows: readonly Element[]): void {
    const at = this.#stamp();
    const upsert = this.#sql(
      `INSERT INTO elements (id, facet, type, state, version_id, changed_on, data, fetched_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET facet = excluded.facet, type = excluded.type, state = excluded.state,
         version_id = excluded.version_id, changed_on = excluded.changed_on, data = excluded.data,
         fetched_at = excluded.fetched_at`,
    );
    this.transaction(() => {
      for (const element of rows) {
        const stamp = stampOf(element);
        upsert.run(
          element.id,
          element.facetName,
          element.type,
          element.state ?? null,
          stamp.versionId,
          stamp.changedOn,
          JSON.stringify(element),
          at,
        );
      }
    });
  }

  element(id: string): Cached<Element> | undefined {
    return this.#get('SELECT data, fetched_at FROM elements WHERE id = ?', id);
  }

  stamp(id: string): Stamp | undefined {
    const row = this.#sql('SELECT version_id, changed_on FROM elements WHERE id = ?').get(id) as
      { version_id: string | null; changed_on: string | null } | undefined;
    return row ? { versionId: row.version_id, changedOn: row.changed_on } : undefined;
  }

  /** Whether the view has been listed completely (then a re-sync may compare instead of listing it whole). */
  hasListing(facet: string, view: string): boolean {
    return !!this.#sql('SELECT 1 FROM view_listings WHERE facet = ? AND view = ?').get(facet, view);
  }

  /**
   * A view as a re-sync compares it, in one read: the cached membership in
   * order, and beside each member the stamp the cache holds for it. Both come
   * from indexes that hold them (schema 12), so the read is one ordered range
   * and one small lookup per member, never the members' rows of JSON; the
   * planner, left alone, would take the elements' primary key and then each row.
   */
  viewSnapshot(facet: string, view: string): ViewSnapshot {
    const rows = this.#sql(
      `SELECT m.element_id, m.parent_id, m.position, e.id IS NOT NULL, e.version_id, e.changed_on
       FROM view_members m INDEXED BY view_members_in_order
       LEFT JOIN elements e INDEXED BY elements_stamps ON e.id = m.element_id
       WHERE m.facet = ? AND m.view = ? ORDER BY m.position`,
    )
      .raw(true)
      .all(facet, view) as SnapshotRow[];
    return new ViewSnapshot(rows);
  }

  /** A complete listing of a view: its membership is replaced as a whole. */
  replaceMembership(facet: string, view: string, members: readonly Member[]): void {
    const insert = this.#sql(
      `INSERT OR REPLACE INTO view_members (facet, view, element_id, parent_id, position) VALUES (?, ?, ?, ?, ?)`,
    );
    this.transaction(() => {
      this.#sql('DELETE FROM view_members WHERE facet = ? AND view = ?').run(facet, view);
      for (const m of members) insert.run(facet, view, m.elementId, m.parentId, m.position);
      this.#listed(facet, view);
    });
  }

  /**
   * A re-listing that found the view as cached (ViewSnapshot.sameMembers):
   * it is confirmed as fetched now by one row, no member row written.
   */
  confirmListing(facet: string, view: string): void {
    this.#listed(facet, view);
  }

  /** Records that the view was listed completely now. */
  #listed(facet: string, view: string): void {
    this.#sql('INSERT OR REPLACE INTO view_listings (facet, view, fetched_at) VALUES (?, ?, ?)').run(
      facet,
      view,
      this.#stamp(),
    );
  }

  members(facet: string, view: string): Member[] {
    const rows = this.#sql(
      `SELECT element_id, parent_id, position FROM view_members WHERE facet = ? AND view = ? ORDER BY position`,
    ).all(facet, view) as { element_id: string; parent_id: string | null; position: number }[];
    return rows.map((r) => ({ elementId: r.element_id, parentId: r.parent_id, position: r.position }));
  }

  /** The views of a facet whose cached listing has the element: offline, these are the ones that can show it. */
  viewsListing(facet: string, elementId: string): string[] {
    const rows = this.#sql(
      'SELECT DISTINCT view FROM view_members WHERE facet = ? AND element_id = ? ORDER BY view',
    ).all(facet, elementId) as { view: string }[];
    return rows.map((r) => r.view);
  }

  /** Where the cache has seen an element listed: its facet and (first by name) view. */
  placeOf(elementId: string): { facet: string; view: string } | undefined {
    return this.#sql('SELECT facet, view FROM view_members WHERE element_id = ? ORDER BY view LIMIT 1').get(
      elementId,
    ) as { facet: string; view: string } | undefined;
  }

  /** A view as it was last listed completely (a tree again for hierarchical views). */
  viewListing(facet: string, view: string): Cached<Element[]> | undefined {
    const fetched = this.#sql('SELECT fetched_at AS at FROM view_listings WHERE facet = ? AND view = ?').get(
      facet,
      view,
    ) as { at: string } | undefined;
    if (!fetched) return undefined;
    const rows = this.#sql(
      `SELECT e.data FROM view_members m JOIN elements e ON e.id = m.element_id WHERE m.facet = ? AND m.view = ?`,
    ).all(facet, view) as { data: string }[];
    const byId = new Map<string, Element>();
    for (const row of rows) {
      const element = JSON.parse(row.data) as Element;
      byId.set(element.id, element);
    }
    return { value: rebuildListing(this.members(facet, view), byId), fetchedAt: fetched.at };
  }

  /**
   * Removes elements from one view; an element that no view lists any more
   * leaves the cache with everything cached about it.
   */
  removeFromView(facet: string, view: string, ids: readonly string[]): number {
    let removed = 0;
    this.transaction(() => {
      for (const id of ids) {
        this.#sql('DELETE FROM view_members WHERE facet = ? AND view = ? AND element_id = ?').run(
          facet,
          view,
          id,
        );
        const stillListed = this.#sql('SELECT 1 FROM view_members WHERE element_id = ? LIMIT 1').get(id);
        if (!stillListed) removed += this.removeElement(id) ? 1 : 0;
      }
    });
    return removed;
  }

  /** Forgets one element everywhere (it was deleted on the service). */
  removeElement(id: string): boolean {
    return this.transaction(() => {
      const gone = this.#sql('DELETE FROM elements WHERE id = ?').run(id).changes > 0;
      this.#sql('DELETE FROM view_members WHERE element_id = ?').run(id);
      this.#sql('DELETE FROM element_details WHERE element_id = ?').run(id);
      this.#sql('DELETE FROM bpmn_exports WHERE element_id = ?').run(id);
      this.#sql('DELETE FROM renders WHERE diagram_id = ?').run(id);
      return gone;
    });
  }

  // Element details (info, content, versions, transitions, attributes, related): one document each.

  putDetail(elementId: string, kind: string, data: unknown): void {
    const stamp = this.stamp(elementId) ?? NO_STAMP;
    this.#sql(
      `INSERT OR REPLACE INTO element_details (element_id, kind, data, version_id, changed_on, fetched_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(elementId, kind, JSON.stringify(data), stamp.versionId, stamp.changedOn, this.#stamp());
  }

  detail<T>(elementId: string, kind: string): Cached<T> | undefined {
    return this.#get(
      'SELECT data, fetched_at FROM element_details WHERE element_id = ? AND kind = ?',
      elementId,
      kind,
    );
  }

  putElementType(facet: string, view: string, type: string, data: unknown): void {
    this.#sql(
      'INSERT OR REPLACE INTO element_types (facet, view, type, data, fetched_at) VALUES (?, ?, ?, ?, ?)',
    ).run(facet, view, type, JSON.stringify(data), this.#stamp());
  }

  elementType<T>(facet: string, view: string, type: string): Cached<T> | undefined {
    return this.#get(
      'SELECT data, fetched_at FROM element_types WHERE facet = ? AND view = ? AND type = ?',
      facet,
      view,
      type,
    );
  }

  /** A rendering as the service sent it; sanitised here, once, for showing (render-store.ts). */
  putRender(diagramId: string, culture: number, layout: string, svg: string): void {
    const key = { diagramId, culture, layout };
    this.renders.put(key, svg, this.stamp(diagramId) ?? NO_STAMP, this.#stamp());
  }

  /** The raw rendering (the CLI's `--raw`). */
  render(diagramId: string, culture: number, layout: string): Cached<string> | undefined {
    const row = this.#sql(
      'SELECT svg, fetched_at FROM renders WHERE diagram_id = ? AND culture = ? AND layout = ?',
    ).get(diagramId, culture, layout) as { svg: string; fetched_at: string } | undefined;
    return row ? { value: row.svg, fetchedAt: row.fetched_at } : undefined;
  }

  putBpmn(elementId: string, lcid: number, xml: string): void {
    const stamp = this.stamp(elementId) ?? NO_STAMP;
    this.#keepDiagramOfLeftVersion(elementId, lcid, stamp.versionId);
    this.#sql(
      `INSERT OR REPLACE INTO bpmn_exports (element_id, lcid, xml, version_id, changed_on, fetched_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(elementId, lcid, xml, stamp.versionId, stamp.changedOn, this.#stamp());
  }

  /**
   * The service exports only the current version's diagram, so the cached
   * export of a version is the last chance to keep it once a new version
   * replaces it (a colleague's "Create new version", seen by a sync): it goes
   * into the BPMN history (the table `main/sync/bpmn-history-store.ts` reads),
   * where Compare versions finds it as that version's diagram. One row per
   * version left, so the history grows with versions, not with syncs.
   */
  #keepDiagramOfLeftVersion(elementId: string, lcid: number, currentVersionId: string | null): void {
    if (currentVersionId === null) return;
    const left = this.#sql(
      `SELECT xml, version_id, changed_on, fetched_at FROM bpmn_exports
       WHERE element_id = ? AND lcid = ? AND version_id IS NOT NULL AND version_id <> ?`,
    ).get(elementId, lcid, currentVersionId) as
      { xml: string; version_id: string; changed_on: string | null; fetched_at: string } | undefined;
    if (!left) return;
    this.#sql(
      `INSERT OR IGNORE INTO bpmn_history
         (element_id, lcid, version_id, version_label, changed_on, kind, xml, xml_hash, seen_at)
       VALUES (?, ?, ?, NULL, ?, 'server', ?, ?, ?)`,
    ).run(
      elementId,
      lcid,
      left.version_id,
      left.changed_on,
      left.xml,
      createHash('sha256').update(left.xml).digest('hex'),
      left.fetched_at,
    );
  }

  /** A cached export that no longer says what the service holds (a publish whose result is unknown). */
  forgetBpmn(elementId: string, lcid: number): void {
    this.#sql('DELETE FROM bpmn_exports WHERE element_id = ? AND lcid = ?').run(elementId, lcid);
  }

  /** The cached export with its element's version and change time (a draft's base). */
  bpmnExport(
    elementId: string,
    lcid: number,
  ): { xml: string; versionId: string | null; changedOn: string | null; fetchedAt: string } | undefined {
    const row = this.#sql(
      'SELECT xml, version_id, changed_on, fetched_at FROM bpmn_exports WHERE element_id = ? AND lcid = ?',
    ).get(elementId, lcid) as
      { xml: string; version_id: string | null; changed_on: string | null; fetched_at: string } | undefined;
    return row
      ? { xml: row.xml, versionId: row.version_id, changedOn: row.changed_on, fetchedAt: row.fetched_at }
      : undefined;
  }

  /** Every element the cache holds, by facet and id (the data pool's offline inventory). */
  allElements(): Element[] {
    const rows = this.#sql('SELECT data FROM elements ORDER BY facet, id').all() as { data: string }[];
    return rows.map((row) => JSON.parse(row.data) as Element);
  }

  /** The elements whose diagram is cached, in any culture. */
  diagramIds(): string[] {
    const rows = this.#sql('SELECT DISTINCT element_id FROM bpmn_exports').all() as { element_id: string }[];
    return rows.map((row) => row.element_id);
  }

  /** A cached diagram in this culture if there is one, else in any culture. */
  bpmnInAnyCulture(elementId: string, preferred: number): string | undefined {
    const row = this.#sql(
      'SELECT xml FROM bpmn_exports WHERE element_id = ? ORDER BY (lcid = ?) DESC, lcid LIMIT 1',
    ).get(elementId, preferred) as { xml: string } | undefined;
    return row?.xml;
  }

  bpmn(elementId: string, lcid: number): Cached<string> | undefined {
    const found = this.bpmnExport(elementId, lcid);
    return found ? { value: found.xml, fetchedAt: found.fetchedAt } : undefined;
  }

  putReporting(key: string, data: unknown): void {
    this.#sql('INSERT OR REPLACE INTO reporting_lists (key, data, fetched_at) VALUES (?, ?, ?)').run(
      key,
      JSON.stringify(data),
      this.#stamp(),
    );
  }

  reporting<T>(key: string): Cached<T> | undefined {
    return this.#get('SELECT data, fetched_at FROM reporting_lists WHERE key = ?', key);
  }

  /** The exact answer to a non-plain question (a filter, a selection, one page of it). */
  putQuery(key: string, data: unknown): void {
    this.#sql('INSERT OR REPLACE INTO query_results (key, data, fetched_at) VALUES (?, ?, ?)').run(
      key,
      JSON.stringify(data),
      this.#stamp(),
    );
  }

  query<T>(key: string): Cached<T> | undefined {
    return this.#get('SELECT data, fetched_at FROM query_results WHERE key = ?', key);
  }
}

/** Rows fetched together form one value; its age is that of the oldest row. */
function collect<T>(rows: Row[]): Cached<T[]> | undefined {
  if (rows.length === 0) return undefined;
  return {
    value: rows.map((r) => JSON.parse(r.data) as T),
    fetchedAt: rows.reduce((min, r) => (r.fetched_at < min ? r.fetched_at : min), rows[0]!.fetched_at),
  };
}
