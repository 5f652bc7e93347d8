import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_DEFERRED_TICKS, RecoveryTimer } from './recovery-timer.ts';

function fakeTimers() {
  const timers = {
    callback: null as (() => void) | null,
    ms: 0,
    setInterval(callback: () => void, ms: number) {
      timers.callback = callback;
      timers.ms = ms;
      return 1;
    },
    clearInterval() {
      timers.callback = null;
    },
  };
  return timers;
}

test('writes every 5 s while dirty, once per change, and stops when stopped', async () => {
  const timers = fakeTimers();
  let dirty = false;
  let revision = 0;
  const writes: number[] = [];
  const timer = new RecoveryTimer({
    isDirty: () => dirty,
    revision: () => revision,
    write: async () => void writes.push(revision),
    timers,
  });
  timer.start();
  assert.equal(timers.ms, 5000);
  await timer.tick();
  assert.deepEqual(writes, [], 'clean: nothing to recover');
  dirty = true;
  revision = 1;
  await timer.tick();
  await timer.tick();
  assert.deepEqual(writes, [1], 'unchanged since the last write: not written again');
  revision = 2;
  await timer.tick();
  assert.deepEqual(writes, [1, 2]);
  revision = 3;
  timer.markCurrent();
  await timer.tick();
  assert.deepEqual(writes, [1, 2], 'saved state is not recovery material');
  timer.stop();
  assert.equal(timers.callback, null);
});

test('a failed write is reported and retried on the next tick', async () => {
  let fail = true;
  const errors: unknown[] = [];
  let written = 0;
  const timer = new RecoveryTimer({
    isDirty: () => true,
    revision: () => 7,
    write: async () => {
      if (fail) throw new Error('disk full');
      written++;
    },
    onError: (error) => errors.push(error),
    timers: fakeTimers(),
  });
  await timer.tick();
  assert.equal(errors.length, 1);
  fail = false;
  await timer.tick();
  assert.equal(written, 1);
});

test('a busy user puts the write off, but only for a few ticks', async () => {
  let busy = true;
  let revision = 1;
  const writes: number[] = [];
  const timer = new RecoveryTimer({
    isDirty: () => true,
    revision: () => revision,
    write: async () => void writes.push(revision),
    busy: () => busy,
    timers: fakeTimers(),
  });
  for (let tick = 0; tick < MAX_DEFERRED_TICKS; tick++) await timer.tick();
  assert.deepEqual(writes, [], 'put off while the user works');
  await timer.tick();
  assert.deepEqual(writes, [1], 'written at last, busy or not');
  revision = 2;
  await timer.tick();
  assert.deepEqual(writes, [1], 'the next change waits again');
  busy = false;
  await timer.tick();
  assert.deepEqual(writes, [1, 2], 'written on the first quiet tick');
});
