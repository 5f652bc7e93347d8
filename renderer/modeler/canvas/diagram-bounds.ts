/**
 * The box a diagram will cover on the canvas, read from its diagram
 * interchange (BPMNShape bounds, BPMNEdge waypoints, label bounds) of the
 * diagram bpmn-js shows first, before anything is drawn: fitting the view
 * from it costs no layout of the drawn diagram (diagram-session.ts).
 */
import type { ModdleElement } from './auto-layout.ts';

interface Point {
  x: number;
  y: number;
}
interface Bounds extends Point {
  width: number;
  height: number;
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);
const finite = (...values: unknown[]): boolean =>
  values.every((v) => typeof v === 'number' && Number.isFinite(v));

export function diagramBounds(definitions: ModdleElement | null | undefined): Bounds | null {
  const diagram = list(definitions?.diagrams)[0];
  const plane = diagram?.plane as ModdleElement | undefined;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number, width = 0, height = 0): void => {
    if (!finite(x, y, width, height)) return;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + width);
    maxY = Math.max(maxY, y + height);
  };
  const addBounds = (bounds: unknown): void => {
    const b = bounds as Partial<Bounds> | undefined;
    if (b) add(b.x!, b.y!, b.width, b.height);
  };
  for (const di of list(plane?.planeElement)) {
    addBounds(di.bounds);
    for (const point of list(di.waypoint) as unknown as Point[]) add(point.x, point.y);
    addBounds((di.label as ModdleElement | undefined)?.bounds);
  }
  if (!(maxX > minX || maxY > minY)) return null;
  return { x: minX, y: minY, width: Math.max(maxX - minX, 1), height: Math.max(maxY - minY, 1) };
}
