import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLaunchFlags } from './launch-flags.ts';

test('--demo anywhere among the launch arguments asks for the demo tenant', () => {
  assert.deepEqual(parseLaunchFlags(['/opt/electron', '/work/lanes', '--demo']), { demo: true });
  assert.deepEqual(parseLaunchFlags(['/opt/Lanes', '--no-sandbox', '--demo', '--enable-logging']), {
    demo: true,
  });
});

test('without --demo, or with a look-alike or after "--", the app starts normally', () => {
  assert.deepEqual(parseLaunchFlags(['/opt/electron', '/work/lanes']), { demo: false });
  assert.deepEqual(parseLaunchFlags(['/opt/Lanes', '--demo-mode', '--demonstrate']), { demo: false });
  assert.deepEqual(parseLaunchFlags(['/opt/Lanes', '--', '--demo']), { demo: false });
});
