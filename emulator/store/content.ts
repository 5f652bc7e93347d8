/**
 * Diagram content: shapes (one per element placed in a process diagram) and
 * sequence flows between shapes. Both are keyed by the process *version* so
 * that a new version starts as a copy and released versions stay untouched.
 */
import { CULTURES } from '../model/catalog.ts';
import type { Db } from './db.ts';
import { stmt } from './db.ts';
import type { CultureMap } from './elements.ts';

export interface Bounds {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ShapeRow {
  shapeId: string;
  elementId: string;
  bpmnId: string;
  bpmnType: string;
  ord: number;
  bounds: Bounds | null;
  ext: string | null;
}

export interface FlowRow {
  flowId: string;
  source: string;
  target: string;
  /** The label per culture, like an element's name; a culture without a key has no label. */
  names: CultureMap;
  waypoints: Array<{ x: number; y: number }> | null;
  ord: number;
  /** JSON of what an imported flow keeps beyond its ends (see bpmn/ext.ts FlowExt); absent for REST and seed flows. */
  ext?: string | null;
}

interface RawShape {
  shape_id: string;
  element_id: string;
  bpmn_id: string;
  bpmn_type: string;
  ord: number;
  x: number | null;
  y: number | null;
  w: number | null;
  h: number | null;
  ext: string | null;
}

interface RawFlow {
  flow_id: string;
  source_shape: string;
  target_shape: string;
  /** Written by emulators before flow labels were per culture: one label for every culture. */
  name: string | null;
  names: string | null;
  waypoints: string | null;
  ord: number;
  ext: string | null;
}

export function getShapes(db: Db, versionId: string): ShapeRow[] {
  const rows = stmt(db, 'SELECT * FROM shapes WHERE version_id = ? ORDER BY ord').all(
    versionId,
  ) as RawShape[];
  return rows.map((r) => ({
    shapeId: r.shape_id,
    elementId: r.element_id,
    bpmnId: r.bpmn_id,
    bpmnType: r.bpmn_type,
    ord: r.ord,
    bounds: r.x === null || r.y === null ? null : { x: r.x, y: r.y, w: r.w ?? 100, h: r.h ?? 80 },
    ext: r.ext,
  }));
}

export function getFlows(db: Db, versionId: string): FlowRow[] {
  const rows = stmt(db, 'SELECT * FROM flows WHERE version_id = ? ORDER BY ord').all(versionId) as RawFlow[];
  return rows.map((r) => ({
    flowId: r.flow_id,
    source: r.source_shape,
    target: r.target_shape,
    names: flowNames(r),
    waypoints: r.waypoints ? (JSON.parse(r.waypoints) as FlowRow['waypoints']) : null,
    ord: r.ord,
    ext: r.ext,
  }));
}

function flowNames(row: RawFlow): CultureMap {
  if (row.names !== null) return JSON.parse(row.names) as CultureMap;
  const legacy = row.name;
  return legacy === null ? {} : Object.fromEntries(CULTURES.map((culture) => [culture, legacy]));
}

export function shapeInserter(db: Db): (versionId: string, s: ShapeRow) => void {
  const statement = stmt(
    db,
    'INSERT INTO shapes (version_id, shape_id, element_id, bpmn_id, bpmn_type, ord, x, y, w, h, ext) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return (versionId, s) => {
    const b = s.bounds;
    statement.run(
      versionId,
      s.shapeId,
      s.elementId,
      s.bpmnId,
      s.bpmnType,
      s.ord,
      b?.x ?? null,
      b?.y ?? null,
      b?.w ?? null,
      b?.h ?? null,
      s.ext,
    );
  };
}

export function flowInserter(db: Db): (versionId: string, f: FlowRow) => void {
  const statement = stmt(
    db,
    'INSERT INTO flows (version_id, flow_id, source_shape, target_shape, names, waypoints, ord, ext) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return (versionId, f) => {
    statement.run(
      versionId,
      f.flowId,
      f.source,
      f.target,
      JSON.stringify(f.names),
      f.waypoints ? JSON.stringify(f.waypoints) : null,
      f.ord,
      f.ext ?? null,
    );
  };
}

export function replaceContent(db: Db, versionId: string, shapes: ShapeRow[], flows: FlowRow[]): void {
  stmt(db, 'DELETE FROM shapes WHERE version_id = ?').run(versionId);
  stmt(db, 'DELETE FROM flows WHERE version_id = ?').run(versionId);
  const addShape = shapeInserter(db);
  const addFlow = flowInserter(db);
  for (const s of shapes) addShape(versionId, s);
  for (const f of flows) addFlow(versionId, f);
}

export function copyContent(db: Db, fromVersion: string, toVersion: string): void {
  stmt(
    db,
    `INSERT INTO shapes (version_id, shape_id, element_id, bpmn_id, bpmn_type, ord, x, y, w, h, ext)
     SELECT ?, shape_id, element_id, bpmn_id, bpmn_type, ord, x, y, w, h, ext FROM shapes WHERE version_id = ?`,
  ).run(toVersion, fromVersion);
  stmt(
    db,
    `INSERT INTO flows (version_id, flow_id, source_shape, target_shape, name, names, waypoints, ord, ext)
     SELECT ?, flow_id, source_shape, target_shape, name, names, waypoints, ord, ext FROM flows WHERE version_id = ?`,
  ).run(toVersion, fromVersion);
}
