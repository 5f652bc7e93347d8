import type { Migration } from './database.ts';

/**
 * The cache's own tables: the service's data as it was fetched (facets, views, elements and their details,
 * renders, BPMN exports, reporting lists, query results), the tenant it belongs to, and the pins of "make available
 * offline". Each step keeps the schema version it shipped in; every other store declares its tables beside itself
 * (`main/sync/*-schema.ts`, `main/datapool/push-history-schema.ts`), and `composeMigrations` makes them the one
 * list (main/app/cache-schema.ts). Never edit a released step: append one with the next version (a test migrates
 * from every earlier version).
 *
 * Every cached row records when it was fetched (`fetched_at`, ISO time; a
 * view's member rows share their view's, in view_listings) and, where the
 * service has them, the `version_id` / `changed_on` it had then, so
 * the UI can say "cached 3 h ago" and refresh can tell what changed.
 */
export const cacheTables: readonly Migration[] = [
  {
    version: 1,
    description: 'cached service data',
    up(db) {
      db.exec(`
        CREATE TABLE facets (
          name TEXT PRIMARY KEY,
          api_version TEXT NOT NULL,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
        CREATE TABLE views (
          facet TEXT NOT NULL,
          name TEXT NOT NULL,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (facet, name)
        );
        CREATE TABLE elements (
          id TEXT PRIMARY KEY,
          facet TEXT NOT NULL,
          type TEXT NOT NULL,
          state TEXT,
          version_id TEXT,
          changed_on TEXT,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
        CREATE INDEX elements_by_facet ON elements (facet);
        -- Which elements a view lists, in order and with their parent in a tree.
        CREATE TABLE view_members (
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          element_id TEXT NOT NULL,
          parent_id TEXT,
          position INTEGER NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (facet, view, element_id)
        );
        CREATE INDEX view_members_by_element ON view_members (element_id);
        -- info, content, versions, transitions, attributes, related: one JSON document each.
        CREATE TABLE element_details (
          element_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          data TEXT NOT NULL,
          version_id TEXT,
          changed_on TEXT,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (element_id, kind)
        );
        CREATE TABLE element_types (
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          type TEXT NOT NULL,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (facet, view, type)
        );
        -- Raw SVG as the service sent it (version 8 adds the sanitised one).
        CREATE TABLE renders (
          diagram_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          layout TEXT NOT NULL,
          svg TEXT NOT NULL,
          version_id TEXT,
          changed_on TEXT,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (diagram_id, culture, layout)
        );
        CREATE TABLE bpmn_exports (
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          xml TEXT NOT NULL,
          version_id TEXT,
          changed_on TEXT,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (element_id, lcid)
        );
        CREATE TABLE reporting_lists (
          key TEXT PRIMARY KEY,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
        -- "Make available offline": a view or a subtree, prefetched in the background.
        CREATE TABLE pins (
          id INTEGER PRIMARY KEY,
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          root_id TEXT,
          status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'cancelled', 'failed')),
          done INTEGER NOT NULL DEFAULT 0,
          total INTEGER,
          last_error TEXT,
          created_at TEXT NOT NULL,
          UNIQUE (facet, view, root_id)
        );
        -- Work a prefetch still has to do, so that it resumes after a restart.
        CREATE TABLE pin_queue (
          pin_id INTEGER NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
          element_id TEXT NOT NULL,
          PRIMARY KEY (pin_id, element_id)
        );
      `);
    },
  },
  {
    version: 3,
    description: 'cached query results and the culture of a pin',
    up(db) {
      db.exec(`
        -- Lists asked for with a filter, a selection or other non-plain parameters:
        -- kept as the exact answer to that exact question (plain listings live in
        -- elements + view_members instead).
        CREATE TABLE query_results (
          key TEXT PRIMARY KEY,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
        -- The culture a pin prefetches BPMN and renders in (NULL: the current culture).
        ALTER TABLE pins ADD COLUMN culture INTEGER;
      `);
    },
  },
  {
    version: 4,
    description: 'the tenant the cached data belongs to',
    up(db) {
      db.exec(`
        -- Which tenant (base URL, collection, storage) the cached service data came
        -- from, so that a profile pointed elsewhere never serves another tenant's data.
        CREATE TABLE cache_meta (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 9,
    description: 'renders sanitised once, when stored, and the picture the renderer made of them',
    up(db) {
      db.exec(`
        -- The SVG that is shown (sanitised when the row was stored; NULL in rows from
        -- before, sanitised on first read), how much was dropped, or why it cannot be
        -- shown (JSON); and a PNG of it (base64) the renderer drew, for the editor's preview.
        ALTER TABLE renders ADD COLUMN clean_svg TEXT;
        ALTER TABLE renders ADD COLUMN removed INTEGER;
        ALTER TABLE renders ADD COLUMN problem TEXT;
        ALTER TABLE renders ADD COLUMN raster TEXT;
        ALTER TABLE renders ADD COLUMN raster_width INTEGER;
        ALTER TABLE renders ADD COLUMN raster_height INTEGER;
      `);
    },
  },
  {
    version: 11,
    description: "the Diagram tab's own picture of a rendering, beside the editor preview's",
    up(db) {
      db.exec(`
        -- A PNG (base64) of the whole diagram as the Diagram tab fitted it, its size in
        -- pixels, and the diagram's own size (viewBox): dropped with the row's other
        -- columns when the rendering is fetched anew (render-store.ts).
        ALTER TABLE renders ADD COLUMN tab_picture TEXT;
        ALTER TABLE renders ADD COLUMN tab_picture_width INTEGER;
        ALTER TABLE renders ADD COLUMN tab_picture_height INTEGER;
        ALTER TABLE renders ADD COLUMN tab_diagram_width REAL;
        ALTER TABLE renders ADD COLUMN tab_diagram_height REAL;
      `);
    },
  },
  {
    version: 12,
    description: 'a re-sync compares a view with the cache without rewriting or scanning it',
    up(db) {
      db.exec(`
        -- When each view was last listed completely. It was a column of every member
        -- row, so a re-sync that found a view unchanged rewrote all of them (10,000
        -- rows for a large tenant) only to renew that time; now it is one row.
        CREATE TABLE view_listings (
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (facet, view)
        );
        -- A view's age was that of its oldest member row.
        INSERT INTO view_listings (facet, view, fetched_at)
          SELECT facet, view, MIN(fetched_at) FROM view_members GROUP BY facet, view;
        ALTER TABLE view_members DROP COLUMN fetched_at;
        -- What a re-sync reads of a view (CacheStore.viewSnapshot names both): its members in
        -- order without a sort or a visit to each member row, and each element's stamp beside
        -- its id, about 100 bytes each, where the table has it in a row of kilobytes of JSON.
        CREATE INDEX view_members_in_order ON view_members (facet, view, position, element_id, parent_id);
        CREATE INDEX elements_stamps ON elements (id, version_id, changed_on);
      `);
    },
  },
];

/**
 * The one ordered migration list of a cache file, from each store's steps: the steps of one version become one
 * migration (one transaction, one `user_version`), run in the order the stores are given. Versions run from 1
 * without a gap; a store's steps are in version order; a store names a version once.
 */
export function composeMigrations(stores: readonly (readonly Migration[])[]): Migration[] {
  const byVersion = new Map<number, Migration[]>();
  for (const steps of stores) {
    steps.forEach((step, index) => {
      const before = steps[index - 1];
      if (before && before.version >= step.version) {
        throw new Error(
          `Schema step ${step.version} (${step.description}) comes after step ${before.version}.`,
        );
      }
      byVersion.set(step.version, [...(byVersion.get(step.version) ?? []), step]);
    });
  }
  const versions = [...byVersion.keys()].sort((a, b) => a - b);
  versions.forEach((version, index) => {
    if (version !== index + 1) throw new Error(`The cache schema has no step ${index + 1}.`);
  });
  return versions.map((version) => {
    const parts = byVersion.get(version)!;
    return {
      version,
      description: parts.map((part) => part.description).join('; '),
      up(db) {
        for (const part of parts) part.up(db);
      },
    };
  });
}
