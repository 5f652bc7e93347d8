import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { workbench } from './workbench-store.ts';
import { clampSize } from './panel-splitter.ts';

test('an update shows at once, reaches listeners, and sends main only the fields it changes', async () => {
  const sent: unknown[] = [];
  const client = {
    request: async (channel: string, request: unknown) => {
      sent.push([channel, request]);
      return {};
    },
  } as unknown as LanesClient;
  workbench.connect(client);
  workbench.apply({ grid: true, propertiesPanelWidth: 400 });
  const seen: unknown[] = [];
  const stop = workbench.subscribe((layout) => seen.push(layout));
  workbench.update({ problemsCollapsed: false });
  assert.deepEqual(workbench.current, { grid: true, propertiesPanelWidth: 400, problemsCollapsed: false });
  assert.deepEqual(seen, [{ grid: true, propertiesPanelWidth: 400, problemsCollapsed: false }]);
  assert.deepEqual(sent, [['settings.update', { workbench: { problemsCollapsed: false } }]]);
  stop();
  workbench.apply(undefined);
  assert.deepEqual(workbench.current, {});
  assert.equal(seen.length, 1, 'an unsubscribed listener hears nothing more');
});

test('a failed write leaves the shown layout as the user made it', async () => {
  workbench.connect({ request: () => Promise.reject(new Error('main is gone')) } as unknown as LanesClient);
  workbench.apply({});
  workbench.update({ grid: false });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(workbench.current, { grid: false });
});

test('panel sizes are whole pixels between their limits; a window too small for the minimum gets the minimum', () => {
  assert.equal(clampSize(100, 200, 600), 200);
  assert.equal(clampSize(700, 200, 600), 600);
  assert.equal(clampSize(333.6, 200, 600), 334);
  assert.equal(clampSize(500, 200, 150), 200);
});
