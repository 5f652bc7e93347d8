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
import { CsvShapeError } from './csv-file-errors.ts';
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

/** Records the id of every job a push creates (then runs `then`), until `restore()`. */
function recordCreatedJobs(then: () => void = () => {}): { created: string[]; restore: () => void } {
  const created: string[] = [];
  const createJob = client.createJob.bind(client);
  client.createJob = async (...args) => {
    const job = await createJob(...args);
    created.push(job.id);
    then();
    return job;
  };
  return { created, restore: () => void (client.createJob = createJob) };
}

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
  const { created, restore } = recordCreatedJobs();
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
  try {
    await assert.rejects(
      pushing,
      (error: unknown) => error instanceof LanesError && error.code === 'api.cancelled',
    );
  } finally {
    restore();
  }
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
  const { created, restore } = recordCreatedJobs();
  try {
    await assert.rejects(
      pushTable(client, { file: path, table: 'bad_later', keys: ['id'], type: 'DELTA', rowsPerChunk: 500 }),
      /Row 1602 of .*bad-later\.csv has 3 fields; the header has 2/,
    );
  } finally {
    restore();
  }
  assert.equal(created.length, 1);
  assert.equal((await client.getJob(created[0]!)).status, 'CANCELED');
});

test('the job is created while the first chunk is still being read, and a bad row further in cancels that job', async () => {
  // The bad row lies beyond the first read buffer (256 KB) but inside the first 100,000 rows: a push that created
  // its job only once the first chunk was cut would meet the bad row first and create no job at all. Whether the
  // rows read by the time the job existed went out first (csvChunks' firstChunkWanted) depends on how fast the
  // job came: either way nothing lands.
  const path = join(dir, 'bad-first.csv');
  const filler = 'x'.repeat(60);
  writeFileSync(
    path,
    [
      'id,value',
      ...Array.from({ length: 30_000 }, (_, i) => `${i + 1},${i === 25_000 ? `${filler},extra` : filler}`),
    ].join('\n'),
  );
  const told: string[] = [];
  const { created, restore } = recordCreatedJobs();
  try {
    await assert.rejects(
      pushTable(client, {
        file: path,
        table: 'bad_first',
        keys: ['id'],
        type: 'DELTA',
        rowsPerChunk: 100_000,
        onJob: (job) => told.push(job.id),
      }),
      (error: unknown) =>
        error instanceof CsvShapeError && /Row 25002 of .*bad-first\.csv has 3 fields/.test(error.message),
    );
  } finally {
    restore();
  }
  assert.equal(created.length, 1, 'the job was created before the bad row was read');
  assert.equal((await client.getJob(created[0]!)).status, 'CANCELED', 'and does not linger as NEW');
  assert.ok(told.length <= 1 && told.every((id) => id === created[0]), 'announced at most once, as itself');
  await assert.rejects(client.inspectTable('bad_first'), 'no row landed');
});

test('quoted fields holding line ends, separators and quotes, cut across read buffers and chunks, arrive intact', async () => {
  // Each value is about 700 bytes, so the 256 KB read buffers end inside quoted fields, and chunks of 333
  // rows end on records whose quoted field spans lines.
  const rows = 4_000;
  const value = (i: number): string =>
    `row ${i}, "quoted" part\nsecond line ${'y'.repeat(600 + (i % 97))}\r\nthird, ${i % 13}`;
  const quote = (text: string): string => `"${text.replaceAll('"', '""')}"`;
  const path = join(dir, 'quoted.csv');
  writeFileSync(
    path,
    ['id,value', ...Array.from({ length: rows }, (_, i) => `${i + 1},${quote(value(i + 1))}`)].join('\r\n'),
  );
  const progress: PushProgress[] = [];
  const result = await pushTable(client, {
    file: path,
    table: 'quoted_cuts',
    keys: ['id'],
    type: 'DELTA',
    rowsPerChunk: 333,
    onProgress: (p) => progress.push(p),
  });
  assert.equal(result.job.status, 'DONE');
  assert.equal(result.chunks, Math.ceil(rows / 333));
  const uploads = progress.filter((p) => p.phase === 'upload');
  assert.deepEqual(
    uploads.map((p) => p.rows),
    Array.from({ length: result.chunks }, (_, i) => Math.min(rows, (i + 1) * 333)),
    'one progress step per chunk, rows counted as they went',
  );
  const stored = await client.inspectTable('quoted_cuts');
  assert.equal(stored.length, rows);
  const byId = new Map(stored.map((row) => [Number(row.id), row.value]));
  // Line ends inside a quoted field are sent as they are: only record ends become \n.
  for (let i = 1; i <= rows; i++) assert.equal(byId.get(i), value(i), `row ${i}`);
});

