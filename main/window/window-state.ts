import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomic } from '../base/json-file.ts';
import type { Logger } from '../log/logger.ts';

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20000),
  height: z.number().int().min(200).max(20000),
  maximized: z.boolean(),
});
type WindowState = z.infer<typeof windowStateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
const MIN_VISIBLE = 100;

/**
 * Puts a remembered window back where it was, unless the display it was on is
 * gone (a laptop undocked): then it is centred on the primary work area and
 * shrunk to fit, so it never opens off-screen.
 */
export function placeWindow(saved: WindowState | undefined, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  if (saved && workAreas.some((area) => overlap(saved, area) >= MIN_VISIBLE * MIN_VISIBLE)) return saved;
  const width = Math.min(saved?.width ?? DEFAULT_SIZE.width, primary.width);
  const height = Math.min(saved?.height ?? DEFAULT_SIZE.height, primary.height);
  return {
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + (primary.height - height) / 2),
    width,
    height,
    maximized: saved?.maximized ?? false,
  };
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

export function windowStateFile(dataDir: string): string {
  return join(dataDir, 'window-state.json');
}

export function loadWindowState(dataDir: string, logger: Logger): WindowState | undefined {
  return readJsonFile(windowStateFile(dataDir), windowStateSchema, (reason) =>
    logger.warn('Ignoring damaged window state', reason),
  );
}

export function saveWindowState(dataDir: string, state: WindowState): void {
  writeJsonAtomic(windowStateFile(dataDir), windowStateSchema.parse(state));
}
