/** Data push interface (spec §4.5, §7.2) through real HTTP, checking effects with the inspection route. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Harness } from './test/harness.ts';
import { startHarness } from './test/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness({
    seed: 'empty',
    jobStepMs: 20,
    executeRatePerSecond: 1000,
    executeRatePerHour: 100_000,
  });
});
after(async () => h.close());

const schema = {
  tableName: 'orders',
  columns: [
    { columnName: 'id', columnType: 'INTEGER', pkField: true },
    { columnName: 'customer', columnType: 'STRING', fieldLength: 5 },
    { columnName: 'amount', columnType: 'FLOAT' },
    { columnName: 'ordered', columnType: 'DATE' },
    { columnName: 'paid', columnType: 'BOOLEAN' },
  ],
};

interface Job {
  id: string;
  status: string;
  logs: string[];
}

async function createJob(body: Record<string, unknown>): Promise<Job> {
  const res = await h.push('/jobs/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Job;
}

async function upload(
  jobId: string,
  csv: string,
  kind: 'upserted' | 'deleted' = 'upserted',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'chunk.csv');
  return h.push(`/jobs/${jobId}/chunks/${kind}`, { method: 'POST', body: form });
}

async function finish(jobId: string): Promise<Job> {
  for (let i = 0; i < 100; i++) {
    const job = (await (await h.push(`/jobs/${jobId}`)).json()) as Job;
    if (['DONE', 'ERROR', 'CANCELED'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('job did not finish');
}

async function table(name: string): Promise<Array<Record<string, unknown>>> {
  const c = h.emu.config;
  const res = await fetch(`${c.dataPushBaseUrl}/_emulator/pools/${c.poolId}/tables/${name}`, {
    headers: { authorization: `AppKey ${c.dataPushKey}` },
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Array<Record<string, unknown>>;
}

const options = {
  separatorSequence: ';',
  decimalSeparator: ',',
  thousandSeparator: '.',
  dateFormat: 'dd.MM.yyyy',
  quoteSequence: '"',
};

describe('data push jobs', () => {
  it('runs a DELTA job NEW → QUEUED → RUNNING → DONE and upserts then deletes by keys', async () => {
    const job = await createJob({
      targetName: 'orders',
      type: 'DELTA',
      tableSchema: schema,
      keys: ['id'],
      csvParsingOptions: options,
    });
    assert.equal(job.status, 'NEW');
    const chunk = await upload(
      job.id,
      'id;customer;amount;ordered;paid\n1;"Müller GmbH";1.234,50;01.02.2025;true\n2;Acme;10,00;03.02.2025;false\n3;Zeta;5;04.02.2025;1\n',
    );
    assert.equal(chunk.status, 200);
    const info = (await chunk.json()) as {
      type: string;
      fileLength: number;
      pushJobId: string;
      checksum: string;
    };
    assert.equal(info.type, 'UPSERT');
    assert.equal(info.pushJobId, job.id);
    const listed = (await (await h.push(`/jobs/${job.id}/chunks`)).json()) as unknown[];
    assert.equal(listed.length, 1);
    const running = (await (await h.push('/jobs/')).json()) as Job[];
    assert.ok(running.some((j) => j.id === job.id));
    assert.equal((await h.push(`/jobs/${job.id}`, { method: 'POST' })).status, 204);
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const s = ((await (await h.push(`/jobs/${job.id}`)).json()) as Job).status;
      seen.add(s);
      if (s === 'DONE' || s === 'ERROR') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.ok(seen.has('QUEUED') || seen.has('RUNNING'));
    assert.equal((await finish(job.id)).status, 'DONE');
    const rows = await table('orders');
    assert.deepEqual(rows[0], {
      id: 1,
      customer: 'Mülle',
      amount: 1234.5,
      ordered: '2025-02-01',
      paid: true,
    });
    assert.equal(rows.length, 3);

    const delta = await createJob({
      targetName: 'orders',
      type: 'DELTA',
      tableSchema: schema,
      keys: ['id'],
      csvParsingOptions: options,
    });
    await upload(
      delta.id,
      'id;customer;amount;ordered;paid\n2;Acme;99,00;03.02.2025;true\n4;New;1;05.02.2025;0\n',
    );
    await upload(delta.id, 'id\n3\n', 'deleted');
    await h.push(`/jobs/${delta.id}`, { method: 'POST' });
    assert.equal((await finish(delta.id)).status, 'DONE');
    const after = await table('orders');
    assert.deepEqual(
      after.map((r) => [r.id, r.amount]),
      [
        [1, 1234.5],
        [2, 99],
        [4, 1],
      ],
    );
  });

  it('replaces the table with a REPLACE job', async () => {
    const job = await createJob({
      targetName: 'orders',
      type: 'REPLACE',
      tableSchema: schema,
      keys: ['id'],
      csvParsingOptions: options,
    });
    await upload(job.id, 'id;customer;amount;ordered;paid\n9;Only;1;01.01.2025;false\n');
    await h.push(`/jobs/${job.id}`, { method: 'POST' });
    assert.equal((await finish(job.id)).status, 'DONE');
    assert.deepEqual(
      (await table('orders')).map((r) => r.id),
      [9],
    );
  });

  it('ends in ERROR with logs naming bad rows and leaves the table unchanged', async () => {
    const job = await createJob({
      targetName: 'orders',
      type: 'DELTA',
      tableSchema: schema,
      keys: ['id'],
      csvParsingOptions: options,
    });
    await upload(
      job.id,
      'id;customer;amount;ordered;paid\nx;Bad;1;01.01.2025;true\n10;Ok;abc;01.01.2025;true\n',
    );
    await h.push(`/jobs/${job.id}`, { method: 'POST' });
    const done = await finish(job.id);
    assert.equal(done.status, 'ERROR');
    assert.ok(done.logs.some((l) => /Line 2: column id/.test(l)));
    assert.ok(done.logs.some((l) => /Line 3: column amount/.test(l)));
    assert.deepEqual(
      (await table('orders')).map((r) => r.id),
      [9],
    );
  });

  it('answers 400 when executing a job that is not NEW, 404 for unknown jobs, 409 for parallel jobs on one target', async () => {
    const a = await createJob({ targetName: 'parallel', type: 'DELTA' });
    const b = await createJob({ targetName: 'parallel', type: 'DELTA' });
    await upload(a.id, 'k,v\n1,a\n');
    await upload(b.id, 'k,v\n2,b\n');
    assert.equal((await h.push(`/jobs/${a.id}`, { method: 'POST' })).status, 204);
    assert.equal((await h.push(`/jobs/${b.id}`, { method: 'POST' })).status, 409);
    const again = await h.push(`/jobs/${a.id}`, { method: 'POST' });
    assert.equal(again.status, 400);
    const err = (await again.json()) as { frontendErrorKey: string; errorInformation: string };
    assert.ok(err.frontendErrorKey && err.errorInformation);
    await finish(a.id);
    const missing = await h.push('/jobs/00000000-0000-4000-8000-000000000000');
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /not found/);
    assert.equal(
      (await h.push('/jobs/00000000-0000-4000-8000-000000000000', { method: 'POST' })).status,
      404,
    );
    assert.equal((await upload('00000000-0000-4000-8000-000000000000', 'a\n1\n')).status, 404);
  });

  it('cancels and deletes jobs; validates job definitions', async () => {
    const job = await createJob({ targetName: 'cancelme', type: 'DELTA' });
    const canceled = (await (await h.push(`/jobs/${job.id}/cancel`, { method: 'POST' })).json()) as Job;
    assert.equal(canceled.status, 'CANCELED');
    assert.equal((await h.push(`/jobs/${job.id}`, { method: 'POST' })).status, 400);
    assert.equal((await h.push(`/jobs/${job.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await h.push(`/jobs/${job.id}`)).status, 404);
    const invalid = await h.push('/jobs/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'SOMETIMES' }),
    });
    assert.equal(invalid.status, 400);
    const { errors } = (await invalid.json()) as { errors: Array<{ attribute: string; errorCode: string }> };
    assert.deepEqual(errors.map((e) => e.attribute).sort(), ['targetName', 'type']);
    const validated = await h.push('/jobs/?validate=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetName: 't', type: 'DELTA' }),
    });
    assert.equal(validated.status, 204);
  });

  it('answers 403 without AppKey/Bearer credentials and accepts both schemes and the alternative prefixes', async () => {
    assert.equal((await h.push('/jobs/', { key: 'AppKey wrong' })).status, 403);
    assert.equal((await h.push('/jobs/', { key: '' })).status, 403);
    assert.equal((await h.push('/jobs/', { key: `Bearer ${h.emu.config.dataPushKey}` })).status, 200);
    const c = h.emu.config;
    for (const prefix of ['/integration', '/data-ingestion']) {
      const res = await fetch(`${c.dataPushBaseUrl}${prefix}/api/v1/data-push/${c.poolId}/jobs/`, {
        headers: { authorization: `AppKey ${c.dataPushKey}` },
      });
      assert.equal(res.status, 200);
    }
  });

  it('refuses chunks without the multipart field "file"', async () => {
    const job = await createJob({ targetName: 'nofile', type: 'DELTA' });
    const form = new FormData();
    form.append('other', new Blob(['a\n1\n']), 'x.csv');
    const res = await h.push(`/jobs/${job.id}/chunks/upserted`, { method: 'POST', body: form });
    assert.equal(res.status, 400);
  });
});

describe('execute rate limit', () => {
  it('answers 429 with Retry-After beyond the per-second limit', async () => {
    const limited = await startHarness({
      seed: 'empty',
      jobStepMs: 5,
      executeRatePerSecond: 2,
      executeRatePerHour: 100,
    });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 3; i++) {
        const res = await limited.push('/jobs/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ targetName: `t${i}`, type: 'DELTA' }),
        });
        const job = (await res.json()) as Job;
        const exec = await limited.push(`/jobs/${job.id}`, { method: 'POST' });
        statuses.push(exec.status);
        if (exec.status === 429) retryAfter = exec.headers.get('retry-after');
      }
      assert.deepEqual(statuses, [204, 204, 429]);
      assert.ok(Number(retryAfter) >= 1);
    } finally {
      await limited.close();
    }
  });
});

describe('server errors', () => {
  it('answers 500 with an ExceptionReference body (spec §7.2)', async () => {
    const rule = h.emu.faults.add({
      route: '*/data-push/*/jobs/',
      method: 'GET',
      failRate: 1,
      status: 500,
      count: 1,
    });
    try {
      const res = await h.push('/jobs/');
      assert.equal(res.status, 500);
      const body = (await res.json()) as { reference: string; message: string; shortMessage: string };
      assert.match(body.reference, /^[0-9a-f-]{36}$/);
      assert.equal(body.shortMessage, 'Internal server error');
      assert.match(body.message, /Injected fault 500/);
    } finally {
      h.emu.faults.remove(rule.id);
    }
  });
});
