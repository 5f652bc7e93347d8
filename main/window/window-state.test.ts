import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWindowState, placeWindow, saveWindowState, windowStateFile } from './window-state.ts';
import { createMemoryLogger } from '../log/logger.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const external = { x: 1440, y: 0, width: 2560, height: 1440 };

test('a window comes back where it was while that display exists', () => {
  const saved = { x: 1600, y: 100, width: 1200, height: 800, maximized: false };
  assert.deepEqual(placeWindow(saved, [laptop, external]), saved);
});

test('a window whose display is gone is centred on the primary display and fits it', () => {
  const saved = { x: 1600, y: 100, width: 2000, height: 1200, maximized: true };
  const placed = placeWindow(saved, [laptop]);
  assert.deepEqual(placed, { x: 0, y: 0, width: 1440, height: 900, maximized: true });
});

test('with no saved state the default size is centred', () => {
  assert.deepEqual(placeWindow(undefined, [laptop]), {
    x: 80,
    y: 50,
    width: 1280,
    height: 800,
    maximized: false,
  });
});

test('window state survives a round trip and a damaged file is ignored', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-window-'));
  const logger = createMemoryLogger();
  saveWindowState(dir, { x: 10, y: 20, width: 900, height: 700, maximized: false });
  assert.deepEqual(loadWindowState(dir, logger), { x: 10, y: 20, width: 900, height: 700, maximized: false });
  writeFileSync(windowStateFile(dir), '{"x": "oops"');
  assert.equal(loadWindowState(dir, logger), undefined);
  assert.ok(logger.lines.some((line) => line.includes('damaged window state')));
});
