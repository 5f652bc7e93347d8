import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { sanitizeSvg, SvgTooLargeError } from '../svg/sanitize-svg.ts';
import type { SvgLimitKind } from '../svg/svg-limits.ts';
import type { DiagramPicture } from '../../shared/domain/workspace.ts';

/**
 * The server's renderings as they are kept: the raw SVG (the CLI's `--raw`),
 * and, sanitised once when it is stored, the SVG that is shown, so that
 * showing it (the Diagram tab, the editor's preview) costs no sanitising;
 * and PNGs of it, made by the renderer the first time it drew the SVG, so a
 * later editor preview or Diagram tab is first only a picture to paint: the
 * preview's (the top of the diagram at the editor's width) and the Diagram
 * tab's (the whole diagram as the tab fitted it), one of each per rendering.
 * Replacing a rendering drops all of them.
 */

/** What showing a stored rendering needs, decided when it was stored. */
type ShownRender =
  | { ok: true; svg: string; removed: number }
  | { ok: false; problem: { kind: SvgLimitKind; limit: number } | 'invalid' };

/** A picture of a rendering, as the renderer drew it (PNG, base64), and its size in pixels. */
export interface RenderRaster {
  png: string;
  width: number;
  height: number;
}

interface StoredRender {
  shown: ShownRender;
  /** When the rendering was fetched: a raster is stored only for the rendering it was made of. */
  fetchedAt: string;
}

/** Sanitises a rendering for storing: what it will show, or why it cannot be shown. */
export function shownRenderOf(raw: string): ShownRender {
  try {
    const { svg, removed } = sanitizeSvg(raw);
    return { ok: true, svg, removed };
  } catch (error) {
    if (error instanceof SvgTooLargeError)
      return { ok: false, problem: { kind: error.kind, limit: error.limit } };
    return { ok: false, problem: 'invalid' };
  }
}

function columnsOf(shown: ShownRender): {
  clean_svg: string | null;
  removed: number;
  problem: string | null;
} {
  return shown.ok
    ? { clean_svg: shown.svg, removed: shown.removed, problem: null }
    : { clean_svg: null, removed: 0, problem: JSON.stringify(shown.problem) };
}

interface Row {
  svg: string;
  clean_svg: string | null;
  removed: number | null;
  problem: string | null;
  fetched_at: string;
}

