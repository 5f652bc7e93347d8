import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { OneAtATime } from './one-at-a-time.ts';

test('work runs one after another, in order, and a failure does not block what follows', async () => {
  const gate = new OneAtATime();
  const log: string[] = [];
  const job = (name: string, ms: number, fail = false) =>
    gate.run(async () => {
      log.push(`${name}:start`);
      await sleep(ms);
      log.push(`${name}:end`);
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([job('a', 30), job('b', 5, true), job('c', 1)]);
  assert.deepEqual(log, ['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
});
