import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanesError } from '../../shared/ipc/errors.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { createBackgroundPull } from './background-pull.ts';

const busy = (): LanesError => new LanesError({ code: 'sync.busy', message: 'A sync is already running.' });

test('requests during a pull fold into one more pull afterwards', async () => {
  let calls = 0;
  let release: () => void = () => {};
  const pull = createBackgroundPull({
    pull: async () => {
      calls++;
      await new Promise<void>((resolve) => (release = resolve));
    },
    logger: createMemoryLogger(),
  });
  pull.request();
  pull.request();
  pull.request();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls, 1);
  release();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls, 2, 'the pins added meanwhile get their own pull');
  release();
  await pull.idle();
  assert.equal(calls, 2);
});

test("a user's sync in progress is waited for; failures are logged, not thrown", async () => {
  const outcomes: (Error | undefined)[] = [busy(), busy(), undefined];
  let calls = 0;
  const logger = createMemoryLogger();
  const pull = createBackgroundPull({
    pull: async () => {
      const outcome = outcomes[calls++];
      if (outcome) throw outcome;
    },
    logger,
    busyRetryMs: 5,
  });
  pull.request();
  await pull.idle();
  assert.equal(calls, 3);
  assert.deepEqual(logger.lines, []);

  const failing = createBackgroundPull({
    pull: () => Promise.reject(new LanesError({ code: 'api.unreachable', message: 'down' })),
    logger,
  });
  failing.request();
  await failing.idle();
  assert.equal(logger.lines.length, 1);
  assert.match(logger.lines[0]!, /pinned/);
});
