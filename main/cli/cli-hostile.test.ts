import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCliWorld, type CliWorld } from './cli-world.test-support.ts';

describe('lanes against a misbehaving service, and with unencrypted addresses', () => {
  let world: CliWorld;
  const answers = (): string => `${world.emulator.config.processBaseUrl}/_emulator/answers`;

  before(async () => {
    world = await startCliWorld();
  });
  after(() => world.close());

  test('bpmn export writes nothing when the service answers with something other than BPMN', async () => {
    const echo = `GET /_api/v1/bpmn/p?svc-auth-token=${world.emulator.config.bpmnToken}`;
    await fetch(answers(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route: '/v1/bpmn/', method: 'GET', contentType: 'text/plain', head: echo }),
    });
    try {
      const out = join(world.home, 'export.bpmn');
      const run = await world.lanes(['bpmn', 'export', 'p', '-o', out]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /not a BPMN 2\.0 document/);
      assert.equal(existsSync(out), false, 'no file, so no token in a file');
      assert.doesNotMatch(run.stderr, new RegExp(world.emulator.config.bpmnToken));
    } finally {
      await fetch(answers(), { method: 'DELETE' });
    }
  });

  test('a render over the size limit is its own error, not retried as a failed connection', async () => {
    await fetch(answers(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route: '/render/', head: '<svg>', middle: 'x'.repeat(1024), times: 17 * 1024 }),
    });
    try {
      const run = await world.lanes(['render', 'd', '-o', join(world.home, 'r.svg')]);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /more than 16 MB/);
      assert.doesNotMatch(run.stderr, /trying again/);
    } finally {
      await fetch(answers(), { method: 'DELETE' });
    }
  });

  test('a profile sending tokens over plain http:// to another host is warned about; loopback is not', async () => {
    const added = await world.lanes([
      'profile',
      'add',
      'remote',
      '--process-base-url',
      'http://tenant.example.com/x',
    ]);
    assert.equal(added.code, 0);
    assert.match(added.stderr, /warning: profile "remote" sends its tokens unencrypted: processBaseUrl/);
    const shown = await world.lanes(['profile', 'show', 'remote', '--json']);
    assert.match(shown.stderr, /unencrypted/);
    assert.equal(JSON.parse(shown.stdout).name, 'remote', 'JSON output stays parseable');
    const local = await world.lanes(['profile', 'show', 'emu']);
    assert.doesNotMatch(local.stderr, /unencrypted/);
    assert.doesNotMatch(readFileSync(join(world.home, 'profiles.json'), 'utf8'), /Token/i);
  });
});
