import type { Migration } from './database.ts';

/**
 * The cache schema, one migration per version. Never edit a released step:
 * append a new one (a test migrates from every earlier version).
 *
 * Every cached row records when it was fetched (`fetched_at`, ISO time; a
 * view's member rows share their view's, in view_listings) and, where the
 * service has them, the `version_id` / `changed_on` it had then, so
 * the UI can say "cached 3 h ago" and refresh can tell what changed.
 */
export const migrations: readonly Migration[] = [
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
    version: 2,
    description: 'drafts, recovery slots, outbox and conflicts',
    up(db) {
      db.exec(`
        -- A saved edit: the local BPMN and the base it was made from.
        CREATE TABLE drafts (
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          base_version_id TEXT,
          base_changed_on TEXT,
          base_xml TEXT NOT NULL,
          local_xml TEXT NOT NULL,
          saved_at TEXT NOT NULL,
          PRIMARY KEY (element_id, culture)
        );
        -- An editor's unsaved state, written every few seconds.
        CREATE TABLE recovery_slots (
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          xml TEXT NOT NULL,
          saved_at TEXT NOT NULL,
          PRIMARY KEY (element_id, culture)
        );
        CREATE TABLE outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          op_id TEXT NOT NULL UNIQUE,
          element_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('bpmnImport', 'transition', 'createVersion', 'createContent')),
          payload TEXT NOT NULL,
          base TEXT NOT NULL,
          depends_on TEXT REFERENCES outbox (op_id),
          state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'unknown', 'done', 'failed', 'conflict')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at TEXT NOT NULL,
          last_error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        CREATE INDEX outbox_open ON outbox (state, element_id, seq);
        CREATE TABLE conflicts (
          id TEXT PRIMARY KEY,
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          op_id TEXT NOT NULL REFERENCES outbox (op_id),
          base_xml TEXT NOT NULL,
          mine_xml TEXT NOT NULL,
          theirs_xml TEXT NOT NULL,
          theirs_version_id TEXT,
          theirs_changed_on TEXT,
          changes TEXT NOT NULL,
          created_at TEXT NOT NULL,
          resolved_at TEXT,
          resolution TEXT CHECK (resolution IN ('mine', 'theirs', 'merged'))
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
    version: 5,
    description: 'merges waiting for review and the BPMN history of each process',
    up(db) {
      db.exec(`
        -- review: a clean automatic merge held back until the user has looked at it.
        ALTER TABLE conflicts ADD COLUMN kind TEXT NOT NULL DEFAULT 'conflict'
          CHECK (kind IN ('conflict', 'review'));
        ALTER TABLE conflicts ADD COLUMN merged_xml TEXT;
        -- Every distinct BPMN Lanes has seen of a process (the service exports only the
        -- current version), so that older versions can still be compared.
        CREATE TABLE bpmn_history (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          version_id TEXT,
          version_label TEXT,
          changed_on TEXT,
          kind TEXT NOT NULL CHECK (kind IN ('server', 'published')),
          xml TEXT NOT NULL,
          xml_hash TEXT NOT NULL,
          seen_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX bpmn_history_distinct
          ON bpmn_history (element_id, lcid, IFNULL(version_id, ''), IFNULL(changed_on, ''), xml_hash);
      `);
    },
  },
  {
    version: 6,
    description: 'what the service did not keep of each published diagram (verified publish)',
    up(db) {
      db.exec(`
        -- JSON list of NotKeptItem for kind 'published'; NULL: not checked.
        ALTER TABLE bpmn_history ADD COLUMN not_kept TEXT;
      `);
    },
  },
  {
    version: 7,
    description: 'the data pool: pushes made from Lanes, and pushes waiting for the service',
    up(db) {
      db.exec(`
        -- Every push to the data pool made from this profile (its history), and
        -- pushes of Lanes' own tables made offline: state 'waiting', their rows
        -- snapshotted in a CSV file in the data folder, sent by the next sync.
        CREATE TABLE datapool_pushes (
          id TEXT PRIMARY KEY,
          source TEXT NOT NULL CHECK (source IN ('file', 'inventory', 'metrics')),
          table_name TEXT NOT NULL,
          mode TEXT NOT NULL CHECK (mode IN ('DELTA', 'REPLACE')),
          state TEXT NOT NULL CHECK (state IN ('waiting', 'running', 'done', 'failed', 'canceled')),
          job_id TEXT,
          job_status TEXT,
          rows INTEGER NOT NULL DEFAULT 0,
          bytes INTEGER NOT NULL DEFAULT 0,
          snapshot TEXT,
          logs TEXT,
          error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        CREATE INDEX datapool_pushes_by_state ON datapool_pushes (state, created_at);
      `);
    },
  },
  {
    version: 8,
    description: 'outbox kinds checked by their handlers, not by the table',
    up(db) {
      // The kinds of outbox operations are declared once, by their handlers (sync/operations/);
      // the table no longer repeats the list, so a new kind needs no migration. SQLite cannot drop
      // a CHECK in place: the outbox is copied into a table without it, and so are the conflicts
      // that reference it (a renamed table takes the references along).
      db.pragma('defer_foreign_keys = ON');
      db.exec(`
        CREATE TABLE outbox_next (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          op_id TEXT NOT NULL UNIQUE,
          element_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          payload TEXT NOT NULL,
          base TEXT NOT NULL,
          depends_on TEXT REFERENCES outbox_next (op_id),
          state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'unknown', 'done', 'failed', 'conflict')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at TEXT NOT NULL,
          last_error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
        INSERT INTO outbox_next (seq, op_id, element_id, kind, payload, base, depends_on, state, attempts,
            next_attempt_at, last_error, created_at, finished_at)
          SELECT seq, op_id, element_id, kind, payload, base, depends_on, state, attempts,
            next_attempt_at, last_error, created_at, finished_at FROM outbox;
        CREATE TABLE conflicts_next (
          id TEXT PRIMARY KEY,
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          op_id TEXT NOT NULL REFERENCES outbox_next (op_id),
          base_xml TEXT NOT NULL,
          mine_xml TEXT NOT NULL,
          theirs_xml TEXT NOT NULL,
          theirs_version_id TEXT,
          theirs_changed_on TEXT,
          changes TEXT NOT NULL,
          created_at TEXT NOT NULL,
          resolved_at TEXT,
          resolution TEXT CHECK (resolution IN ('mine', 'theirs', 'merged')),
          kind TEXT NOT NULL DEFAULT 'conflict' CHECK (kind IN ('conflict', 'review')),
          merged_xml TEXT
        );
        INSERT INTO conflicts_next (id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml,
            theirs_version_id, theirs_changed_on, changes, created_at, resolved_at, resolution, kind, merged_xml)
          SELECT id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml, theirs_version_id,
            theirs_changed_on, changes, created_at, resolved_at, resolution, kind, merged_xml FROM conflicts;
        DROP TABLE conflicts;
        DROP TABLE outbox;
        ALTER TABLE outbox_next RENAME TO outbox;
        ALTER TABLE conflicts_next RENAME TO conflicts;
        CREATE INDEX outbox_open ON outbox (state, element_id, seq);
      `);
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`The outbox copy left ${broken.length} dangling reference(s).`);
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
    version: 10,
    description:
      'translations made in Lanes: drafts, queued, and what each published one was translated from',
    up(db) {
      db.exec(`
        -- One row per process, target culture and text (element id#field): the
        -- translator's text while it is a draft or queued in the outbox (op_id),
        -- and once published the ledger of what it was translated from, so a
        -- later change of the source shows the row as out of date.
        CREATE TABLE translations (
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          item TEXT NOT NULL,
          text TEXT NOT NULL,
          base TEXT,
          source_lcid INTEGER NOT NULL,
          source TEXT,
          state TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'published')),
          op_id TEXT,
          updated_at TEXT NOT NULL,
          PRIMARY KEY (element_id, lcid, item)
        );
        CREATE INDEX translations_by_op ON translations (op_id);
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
  {
    version: 13,
    description:
      'conflicts resolved by replacing theirs wholesale, and the server versions a resolution replaced',
    up(db) {
      db.exec(`
        -- "Replace with mine" is its own resolution beside "Keep mine" (a merge where mine wins).
        CREATE TABLE conflicts_next (
          id TEXT PRIMARY KEY,
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          op_id TEXT NOT NULL REFERENCES outbox (op_id),
          base_xml TEXT NOT NULL,
          mine_xml TEXT NOT NULL,
          theirs_xml TEXT NOT NULL,
          theirs_version_id TEXT,
          theirs_changed_on TEXT,
          changes TEXT NOT NULL,
          created_at TEXT NOT NULL,
          resolved_at TEXT,
          resolution TEXT CHECK (resolution IN ('mine', 'replace', 'theirs', 'merged')),
          kind TEXT NOT NULL DEFAULT 'conflict' CHECK (kind IN ('conflict', 'review')),
          merged_xml TEXT
        );
        INSERT INTO conflicts_next SELECT id, element_id, culture, op_id, base_xml, mine_xml, theirs_xml,
            theirs_version_id, theirs_changed_on, changes, created_at, resolved_at, resolution, kind, merged_xml
          FROM conflicts;
        DROP TABLE conflicts;
        ALTER TABLE conflicts_next RENAME TO conflicts;
        -- The server's version a resolution overwrote ('replaced') is kept beside the same diagram
        -- seen as the version ('server'); a server and a sent copy of one diagram stay one row, as before.
        CREATE TABLE bpmn_history_next (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          version_id TEXT,
          version_label TEXT,
          changed_on TEXT,
          kind TEXT NOT NULL CHECK (kind IN ('server', 'published', 'replaced')),
          xml TEXT NOT NULL,
          xml_hash TEXT NOT NULL,
          seen_at TEXT NOT NULL,
          not_kept TEXT
        );
        INSERT INTO bpmn_history_next (seq, element_id, lcid, version_id, version_label, changed_on, kind, xml,
            xml_hash, seen_at, not_kept)
          SELECT seq, element_id, lcid, version_id, version_label, changed_on, kind, xml, xml_hash, seen_at, not_kept
          FROM bpmn_history;
        DROP TABLE bpmn_history;
        ALTER TABLE bpmn_history_next RENAME TO bpmn_history;
        CREATE UNIQUE INDEX bpmn_history_distinct
          ON bpmn_history (element_id, lcid, kind = 'replaced', IFNULL(version_id, ''), IFNULL(changed_on, ''), xml_hash);
      `);
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0)
        throw new Error(`The conflicts copy left ${broken.length} dangling reference(s).`);
    },
  },
  {
    version: 14,
    description: "an element's outbox operations found by its id",
    up(db) {
      // The outbox keeps every sent operation: "the publishes of this diagram" are looked up by element
      // (OutboxStore.ofElement) instead of by reading the whole table.
      db.exec('CREATE INDEX outbox_element ON outbox (element_id, seq)');
    },
  },
  {
    version: 15,
    description: 'outbox batches, and operations cancelled before they were sent',
    up(db) {
      // A batch (one transition for twenty elements) is found by its id for progress and cancel. The
      // state's CHECK cannot take a new value without copying the outbox and the conflicts (as 8 did):
      // a cancelled operation is stored failed with the time it was cancelled, and read as cancelled.
      db.exec(`
        ALTER TABLE outbox ADD COLUMN batch_id TEXT;
        ALTER TABLE outbox ADD COLUMN cancelled_at TEXT;
        CREATE INDEX outbox_batch ON outbox (batch_id) WHERE batch_id IS NOT NULL;
      `);
    },
  },
];

export const LATEST_SCHEMA = migrations[migrations.length - 1]!.version;
