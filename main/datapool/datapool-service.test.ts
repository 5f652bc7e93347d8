import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { MainServices } from '../app/main-services.ts';
import { testMainServices } from '../app/main-side.test-support.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';
import type { ChosenFile, PushProgress, PushRequest } from '../../shared/domain/datapool.ts';
import type { DataPushClient } from '../api/datapush/datapush-client.ts';
import { callOrFail, poolInspector } from './datapool.test-support.ts';

let emulator: RunningEmulator;
let services: MainServices;
let inspector: DataPushClient;
const dir = mkdtempSync(join(tmpdir(), 'lanes-datapool-'));
const answers: (string | null)[] = [];
let dialogsAsked = 0;
const progress: PushProgress[] = [];
const finalPhases = new Set(['done', 'failed', 'canceled']);
const listeners = new Set<(p: PushProgress) => void>();

function mainSide(dataDir: string, secrets: MemorySecretStore): MainServices {
  return testMainServices({
    dataDir,
    secrets,
    events: (name, payload) => {
      if (name !== 'datapool.progress') return;
      progress.push(payload as PushProgress);
      for (const listener of listeners) listener(payload as PushProgress);
    },
    fileDialogs: {
      chooseBpmnToOpen: () => Promise.resolve(null),
      chooseSaveLocation: () => Promise.resolve(null),
      chooseCsvToOpen: () => {
        dialogsAsked++;
        return Promise.resolve(answers.shift() ?? null);
      },
    },
  });
}

function connectedDataDir(values: object): { dataDir: string; secrets: MemorySecretStore } {
  const dataDir = mkdtempSync(join(dir, 'data-'));
  const secrets = new MemorySecretStore();
  connectProfile(dataDir, secrets, values, 'Pool');
  return { dataDir, secrets };
}

before(async () => {
  // Job steps slow enough that a second push meets the first one and a cancel meets a queued job.
  emulator = await startEmulator({ seed: 'empty', quiet: true, jobStepMs: 700 });
  const { dataDir, secrets } = connectedDataDir(emulator.config);
  services = mainSide(dataDir, secrets);
  inspector = poolInspector(emulator.config);
});
after(async () => {
  services.dispose();
  await emulator.close();
});

function call<T>(channel: string, payload: unknown): Promise<T> {
  return callOrFail<T>(services, channel, payload);
}

async function choose(path: string): Promise<ChosenFile> {
  answers.push(path);
  const chosen = await call<ChosenFile | null>('datapool.chooseFile', { purpose: 'rows' });
  assert.ok(chosen, 'a file was chosen');
  return chosen;
}

/** Starts a push and resolves with its last progress; `onStep` sees every step on the way. */
async function push(
  request: PushRequest,
  onStep: (p: PushProgress, pushId: string) => void = () => {},
): Promise<{ final: PushProgress; steps: PushProgress[] }> {
  const steps: PushProgress[] = [];
  let pushId = '';
  const early: PushProgress[] = [];
  const outcome = new Promise<PushProgress>((resolve) => {
    const listener = (p: PushProgress): void => {
      if (!pushId) return void early.push(p);
      if (p.pushId !== pushId) return;
      steps.push(p);
      onStep(p, pushId);
      if (finalPhases.has(p.phase)) {
        listeners.delete(listener);
        resolve(p);
      }
    };
    listeners.add(listener);
  });
  pushId = (await call<{ pushId: string }>('datapool.push', request)).pushId;
  for (const p of early.filter((e) => e.pushId === pushId)) steps.push(p);
  return { final: await outcome, steps };
}