export class RenderStore {
  readonly #db: Db;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Db) {
    this.#db = db;
  }

  #sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  put(
    key: { diagramId: string; culture: number; layout: string },
    raw: string,
    stamp: { versionId: string | null; changedOn: string | null },
    fetchedAt: string,
  ): void {
    const shown = columnsOf(shownRenderOf(raw));
    this.#sql(
      `INSERT OR REPLACE INTO renders (diagram_id, culture, layout, svg, version_id, changed_on, fetched_at,
           clean_svg, removed, problem, raster, raster_width, raster_height,
           tab_picture, tab_picture_width, tab_picture_height, tab_diagram_width, tab_diagram_height)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
    ).run(
      key.diagramId,
      key.culture,
      key.layout,
      raw,
      stamp.versionId,
      stamp.changedOn,
      fetchedAt,
      shown.clean_svg,
      shown.removed,
      shown.problem,
    );
  }

  /** What is shown of a stored rendering; a row stored before renders were sanitised on storing is sanitised now, once. */
  shown(diagramId: string, culture: number, layout: string): StoredRender | undefined {
    const row = this.#sql(
      `SELECT CASE WHEN clean_svg IS NULL AND problem IS NULL THEN svg ELSE '' END AS svg, clean_svg, removed,
                problem, fetched_at
         FROM renders WHERE diagram_id = ? AND culture = ? AND layout = ?`,
    ).get(diagramId, culture, layout) as Row | undefined;
    if (!row) return undefined;
    let shown: ShownRender;
    if (row.clean_svg !== null) shown = { ok: true, svg: row.clean_svg, removed: row.removed ?? 0 };
    else if (row.problem !== null)
      shown = {
        ok: false,
        problem: JSON.parse(row.problem) as Exclude<ShownRender, { ok: true }>['problem'],
      };
    else {
      shown = shownRenderOf(row.svg);
      const columns = columnsOf(shown);
      this.#sql(
        'UPDATE renders SET clean_svg = ?, removed = ?, problem = ? WHERE diagram_id = ? AND culture = ? AND layout = ?',
      ).run(columns.clean_svg, columns.removed, columns.problem, diagramId, culture, layout);
    }
    return { shown, fetchedAt: row.fetched_at };
  }

  /**
   * The editor preview's picture of a stored rendering, read without the
   * rendering itself: a picture is all the preview sends, and reading the SVG
   * only to leave it here held main's thread, and the document asked right
   * behind the preview, for milliseconds (4,000 elements: 1.4 MB of text).
   * `undefined` when nothing is stored for the layout, `null` when the
   * rendering has no picture yet.
   */
  previewPicture(
    diagramId: string,
    culture: number,
    layout: string,
  ): { raster: RenderRaster; fetchedAt: string } | null | undefined {
    const row = this.#sql(
      `SELECT raster, raster_width, raster_height, fetched_at
         FROM renders WHERE diagram_id = ? AND culture = ? AND layout = ?`,
    ).get(diagramId, culture, layout) as
      | {
          raster: string | null;
          raster_width: number | null;
          raster_height: number | null;
          fetched_at: string;
        }
      | undefined;
    if (!row) return undefined;
    if (row.raster === null || row.raster_width === null || row.raster_height === null) return null;
    return {
      raster: { png: row.raster, width: row.raster_width, height: row.raster_height },
      fetchedAt: row.fetched_at,
    };
  }

  /** The Diagram tab's picture of a stored rendering, if the renderer made one of it, and that rendering's time. */
  diagramPicture(
    diagramId: string,
    culture: number,
    layout: string,
  ): { picture: DiagramPicture; fetchedAt: string } | null {
    const row = this.#sql(
      `SELECT tab_picture, tab_picture_width, tab_picture_height, tab_diagram_width, tab_diagram_height, fetched_at
         FROM renders WHERE diagram_id = ? AND culture = ? AND layout = ? AND tab_picture IS NOT NULL`,
    ).get(diagramId, culture, layout) as
      | {
          tab_picture: string;
          tab_picture_width: number;
          tab_picture_height: number;
          tab_diagram_width: number;
          tab_diagram_height: number;
          fetched_at: string;
        }
      | undefined;
    return row
      ? {
          picture: {
            png: row.tab_picture,
            width: row.tab_picture_width,
            height: row.tab_picture_height,
            natural: { width: row.tab_diagram_width, height: row.tab_diagram_height },
          },
          fetchedAt: row.fetched_at,
        }
      : null;
  }

  /**
   * Keeps the renderer's picture of the rendering fetched at `fetchedAt`, for the editor's preview or
   * the Diagram tab; false when that rendering is gone (fetched anew since, or never stored).
   */
  putRaster(
    key: { diagramId: string; culture: number; layout: string; fetchedAt: string },
    picture: { view: 'preview'; raster: RenderRaster } | { view: 'diagram'; raster: DiagramPicture },
  ): boolean {
    const where =
      'WHERE diagram_id = ? AND culture = ? AND layout = ? AND fetched_at = ? AND clean_svg IS NOT NULL';
    const row = [key.diagramId, key.culture, key.layout, key.fetchedAt];
    const { raster } = picture;
    const update =
      picture.view === 'preview'
        ? this.#sql(`UPDATE renders SET raster = ?, raster_width = ?, raster_height = ? ${where}`).run(
            raster.png,
            raster.width,
            raster.height,
            ...row,
          )
        : this.#sql(
            `UPDATE renders SET tab_picture = ?, tab_picture_width = ?, tab_picture_height = ?,
               tab_diagram_width = ?, tab_diagram_height = ? ${where}`,
          ).run(
            raster.png,
            raster.width,
            raster.height,
            picture.raster.natural.width,
            picture.raster.natural.height,
            ...row,
          );
    return update.changes > 0;
  }
}
