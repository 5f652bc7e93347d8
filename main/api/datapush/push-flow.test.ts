import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { createDispatcher } from '../http/dispatcher.ts';
import { HttpClient } from '../http/http-client.ts';
import { DataPushClient } from './datapush-client.ts';
import { pushTable, type PushProgress } from './push-flow.ts';
import { ChunkThreads } from './chunk-thread.ts';
import { CsvShapeError } from './csv-chunks.ts';
import { LanesError } from '../../../shared/ipc/errors.ts';

let emulator: RunningEmulator;
let client: DataPushClient;
const dir = mkdtempSync(join(tmpdir(), 'lanes-push-'));
const csv = (name: string, rows: number): string => {
  const path = join(dir, name);
  writeFileSync(
    path,
    ['id,value', ...Array.from({ length: rows }, (_, i) => `${i + 1},v${i + 1}`)].join('\n'),
  );
  return path;
};

before(async () => {
  // Slow job steps keep a job RUNNING long enough for a second one to meet it.
  emulator = await startEmulator({ seed: 'empty', quiet: true, jobStepMs: 400 });
  const c = emulator.config;
  client = new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
    baseUrl: c.dataPushBaseUrl,
    poolId: c.poolId,
    key: c.dataPushKey,
  });
});
after(() => emulator.close());

test('a push meeting a running job on the same table (409) waits for it, then runs', async () => {
  const first = pushTable(client, { file: csv('a.csv', 10), table: 'shared', keys: ['id'], type: 'DELTA' });
  await new Promise((resolve) => setTimeout(resolve, 150));
  const progress: PushProgress[] = [];
  const second = pushTable(client, {
    file: csv('b.csv', 20),
    table: 'shared',
    keys: ['id'],
    type: 'DELTA',
    onProgress: (p) => progress.push(p),
  });
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a.job.status, 'DONE');
  assert.equal(b.job.status, 'DONE');
  assert.ok(
    progress.some((p) => p.status === 'another job on this table is running'),
    'the second push reported that it waited',
  );
  assert.equal((await client.inspectTable('shared')).length, 20);
});

test('cancelling a push cancels its job on the service', async () => {
  const controller = new AbortController();
  let jobSeen = false;
  const created: string[] = [];
  const createJob = client.createJob.bind(client);
  client.createJob = async (...args) => {
    const job = await createJob(...args);
    created.push(job.id);
    return job;
  };
  const pushing = pushTable(client, {
    file: csv('c.csv', 5),
    table: 'cancelled',
    keys: ['id'],
    type: 'DELTA',
    signal: controller.signal,
    onProgress: (p) => {
      if (p.phase === 'wait') {
        jobSeen = true;
        controller.abort();
      }
    },
  });
  await assert.rejects(
    pushing,
    (error: unknown) => error instanceof LanesError && error.code === 'api.cancelled',
  );
  assert.ok(jobSeen);
  assert.equal(created.length, 1);
  assert.equal((await client.getJob(created[0]!)).status, 'CANCELED');
});

test('a many-chunk push (each chunk read while the one before uploads, bodies reused) lands every row intact', async () => {
  const rows = 7_321;
  const result = await pushTable(client, {
    file: csv('many.csv', rows),
    table: 'many_chunks',
    keys: ['id'],
    type: 'DELTA',
    rowsPerChunk: 500,
  });
  assert.equal(result.job.status, 'DONE');
  assert.equal(result.chunks, 15);
  assert.equal(result.rows, rows);
  const stored = await client.inspectTable('many_chunks');
  assert.equal(stored.length, rows);
  const byId = new Map(stored.map((row) => [Number(row.id), row.value]));
  for (let i = 1; i <= rows; i++) assert.equal(byId.get(i), `v${i}`, `row ${i}`);
});

test('a bad row in a later chunk stops the push while an earlier chunk uploads, and the job is cancelled', async () => {
  const path = join(dir, 'bad-later.csv');
  writeFileSync(
    path,
    [
      'id,value',
      ...Array.from({ length: 2_000 }, (_, i) => (i === 1_600 ? `${i + 1},v,extra` : `${i + 1},v`)),
    ].join('\n'),
  );
  const created: string[] = [];
  const createJob = client.createJob.bind(client);
  client.createJob = async (...args) => {
    const job = await createJob(...args);
    created.push(job.id);
    return job;
  };
  try {
    await assert.rejects(
      pushTable(client, { file: path, table: 'bad_later', keys: ['id'], type: 'DELTA', rowsPerChunk: 500 }),
      /Row 1602 of .*bad-later\.csv has 3 fields; the header has 2/,
    );
  } finally {
    client.createJob = createJob;
  }
  assert.equal(created.length, 1);
  assert.equal((await client.getJob(created[0]!)).status, 'CANCELED');
});

test('read and chunked in a thread of its own, the push lands every row, and a bad row still stops it by its line', async () => {
  const threads = new ChunkThreads(new URL('../../datapool/push-worker.ts', import.meta.url));
  const chunker = threads.chunker;
  const rows = 5_003;
  const result = await pushTable(client, {
    file: csv('threaded.csv', rows),
    table: 'threaded',
    keys: ['id'],
    type: 'DELTA',
    rowsPerChunk: 400,
    chunker,
  });
  assert.equal(result.chunks, 13);
  const stored = await client.inspectTable('threaded');
  assert.equal(stored.length, rows);
  const byId = new Map(stored.map((row) => [Number(row.id), row.value]));
  for (let i = 1; i <= rows; i++) assert.equal(byId.get(i), `v${i}`, `row ${i}`);
  const bad = join(dir, 'threaded-bad.csv');
  writeFileSync(
    bad,
    [
      'id,value',
      ...Array.from({ length: 2_000 }, (_, i) => (i === 1_500 ? `${i + 1},v,x` : `${i + 1},v`)),
    ].join('\n'),
  );
  await assert.rejects(
    pushTable(client, {
      file: bad,
      table: 'threaded_bad',
      keys: ['id'],
      type: 'DELTA',
      rowsPerChunk: 300,
      chunker,
    }),
    (error: unknown) =>
      error instanceof CsvShapeError && /Row 1502 of .*threaded-bad\.csv has 3 fields/.test(error.message),
  );
});