test('a push cancelled while its first chunk is read and its job created leaves that job CANCELED', async () => {
  const controller = new AbortController();
  const { created, restore } = recordCreatedJobs(() => controller.abort());
  try {
    await assert.rejects(
      pushTable(client, {
        file: csv('cancel-early.csv', 50_000),
        table: 'cancel_early',
        keys: ['id'],
        type: 'DELTA',
        signal: controller.signal,
      }),
      (error: unknown) => error instanceof LanesError && error.code === 'api.cancelled',
    );
  } finally {
    restore();
  }
  assert.equal(created.length, 1);
  assert.equal((await client.getJob(created[0]!)).status, 'CANCELED');
  await assert.rejects(client.inspectTable('cancel_early'));
});

test('the first chunk is sent as soon as the job exists, with the rows read by then; every row goes once', async () => {
  // The service seam answers at once (as a fast local network does), so the job exists long before 100,000 rows
  // are read: the first chunk goes with what was read, the rest follows in whole chunks, and each chunk's first
  // line is told so the service's line numbers still map to the file.
  const rows = 40_000;
  const path = join(dir, 'early.csv');
  const record = (i: number): string => `${i},"value ${i}, ${'z'.repeat(40)}"`;
  writeFileSync(
    path,
    ['id,value', ...Array.from({ length: rows }, (_, i) => record(i + 1))].join('\n') + '\n',
  );
  const sent: { rows: number; body: string }[] = [];
  const starts: number[] = [];
  const job = { id: 'job-1', status: 'NEW', logs: [], keys: ['id'] };
  const instant = {
    createJob: async () => job,
    addWrappedChunk: async (_id: string, _kind: string, wire: Uint8Array) => {
      const text = Buffer.from(wire).toString('utf8');
      const body = text.slice(text.indexOf('id,value\n'), text.lastIndexOf('\r\n--'));
      sent.push({ rows: body.split('\n').length - 2, body });
    },
    executeJob: async () => {},
    getJob: async () => ({ ...job, status: 'DONE' }),
    cancelJob: async () => job,
  } as unknown as DataPushClient;
  const result = await pushTable(instant, {
    file: path,
    table: 'early',
    keys: ['id'],
    type: 'DELTA',
    rowsPerChunk: 100_000,
    onChunk: (kind, firstLine) => {
      assert.equal(kind, 'UPSERT');
      starts.push(firstLine);
    },
  });
  assert.equal(result.rows, rows);
  assert.ok(
    sent.length >= 2,
    `the first chunk went before all ${rows} rows were read (${sent.length} chunk)`,
  );
  assert.ok(sent[0]!.rows < rows);
  assert.deepEqual(
    sent.map((chunk) => chunk.body.split('\n')[0]),
    sent.map(() => 'id,value'),
    'each chunk repeats the header',
  );
  const records = sent.flatMap((chunk) => chunk.body.split('\n').slice(1, -1));
  assert.deepEqual(
    records,
    Array.from({ length: rows }, (_, i) => record(i + 1)),
  );
  let line = 2;
  assert.deepEqual(
    starts,
    sent.map((chunk) => {
      const first = line;
      line += chunk.rows;
      return first;
    }),
  );
});
