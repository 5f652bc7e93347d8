import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Element } from '../../shared/domain/process.ts';
import { secretsOf, startCliWorld, type CliWorld } from './cli-world.test-support.ts';

const bin = fileURLToPath(new URL('../../bin/lanes.js', import.meta.url));

describe('lanes under faults and bad input', () => {
  let world: CliWorld;
  let processes: Element[];

  before(async () => {
    world = await startCliWorld({ faultSeed: 7 });
    processes = await world.json<Element[]>(['ls', 'processes', 'processList', '--all']);
  });
  after(() => world.close());
  const addFault = (rule: Record<string, unknown>): void => {
    world.emulator.faults.add(rule);
  };

  test('a GET under 50 % 503 responses still succeeds', async () => {
    addFault({ route: '*/facets', method: 'GET', failRate: 0.5, status: 503, retryAfter: 0 });
    try {
      for (let i = 0; i < 5; i++) {
        const run = await world.lanes(['facets', '--json']);
        assert.equal(run.code, 0, run.stderr);
      }
    } finally {
      world.emulator.faults.clear();
    }
  });

  test('a 429 with Retry-After: 2 waits at least 2 s, and says so', async () => {
    addFault({ route: '*/facets', method: 'GET', failRate: 1, status: 429, retryAfter: 2, count: 1 });
    try {
      const started = Date.now();
      const run = await world.lanes(['facets']);
      assert.equal(run.code, 0, run.stderr);
      assert.ok(Date.now() - started >= 2000, `waited ${Date.now() - started} ms`);
      assert.match(run.stderr, /list facets: the service asked to wait; trying again in 2\.0 s/);
    } finally {
      world.emulator.faults.clear();
    }
  });

  test('a POST is not repeated after a connection reset: applied once, reported as unknown', async () => {
    const id = processes.find((e) => e.state === 'released')!.id;
    const before = await world.json<Element[]>(['versions', 'processes', 'processList', id]);
    addFault({ route: '*/createversion', method: 'POST', resetRate: 1 });
    try {
      const run = await world.lanes(['create-version', id]);
      assert.equal(run.code, 3);
      assert.match(run.stderr, /cannot tell whether the service applied it/);
    } finally {
      world.emulator.faults.clear();
    }
    const after = await world.json<Element[]>(['versions', 'processes', 'processList', id]);
    assert.equal(after.length, before.length + 1, 'exactly one new version');
    // The operation waits in the outbox as unknown; the next sync finds it arrived and sends nothing.
    const synced = await world.lanes(['sync', '--send']);
    assert.match(synced.stdout, /Sent: 1 sent, 0 merged, 0 conflicts, 0 failed, 0 waiting/);
    const afterSync = await world.json<Element[]>(['versions', 'processes', 'processList', id]);
    assert.equal(afterSync.length, before.length + 1, 'still exactly one new version');
  });

  test('a delete whose answer was lost is found done by the next sync, never sent twice', async () => {
    const victim = processes.filter((e) => e.state === 'inProcess').at(-1)!;
    addFault({ route: '*/delete', method: 'POST', resetRate: 1 });
    try {
      const run = await world.lanes(['delete', 'processes', 'processList', victim.id]);
      assert.equal(run.code, 3);
      assert.match(run.stderr, /cannot tell whether the service applied it/);
    } finally {
      world.emulator.faults.clear();
    }
    assert.equal(
      (await world.lanes(['show', 'processes', 'processList', victim.id])).code,
      2,
      'deleted once',
    );
    // A second delete would be refused (the element is gone): the sync checks first and sends nothing.
    const synced = await world.lanes(['sync', '--send']);
    assert.match(synced.stdout, /Sent: 1 sent, 0 merged, 0 conflicts, 0 failed, 0 waiting/);
  });

  test('a malformed JSON body gives the clear error, not a crash', async () => {
    const server = createServer((_q, r) =>
      r.writeHead(200, { 'content-type': 'application/json' }).end('{"count": 2, "values": ['),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await world.lanes(['facets', '--process-base-url', url]);
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /^lanes: The service answered list facets with something Lanes does not understand \(body is not JSON\)/,
      );
      assert.doesNotMatch(run.stderr, /^\s+at /m);
    } finally {
      server.close();
    }
  });

  test('an unknown element is named', async () => {
    const run = await world.lanes([
      'show',
      'processes',
      'processList',
      '00000000-0000-0000-0000-000000000000',
    ]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /element 00000000-0000-0000-0000-000000000000/);
  });

  test('a wrong token is unauthorized, names the credential and never prints a secret', async () => {
    const run = await world.lanes(['facets', '--auth-token', 'wrong-token-123456', '--debug']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /refused the auth token/);
    assert.match(run.stderr, /hint: Update the credential/);
    assert.ok(!run.stderr.includes('wrong-token-123456'));
  });

  test('an unreachable host gives exit 3 with the address', async () => {
    const run = await world.lanes(['facets', '--process-base-url', 'http://127.0.0.1:9']);
    assert.equal(run.code, 3);
    assert.match(run.stderr, /could not reach the service at http:\/\/127\.0\.0\.1:9 \(connection refused\)/);
  });

  test('a BPMN file that is not BPMN is refused before sending', async () => {
    const id = processes[0]!.id;
    const html = world.file('page.bpmn', '<html><body>not bpmn</body></html>');
    const broken = world.file(
      'broken.bpmn',
      '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><oops>',
    );
    const notXml = world.file('text.bpmn', 'just text');
    assert.match(
      (await world.lanes(['bpmn', 'import', id, html])).stderr,
      /is not a BPMN 2\.0 document \(its root is <html>\)/,
    );
    assert.match((await world.lanes(['bpmn', 'import', id, broken])).stderr, /is not well-formed XML/);
    assert.equal((await world.lanes(['bpmn', 'import', id, notXml])).code, 5);
    assert.equal((await world.lanes(['bpmn', 'import', id, world.file('empty.bpmn', '')])).code, 5);
  });

  // A child process, as a user runs it; asynchronous because the emulator lives in this process.
  test('secrets appear nowhere in what failing commands print, even with --debug', async () => {
    const c = world.emulator.config;
    const env = { ...process.env, LANES_HOME: world.home, LANES_DATA_PUSH_KEY: c.dataPushKey };
    const runs = [
      ['facets', '--process-base-url', 'http://127.0.0.1:9', '--debug'],
      [
        'bpmn',
        'export',
        '00000000-0000-0000-0000-000000000000',
        '--bpmn-token',
        `${c.bpmnToken}x`,
        '--debug',
      ],
      ['report', 'elements', '--reporting-api-key', `${c.reportingApiKey}x`, '--debug'],
      ['jobs', 'show', 'nope', '--debug'],
      ['profile', 'show', '--json'],
      [
        'bpmn',
        'export',
        '00000000-0000-0000-0000-000000000000',
        '--process-base-url',
        'http://127.0.0.1:9',
        '--debug',
      ],
    ];
    for (const args of runs) {
      const run = await promisify(execFile)(process.execPath, [bin, ...args], {
        env,
        encoding: 'utf8',
      }).catch((error: { stdout: string; stderr: string }) => error);
      const printed = run.stdout + run.stderr;
      assert.ok(printed.length > 0, `lanes ${args.join(' ')} printed nothing`);
      for (const secret of [...secretsOf(world), `${c.bpmnToken}x`, `${c.reportingApiKey}x`]) {
        assert.ok(!printed.includes(secret), `lanes ${args.join(' ')} printed a secret`);
      }
    }
  });
});
