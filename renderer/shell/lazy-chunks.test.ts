import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LazyViews } from './lazy-chunks.ts';

/** An import the test settles by hand, counting how often it was started. */
function manualImport(): { start: () => Promise<unknown>; calls: () => number; settle(ok: boolean): void } {
  let calls = 0;
  let settle: (ok: boolean) => void = () => {};
  return {
    start: () => {
      calls++;
      return new Promise((resolve, reject) => {
        settle = (ok) => (ok ? resolve({}) : reject(new Error('chunk fetch failed')));
      });
    },
    calls: () => calls,
    settle: (ok) => settle(ok),
  };
}

test('a chunk is imported once however often it is asked for, and is ready after', async () => {
  const editor = manualImport();
  const views = new LazyViews({ editor: editor.start });
  const heard: string[] = [];
  views.subscribe(() => heard.push(views.state('editor')));
  assert.equal(views.state('editor'), 'idle');
  const first = views.load('editor');
  const second = views.load('editor');
  assert.equal(views.state('editor'), 'loading');
  editor.settle(true);
  assert.equal(await first, true);
  assert.equal(await second, true);
  assert.equal(await views.load('editor'), true);
  assert.equal(editor.calls(), 1);
  assert.deepEqual(heard, ['loading', 'ready']);
});

test('a failed chunk is failed, and the next request imports it again', async () => {
  const compare = manualImport();
  const views = new LazyViews({ compare: compare.start });
  const failing = views.load('compare');
  compare.settle(false);
  assert.equal(await failing, false);
  assert.equal(views.state('compare'), 'failed');
  const retry = views.load('compare');
  assert.equal(views.state('compare'), 'loading');
  compare.settle(true);
  assert.equal(await retry, true);
  assert.equal(views.state('compare'), 'ready');
  assert.equal(compare.calls(), 2);
});
