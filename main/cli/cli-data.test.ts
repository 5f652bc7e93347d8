import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataPushClient } from '../api/datapush/datapush-client.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { startCliWorld, type CliWorld } from './cli-world.test-support.ts';
import { germanExcelCsv } from '../datapool/real-files.test-support.ts';

describe('lanes reporting and data-push commands against the emulator', () => {
  let world: CliWorld;
  let inspect: (table: string) => Promise<Record<string, unknown>[]>;
  let pushClient: DataPushClient;

  before(async () => {
    world = await startCliWorld();
    const c = world.emulator.config;
    const client = new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
      baseUrl: c.dataPushBaseUrl,
      poolId: c.poolId,
      key: c.dataPushKey,
    });
    inspect = (table) => client.inspectTable(table);
    pushClient = client;
  });
  after(() => world.close());

  test('report elements pages by 100 at most and --all reaches totalCount', async () => {
    const page = await world.json<{ totalCount: number; elements: { id: string }[] }>([
      'report',
      'elements',
      '--take',
      '500',
    ]);
    assert.equal(page.elements.length, 100, 'take is capped at 100');
    const all = await world.json<{ totalCount: number; elements: { id: string }[] }>([
      'report',
      'elements',
      '--all',
    ]);
    assert.equal(all.elements.length, page.totalCount);
    assert.equal(new Set(all.elements.map((e) => e.id)).size, page.totalCount, 'no element twice');
    const facet = await world.json<{ elements: { facetName: string }[] }>([
      'report',
      'elements',
      '--facet',
      'risks',
    ]);
    assert.ok(facet.elements.length > 0 && facet.elements.every((e) => e.facetName === 'risks'));
  });

  test('report facets and hierarchy', async () => {
    const facets = await world.json<string[]>(['report', 'facets']);
    assert.ok(facets.includes('processes'));
    const tree = await world.json<{ id: string; children?: unknown[] }[]>([
      'report',
      'hierarchy',
      'processes',
    ]);
    assert.ok(
      tree.some((node) => (node.children ?? []).length > 0),
      'a real tree',
    );
  });

  test('push puts exactly the rows of the CSV into the table, and deletes by key', async () => {
    const csv = world.file(
      'customers.csv',
      'id,name,amount\n1,Alpha,1.5\n2,"Beta, ""the"" second",2.25\n3,"multi\nline",3\n',
    );
    const pushed = await world.lanes([
      'push',
      csv,
      '--table',
      'customers',
      '--keys',
      'id',
      '--chunk-rows',
      '2',
    ]);
    assert.equal(pushed.code, 0, pushed.stderr);
    assert.match(pushed.stdout, /Pushed 3 rows to customers in 2 chunks/);
    const rows = await inspect('customers');
    assert.deepEqual(rows.map((r) => [Number(r.id), r.name, Number(r.amount)]).sort(), [
      [1, 'Alpha', 1.5],
      [2, 'Beta, "the" second', 2.25],
      [3, 'multi\nline', 3],
    ]);
    const deleted = world.file('deleted.csv', 'id\n2\n');
    const update = world.file('update.csv', 'id,name,amount\n1,Alpha v2,9\n');
    assert.equal(
      (await world.lanes(['push', update, '--table', 'customers', '--keys', 'id', '--deleted', deleted]))
        .code,
      0,
    );
    const after = await inspect('customers');
    assert.deepEqual(after.map((r) => [Number(r.id), r.name]).sort(), [
      [1, 'Alpha v2'],
      [3, 'multi\nline'],
    ]);
  });

  test('push reads a German Excel export as it is (Windows-1252, ";", 1.234,56, dd.MM.yyyy)', async () => {
    const file = germanExcelCsv();
    const path = world.file(file.name, file.bytes);
    const pushed = await world.lanes(['push', path, '--table', 'umsaetze', '--keys', 'id']);
    assert.equal(pushed.code, 0, pushed.stderr);
    const rows = await inspect('umsaetze');
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const expected of file.expected) assert.deepEqual(byId.get(expected.id), expected);
    const nameless = world.file('nameless.csv', 'id,,x\n1,2,3\n');
    const refused = await world.lanes(['push', nameless, '--table', 'nameless', '--keys', 'id']);
    assert.equal(refused.code, 5);
    assert.match(refused.stderr, /Column 2 has no name in the header row/);
  });

  test('a REPLACE push replaces the table; jobs show lists its chunks and logs', async () => {
    const csv = world.file('replace.csv', 'code,label\nA,First\n');
    const pushed = await world.json<{ job: { id: string } }>([
      'push',
      csv,
      '--table',
      'codes',
      '--type',
      'REPLACE',
    ]);
    assert.deepEqual(await inspect('codes'), [{ code: 'A', label: 'First' }]);
    const shown = await world.lanes(['jobs', 'show', pushed.job.id]);
    assert.equal(shown.code, 0);
    assert.match(shown.stdout, /REPLACE push to codes, status DONE, 1 chunks/);
    assert.equal((await world.lanes(['jobs', 'delete', pushed.job.id])).code, 0);
    assert.equal((await world.lanes(['jobs', 'show', pushed.job.id])).code, 2);
  });

  test('rows that do not match the header or the schema are refused with the row named', async () => {
    const ragged = world.file('ragged.csv', 'id,name\n1,ok\n2,too,many\n');
    const local = await world.lanes(['push', ragged, '--table', 't1', '--keys', 'id']);
    assert.equal(local.code, 5);
    assert.match(local.stderr, /Row 3 of .*ragged\.csv has 3 fields; the header has 2/);
    assert.match(local.stderr, /Fix the file and push again; nothing was executed/);
    const unclosed = world.file('unclosed.csv', 'id,name\n1,ok\n2,"never closed\n3,lost\n');
    const quote = await world.lanes(['push', unclosed, '--table', 't1', '--keys', 'id']);
    assert.equal(quote.code, 5, quote.stderr);
    assert.match(quote.stderr, /Row 3 of .*unclosed\.csv opens a quoted field that is never closed/);
    const typed = world.file('typed.csv', 'id,when\n1,2026-01-01\n2,not a date\n');
    const remote = await world.lanes([
      'push',
      typed,
      '--table',
      't2',
      '--keys',
      'id',
      '--columns',
      'id:INTEGER,when:DATE',
    ]);
    assert.equal(remote.code, 2);
    assert.match(remote.stderr, /error for push: .*Line 3: column when: "not a date"/);
    assert.deepEqual(await inspect('t2').catch(() => []), [], 'nothing of a failed job lands');
  });

  test('jobs list shows an open job, and jobs cancel cancels it', async () => {
    const job = await pushClient.createJob({
      targetName: 'pending',
      type: 'DELTA',
      keys: ['id'],
      columns: [{ columnName: 'id', columnType: 'INTEGER', pkField: true }],
    });
    const listed = await world.lanes(['jobs', 'list']);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(`${job.id}\\s+pending\\s+DELTA\\s+NEW`));
    assert.equal((await world.lanes(['jobs', 'cancel', job.id])).code, 0);
    assert.equal((await pushClient.getJob(job.id)).status, 'CANCELED');
  });

  test('an empty file is refused before anything is sent', async () => {
    const empty = world.file('empty.csv', '');
    const run = await world.lanes(['push', empty, '--table', 't3', '--keys', 'id']);
    assert.equal(run.code, 5);
    assert.match(run.stderr, /empty/);
    const headerOnly = world.file('header.csv', 'id,name\n');
    assert.match(
      (await world.lanes(['push', headerOnly, '--table', 't3', '--keys', 'id'])).stderr,
      /no rows/,
    );
  });
});
