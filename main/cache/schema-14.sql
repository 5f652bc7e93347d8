-- The schema of a cache file at version 14, as Lanes made it when main/cache/schema.ts still held every store's
-- tables (sqlite_master of a new cache then). database.test.ts proves that a file made by it opens unchanged, and
-- that the stores' own declarations still build exactly this schema. Never edit: it is what users' files hold.
CREATE TABLE bpmn_exports (
          element_id TEXT NOT NULL,
          lcid INTEGER NOT NULL,
          xml TEXT NOT NULL,
          version_id TEXT,
          changed_on TEXT,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (element_id, lcid)
        );
CREATE TABLE "bpmn_history" (
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
CREATE TABLE cache_meta (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
CREATE TABLE "conflicts" (
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
CREATE TABLE facets (
          name TEXT PRIMARY KEY,
          api_version TEXT NOT NULL,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
CREATE TABLE "outbox" (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          op_id TEXT NOT NULL UNIQUE,
          element_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          payload TEXT NOT NULL,
          base TEXT NOT NULL,
          depends_on TEXT REFERENCES "outbox" (op_id),
          state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'unknown', 'done', 'failed', 'conflict')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at TEXT NOT NULL,
          last_error TEXT,
          created_at TEXT NOT NULL,
          finished_at TEXT
        );
CREATE TABLE pin_queue (
          pin_id INTEGER NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
          element_id TEXT NOT NULL,
          PRIMARY KEY (pin_id, element_id)
        );
CREATE TABLE pins (
          id INTEGER PRIMARY KEY,
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          root_id TEXT,
          status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'cancelled', 'failed')),
          done INTEGER NOT NULL DEFAULT 0,
          total INTEGER,
          last_error TEXT,
          created_at TEXT NOT NULL, culture INTEGER,
          UNIQUE (facet, view, root_id)
        );
CREATE TABLE query_results (
          key TEXT PRIMARY KEY,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
CREATE TABLE recovery_slots (
          element_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          xml TEXT NOT NULL,
          saved_at TEXT NOT NULL,
          PRIMARY KEY (element_id, culture)
        );
CREATE TABLE renders (
          diagram_id TEXT NOT NULL,
          culture INTEGER NOT NULL,
          layout TEXT NOT NULL,
          svg TEXT NOT NULL,
          version_id TEXT,
          changed_on TEXT,
          fetched_at TEXT NOT NULL, clean_svg TEXT, removed INTEGER, problem TEXT, raster TEXT, raster_width INTEGER, raster_height INTEGER, tab_picture TEXT, tab_picture_width INTEGER, tab_picture_height INTEGER, tab_diagram_width REAL, tab_diagram_height REAL,
          PRIMARY KEY (diagram_id, culture, layout)
        );
CREATE TABLE reporting_lists (
          key TEXT PRIMARY KEY,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL
        );
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
CREATE TABLE view_listings (
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (facet, view)
        );
CREATE TABLE view_members (
          facet TEXT NOT NULL,
          view TEXT NOT NULL,
          element_id TEXT NOT NULL,
          parent_id TEXT,
          position INTEGER NOT NULL,
          PRIMARY KEY (facet, view, element_id)
        );
CREATE TABLE views (
          facet TEXT NOT NULL,
          name TEXT NOT NULL,
          data TEXT NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (facet, name)
        );
CREATE UNIQUE INDEX bpmn_history_distinct
          ON bpmn_history (element_id, lcid, kind = 'replaced', IFNULL(version_id, ''), IFNULL(changed_on, ''), xml_hash);
CREATE INDEX datapool_pushes_by_state ON datapool_pushes (state, created_at);
CREATE INDEX elements_by_facet ON elements (facet);
CREATE INDEX elements_stamps ON elements (id, version_id, changed_on);
CREATE INDEX outbox_element ON outbox (element_id, seq);
CREATE INDEX outbox_open ON outbox (state, element_id, seq);
CREATE INDEX translations_by_op ON translations (op_id);
CREATE INDEX view_members_by_element ON view_members (element_id);
CREATE INDEX view_members_in_order ON view_members (facet, view, position, element_id, parent_id);
