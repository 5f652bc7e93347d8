/**
 * Positions for shapes that have none (content created through the REST
 * API or by `--seed N`): a deterministic layered left-to-right layout by
 * longest path from the sources. Stored coordinates always win.
 */
import type { Bounds, FlowRow, ShapeRow } from '../store/content.ts';
import { defaultSize } from './types.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Layout {
  bounds: Map<string, Bounds>;
  waypoints: Map<string, Point[]>;
}

const COLUMN = 170;
const ROW = 130;
const ORIGIN = { x: 150, y: 80 };

function layers(shapes: ShapeRow[], flows: FlowRow[]): Map<string, number> {
  const incoming = new Map<string, number>(shapes.map((s) => [s.shapeId, 0]));
  const outgoing = new Map<string, string[]>();
  for (const f of flows) {
    if (!incoming.has(f.source) || !incoming.has(f.target)) continue;
    incoming.set(f.target, (incoming.get(f.target) ?? 0) + 1);
    outgoing.set(f.source, [...(outgoing.get(f.source) ?? []), f.target]);
  }
  const layer = new Map<string, number>();
  let frontier = shapes.filter((s) => incoming.get(s.shapeId) === 0).map((s) => s.shapeId);
  if (frontier.length === 0 && shapes[0]) frontier = [shapes[0].shapeId];
  for (const id of frontier) layer.set(id, 0);
  // Breadth-first with a visit budget: cycles (loops back in a process) must not run forever.
  let budget = shapes.length * 4 + 16;
  while (frontier.length && budget-- > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const target of outgoing.get(id) ?? []) {
        if (layer.has(target)) continue;
        layer.set(target, (layer.get(id) ?? 0) + 1);
        next.push(target);
      }
    }
    frontier = next;
  }
  let extra = Math.max(0, ...layer.values()) + 1;
  for (const s of shapes) if (!layer.has(s.shapeId)) layer.set(s.shapeId, extra++);
  return layer;
}

export function computeLayout(shapes: ShapeRow[], flows: FlowRow[]): Layout {
  const bounds = new Map<string, Bounds>();
  const missing = shapes.filter((s) => !s.bounds);
  let offsetY = ORIGIN.y;
  for (const s of shapes) {
    if (s.bounds) {
      bounds.set(s.shapeId, s.bounds);
      offsetY = Math.max(offsetY, s.bounds.y + s.bounds.h + ROW);
    }
  }
  if (missing.length) {
    const layerOf = layers(missing, flows);
    const rowsUsed = new Map<number, number>();
    for (const s of missing) {
      const layer = layerOf.get(s.shapeId) ?? 0;
      const row = rowsUsed.get(layer) ?? 0;
      rowsUsed.set(layer, row + 1);
      const size = defaultSize(s.bpmnType);
      const cx = ORIGIN.x + layer * COLUMN + 50;
      const cy = offsetY + row * ROW + 40;
      bounds.set(s.shapeId, { x: cx - size.w / 2, y: cy - size.h / 2, w: size.w, h: size.h });
    }
  }
  const waypoints = new Map<string, Point[]>();
  for (const f of flows) {
    const a = bounds.get(f.source);
    const b = bounds.get(f.target);
    if (!a || !b) continue;
    if (f.waypoints && f.waypoints.length >= 2) {
      waypoints.set(f.flowId, f.waypoints);
      continue;
    }
    const start = { x: a.x + a.w, y: a.y + a.h / 2 };
    const end = { x: b.x, y: b.y + b.h / 2 };
    if (start.y === end.y) {
      waypoints.set(f.flowId, [start, end]);
    } else {
      const midX = Math.round((start.x + end.x) / 2);
      waypoints.set(f.flowId, [start, { x: midX, y: start.y }, { x: midX, y: end.y }, end]);
    }
  }
  return { bounds, waypoints };
}
