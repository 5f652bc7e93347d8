import { clientsFor } from './emulator-clients.test-support.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../emulator/index.ts';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import type { NewOperation } from './outbox-store.ts';
import { OutboxService } from './outbox-service.ts';

test('100 operations on 30 elements converge under 20 % failures: each applied exactly once, none lost', async () => {
  const emulator = await startEmulator({ seed: 500, quiet: true, faultSeed: 42 });
  const { db } = await openDatabase(
    join(mkdtempSync(join(tmpdir(), 'lanes-converge-')), 'cache.db'),
    migrations,
    createMemoryLogger(),
  );
  try {
    const c = emulator.config;
    const { process: process_, bpmn } = clientsFor(c, { retry: { baseDelayMs: 20, maxDelayMs: 200 } });
    const elements = (await process_.listAllElements('processes', 'processList'))
      .filter((e) => e.state === 'inProcess')
      .slice(0, 30);
    assert.equal(elements.length, 30);

    // Every operation adds one uniquely named shape: a duplicate or a loss shows in the content.
    const service = new OutboxService({
      db,
      clients: () => ({ process: process_, bpmn }),
      reviewMerges: false,
    });
    const { outbox } = service;
    const expected = new Map<string, string[]>();
    for (let k = 0; k < 100; k++) {
      const element = elements[k % 30]!;
      const name = `op-${k}`;
      const op: NewOperation = {
        elementId: element.id,
        kind: 'createContent',
        payload: { shapes: [{ index: 0, type: 'task', attributes: { name: { '1033': name } } }] },
        base: {
          facet: 'processes',
          view: 'processList',
          versionId: element.versionId ?? null,
          changedOn: null,
        },
      };
      outbox.enqueue([op]);
      expected.set(element.id, [...(expected.get(element.id) ?? []), name]);
    }

    for (const rule of [
      { route: '*', failRate: 0.07, status: 503, retryAfter: 0 },
      { route: '*', failRate: 0.05, status: 429, retryAfter: 1 },
      { route: '*', resetRate: 0.06 },
      { route: '*', latencyMs: 5 },
    ]) {
      emulator.faults.add(rule);
    }
    let unknowns = 0;
    let retries = 0;
    const markUnknown = outbox.markUnknown.bind(outbox);
    outbox.markUnknown = (...args) => {
      unknowns++;
      markUnknown(...args);
    };
    let rounds = 0;
    while (outbox.list(['queued', 'sending', 'unknown']).length > 0 && rounds < 60) {
      rounds++;
      await service.send('sync', { onEvent: (event) => void (event.type === 'retrying' && retries++) });
    }
    emulator.faults.clear();
    assert.ok(unknowns > 0, 'some sends lost their answer and were checked');
    assert.ok(retries > 0, 'some operations waited and were retried');

    assert.deepEqual(
      outbox.list(['queued', 'sending', 'unknown', 'failed', 'conflict']),
      [],
      `converged in ${rounds} rounds`,
    );
    for (const element of elements) {
      const shapes = await process_.getContent('processes', 'processList', element.id);
      const added = shapes.map((s) => s.attributes.name?.['1033'] ?? '').filter((n) => n.startsWith('op-'));
      assert.deepEqual(added.sort(), [...expected.get(element.id)!].sort(), `element ${element.id}`);
    }
  } finally {
    db.close();
    await emulator.close();
  }
});
