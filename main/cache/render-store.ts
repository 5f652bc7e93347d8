import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { sanitizeSvg, SvgTooLargeError } from '../svg/sanitize-svg.ts';
import type { SvgLimitKind } from '../svg/svg-limits.ts';

/**
 * The server's renderings as they are kept: the raw SVG (the CLI's `--raw`),
 * and, sanitised once when it is stored, the SVG that is shown, so that
 * showing it (the Diagram tab, the editor's preview) costs no sanitising;
 * and a PNG of it, made by the renderer the first time it drew the SVG, so a
 * later preview is only a picture to paint. Replacing a rendering drops both.
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
  raster: RenderRaster | null;
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
  raster: string | null;
  raster_width: number | null;
  raster_height: number | null;
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
           clean_svg, removed, problem, raster, raster_width, raster_height)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)`,
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
                problem, raster, raster_width, raster_height, fetched_at
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
    const raster =
      row.raster !== null && row.raster_width !== null && row.raster_height !== null
        ? { png: row.raster, width: row.raster_width, height: row.raster_height }
        : null;
    return { shown, raster, fetchedAt: row.fetched_at };
  }

  /** Keeps the renderer's picture of the rendering fetched at `fetchedAt`; false when that rendering is gone. */
  putRaster(
    diagramId: string,
    culture: number,
    layout: string,
    fetchedAt: string,
    raster: RenderRaster,
  ): boolean {
    return (
      this.#sql(
        `UPDATE renders SET raster = ?, raster_width = ?, raster_height = ?
           WHERE diagram_id = ? AND culture = ? AND layout = ? AND fetched_at = ? AND clean_svg IS NOT NULL`,
      ).run(raster.png, raster.width, raster.height, diagramId, culture, layout, fetchedAt).changes > 0
    );
  }
}