async function writeRows(name: string, rows: number, row: (i: number) => string, header = 'id,value') {
  const path = join(dir, name);
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  for (let i = 1; i <= rows; i++) if (!out.write(`${row(i)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return path;
}

test('choosing a file shows its first rows and the inferred columns, with id suggested as key', async () => {
  const path = join(dir, 'preview.csv');
  writeFileSync(path, 'id,name,amount,day\n1,Anna,1.50,2026-01-02\n2,"Bo, Jr.",2.25,2026-01-03\n');
  const chosen = await choose(path);
  assert.equal(chosen.name, 'preview.csv');
  assert.equal(JSON.stringify(chosen).includes(dir), false, 'the renderer never sees the path');
  assert.deepEqual(chosen.header, ['id', 'name', 'amount', 'day']);
  assert.deepEqual(chosen.rows[1], ['2', 'Bo, Jr.', '2.25', '2026-01-03']);
  assert.deepEqual(
    chosen.columns.map((c) => [c.columnName, c.columnType, c.pkField]),
    [
      ['id', 'INTEGER', true],
      ['name', 'STRING', false],
      ['amount', 'FLOAT', false],
      ['day', 'DATE', false],
    ],
  );
});

test('a file in Windows-1252 is read as such, and a byte-order mark is not part of the header', async () => {
  const path = join(dir, 'latin1.csv');
  writeFileSync(path, Buffer.from('id,name\n1,Müller\n', 'latin1'));
  const latin = await choose(path);
  assert.deepEqual(latin.format, { kind: 'csv', charSet: 'windows-1252', separator: ',' });
  assert.deepEqual(latin.rows[0], ['1', 'Müller']);
  // A UTF-8 file with a byte-order mark (Excel's "CSV UTF-8") is read, the mark not part of the header.
  const bom = join(dir, 'bom.csv');
  writeFileSync(bom, '\uFEFFid,name\n1,Müller\n');
  const chosen = await choose(bom);
  assert.equal(chosen.format.kind === 'csv' && chosen.format.charSet, 'UTF-8');
  assert.deepEqual(chosen.header, ['id', 'name']);
  assert.deepEqual(chosen.rows[0], ['1', 'Müller']);
});

test('a 250,000-row push arrives complete, reporting rows and bytes as it goes', async () => {
  const path = await writeRows('big.csv', 250_000, (i) => `${i},value ${i}`);
  const chosen = await choose(path);
  const { final, steps } = await push({
    fileId: chosen.fileId,
    format: chosen.format,
    table: 'big',
    mode: 'DELTA',
    keys: ['id'],
    columns: chosen.columns,
  });
  assert.equal(final.phase, 'done', JSON.stringify(final.error));
  assert.equal(final.status, 'DONE');
  assert.equal(final.rows, 250_000);
  const uploads = steps.filter((s) => s.phase === 'uploading' && s.rows > 0);
  assert.ok(uploads.length >= 3, 'one step per chunk');
  assert.equal(uploads.at(-1)!.bytes, chosen.bytes);
  assert.ok(
    steps.some((s) => s.status === 'QUEUED' || s.status === 'RUNNING'),
    'the job was followed',
  );
  const table = await inspector.inspectTable('big');
  assert.equal(table.length, 250_000);
  assert.equal(new Set(table.map((r) => Number(r.id))).size, 250_000);
});

/** Chooses the file and pushes it with its column `amount` declared INTEGER, so the service refuses what is not one. */
async function pushWithIntegerAmount(path: string, table: string): Promise<PushProgress> {
  const chosen = await choose(path);
  const columns = chosen.columns.map((c) =>
    c.columnName === 'amount' ? { columnName: 'amount', columnType: 'INTEGER' as const } : c,
  );
  const { final } = await push({
    fileId: chosen.fileId,
    format: chosen.format,
    table,
    mode: 'DELTA',
    keys: ['id'],
    columns,
  });
  return final;
}

test('bad rows are reported with their line numbers and nothing is applied', async () => {
  const path = join(dir, 'bad.csv');
  writeFileSync(path, 'id,amount\n1,10\n2,oops\n3,30\n4,also bad\n');
  const final = await pushWithIntegerAmount(path, 'bad');
  assert.equal(final.phase, 'failed');
  assert.equal(final.status, 'ERROR');
  assert.deepEqual(
    final.badRows?.map((r) => r.line),
    [3, 5],
  );
  await assert.rejects(inspector.inspectTable('bad'));
});

test('bad values the service finds deep in a big file are named by their file lines, however the chunks were cut', async () => {
  // 15 MB: the job exists long before the first 100,000 rows are read, so the first chunk is cut short and the
  // service's "Chunk C: Line N" must be mapped by where each chunk began, not by 100,000 rows per chunk.
  const bad = new Set([500, 99_999, 140_000]);
  const path = await writeRows(
    'bad-deep.csv',
    150_000,
    (i) => `${i},${bad.has(i) ? 'oops' : i * 3},${'w'.repeat(80)}`,
    'id,amount,padding',
  );
  const final = await pushWithIntegerAmount(path, 'bad_deep');
  assert.equal(final.phase, 'failed');
  assert.deepEqual(
    final.badRows?.map((r) => r.line),
    [...bad].map((i) => i + 1),
  );
  await assert.rejects(inspector.inspectTable('bad_deep'));
});

test('a row with a field too many is reported by its file line, in the first chunk and in a later one', async () => {
  for (const [name, badLine] of [
    // In the first read (20 KB in): found before the job exists. Past the first chunk: found while it uploads.
    ['ragged-first.csv', 2_002],
    ['ragged-later.csv', 110_002],
  ] as const) {
    const path = await writeRows(name, 120_000, (i) => (i === badLine - 1 ? `${i},x,extra` : `${i},v${i}`));
    const chosen = await choose(path);
    const { final, steps } = await push({
      fileId: chosen.fileId,
      format: chosen.format,
      table: name.replace(/\W/g, '_'),
      mode: 'DELTA',
      keys: ['id'],
      columns: chosen.columns,
    });
    assert.equal(final.phase, 'failed', `${name}: ${final.phase}`);
    assert.deepEqual(
      final.badRows?.map((r) => r.line),
      [badLine],
      name,
    );
    // Found before any row was sent: the push shows no job, as any push that fails before one.
    assert.equal(
      steps.some((s) => s.jobId),
      badLine > 100_000,
      `${name}: job shown`,
    );
    await assert.rejects(inspector.inspectTable(name.replace(/\W/g, '_')), name);
  }
});

test('cancel during the job leaves a CANCELED job and no table', async () => {
  const path = await writeRows('cancel.csv', 1000, (i) => `${i},c${i}`);
  const chosen = await choose(path);
  let cancelled = false;
  const { final } = await push(
    {
      fileId: chosen.fileId,
      format: chosen.format,
      table: 'cancelled',
      mode: 'REPLACE',
      keys: [],
      columns: chosen.columns,
    },
    (p, pushId) => {
      if (!cancelled && (p.status === 'QUEUED' || p.status === 'RUNNING')) {
        cancelled = true;
        void call('datapool.cancel', { pushId });
      }
    },
  );
  assert.ok(cancelled);
  assert.equal(final.phase, 'canceled');
  assert.equal(final.status, 'CANCELED');
  assert.equal((await inspector.getJob(final.jobId!)).status, 'CANCELED');
  await assert.rejects(inspector.inspectTable('cancelled'));
});

test('a second push on the same table waits (409) visibly, then both arrive', async () => {
  const a = await choose(await writeRows('a.csv', 10, (i) => `${i},a${i}`));
  const b = await choose(await writeRows('b.csv', 20, (i) => `${i},b${i}`));
  const base = { table: 'shared', mode: 'DELTA' as const, keys: ['id'] };
  // Started together, each in its own worker: whichever executes second meets the other's job (409) and waits.
  const [one, two] = await Promise.all([
    push({ ...base, fileId: a.fileId, format: a.format, columns: a.columns }),
    push({ ...base, fileId: b.fileId, format: b.format, columns: b.columns }),
  ]);
  assert.equal(one.final.phase, 'done');
  assert.equal(two.final.phase, 'done');
  assert.ok(
    [...one.steps, ...two.steps].some((s) => s.phase === 'targetBusy'),
    'the wait was shown',
  );
  assert.equal((await inspector.inspectTable('shared')).length, 20);
});

test('a 429 on execute is waited out for its Retry-After, shown, then the push goes on', async () => {
  const rule = emulator.faults.add({
    route: '^/api/v1/data-push/[^/]+/jobs/[^/]+$',
    method: 'POST',
    failRate: 1,
    status: 429,
    retryAfter: 1,
    count: 1,
  });
  try {
    const chosen = await choose(await writeRows('limited.csv', 5, (i) => `${i},l${i}`));
    const { final, steps } = await push({
      fileId: chosen.fileId,
      format: chosen.format,
      table: 'limited',
      mode: 'DELTA',
      keys: ['id'],
      columns: chosen.columns,
    });
    const limited = steps.find((s) => s.phase === 'rateLimited');
    assert.ok(limited, 'the wait was shown');
    assert.equal(limited.waitMs, 1000);
    assert.equal(final.phase, 'done');
    assert.equal((await inspector.inspectTable('limited')).length, 5);
  } finally {
    emulator.faults.remove(rule.id);
  }
});

test('the pool lists unfinished jobs, and cancel and delete work on them', async () => {
  const job = await inspector.createJob({
    targetName: 'listed',
    type: 'REPLACE',
    keys: [],
    columns: [{ columnName: 'id', columnType: 'INTEGER' }],
  });
  const jobs = await call<{ id: string; status: string }[]>('datapool.jobs', {});
  assert.ok(jobs.some((j) => j.id === job.id && j.status === 'NEW'));
  const afterCancel = await call<{ id: string }[]>('datapool.cancelJob', { id: job.id });
  assert.equal(
    afterCancel.some((j) => j.id === job.id),
    false,
  );
  assert.equal((await inspector.getJob(job.id)).status, 'CANCELED');
  const other = await inspector.createJob({
    targetName: 'listed',
    type: 'REPLACE',
    keys: [],
    columns: [{ columnName: 'id', columnType: 'INTEGER' }],
  });
  const afterDelete = await call<{ id: string }[]>('datapool.deleteJob', { id: other.id });
  assert.equal(
    afterDelete.some((j) => j.id === other.id),
    false,
  );
});

test('without a data-push key the screen is told what is missing before any dialog opens', async () => {
  const { dataPushKey: _omitted, ...rest } = emulator.config as unknown as Record<string, string>;
  const { dataDir, secrets } = connectedDataDir(rest);
  const lacking = mainSide(dataDir, secrets);
  try {
    const asked = dialogsAsked;
    const result = await lacking.dispatch('datapool.chooseFile', { purpose: 'rows' });
    assert.equal(!result.ok && result.error.code, 'connection.notConfigured');
    assert.match(!result.ok ? result.error.params.fields! : '', /dataPushKey/);
    assert.equal(dialogsAsked, asked, 'no dialog was opened');
  } finally {
    lacking.dispose();
  }
});

test('offline, a file push says so before any file is read', async () => {
  const gone = await startEmulator({ seed: 'empty', quiet: true });
  const { dataDir, secrets } = connectedDataDir(gone.config);
  await gone.close();
  const offline = mainSide(dataDir, secrets);
  try {
    const asked = dialogsAsked;
    const result = await offline.dispatch('datapool.chooseFile', { purpose: 'rows' });
    assert.equal(!result.ok && result.error.code, 'api.unreachable');
    assert.equal(dialogsAsked, asked, 'no dialog was opened');
  } finally {
    offline.dispose();
  }
});
