import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { Element } from '../../shared/domain/process.ts';
import { startCliWorld, type CliWorld } from './cli-world.test-support.ts';

const taskNames = (xml: string): string[] =>
  [...xml.matchAll(/<bpmn:task id="[^"]+" name="([^"]+)"/g)].map((m) => m[1]!);

describe('offline editing through the lanes command line', () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'lanes-emu-')), 'service.db');
  let world: CliWorld;
  let target: Element;
  let port: number;
  let restarted: RunningEmulator | undefined;

  before(async () => {
    world = await startCliWorld({ data: dataFile });
    port = Number(new URL(world.emulator.config.processBaseUrl).port);
    const list = await world.json<Element[]>(['ls', 'processes', 'processList', '--all']);
    target = list.find((e) => e.state === 'inProcess' && e.type === 'process')!;
  });
  after(async () => {
    await restarted?.close();
    await world.close();
  });

  /** The service goes away and comes back with the same data on the same address. */
  async function restartService(): Promise<void> {
    restarted = await startEmulator({ data: dataFile, port, quiet: true });
    assert.equal(restarted.config.processBaseUrl, `http://127.0.0.1:${port}`);
  }

  test('pin, lose the service, edit and publish offline, get it back, sync: the change arrives', async () => {
    assert.equal((await world.lanes(['offline', 'pin', 'processes', 'processList'])).code, 0);
    await world.emulator.close();

    const cached = join(world.home, 'cached.bpmn');
    const exported = await world.lanes(['bpmn', 'export', target.id, '--offline', '-o', cached]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /cache/);
    const xml = readFileSync(cached, 'utf8');
    const first = taskNames(xml)[0]!;
    const edited = world.file('edited.bpmn', xml.replace(`name="${first}"`, 'name="Edited on the train"'));
    const saved = await world.lanes(['draft', 'save', target.id, edited]);
    assert.equal(saved.code, 0, saved.stderr);
    const published = await world.lanes(['publish', target.id]);
    assert.equal(published.code, 0, published.stderr);
    assert.match(published.stdout, /0 sent, .* 1 waiting/);
    const outbox = await world.json<{ state: string; kind: string }[]>(['outbox']);
    assert.deepEqual(
      outbox.map((o) => [o.kind, o.state]),
      [['bpmnImport', 'queued']],
    );

    await restartService();
    const synced = await world.lanes(['sync', '--send']);
    assert.equal(synced.code, 0, synced.stderr);
    assert.match(synced.stdout, /Sent: 1 sent/);
    const after = await world.lanes(['bpmn', 'export', target.id]);
    assert.ok(taskNames(after.stdout).includes('Edited on the train'));
    assert.deepEqual(await world.json<unknown[]>(['drafts']), []);
  });

  test('a conflict made by another client is listed and --mine resolves it', async () => {
    const base = await world.lanes(['bpmn', 'export', target.id]);
    const name = taskNames(base.stdout)[1]!;
    const mine = world.file('mine.bpmn', base.stdout.replace(`name="${name}"`, 'name="My wording"'));
    assert.equal((await world.lanes(['draft', 'save', target.id, mine])).code, 0);
    // Another client renames the same task on the service.
    const theirs = world.file('theirs.bpmn', base.stdout.replace(`name="${name}"`, 'name="Their wording"'));
    assert.equal((await world.lanes(['bpmn', 'import', target.id, theirs])).code, 0);

    const published = await world.lanes(['publish', target.id]);
    assert.match(published.stdout, /1 conflicts/);
    assert.ok(
      taskNames((await world.lanes(['bpmn', 'export', target.id])).stdout).includes('Their wording'),
      'server untouched',
    );
    const conflicts = await world.json<{ id: string; overlaps: { mine: string }[] }[]>(['conflicts']);
    assert.equal(conflicts.length, 1);
    const resolved = await world.lanes(['resolve', conflicts[0]!.id, '--mine']);
    assert.equal(resolved.code, 0, resolved.stderr);
    assert.match(resolved.stdout, /1 sent/);
    const final = taskNames((await world.lanes(['bpmn', 'export', target.id])).stdout);
    assert.ok(final.includes('My wording') && !final.includes('Their wording'));
    assert.deepEqual(await world.json<unknown[]>(['conflicts']), []);
  });

  /** A draft and another client's change to the same task, published into a conflict. */
  async function conflictOn(index: number, mine: string, theirs: string): Promise<string> {
    const base = await world.lanes(['bpmn', 'export', target.id]);
    const name = taskNames(base.stdout)[index];
    assert.ok(name, `the process has a task number ${index + 1}`);
    const draft = world.file(`mine-${index}.bpmn`, base.stdout.replace(`name="${name}"`, `name="${mine}"`));
    assert.equal((await world.lanes(['draft', 'save', target.id, draft])).code, 0);
    const other = world.file(
      `theirs-${index}.bpmn`,
      base.stdout.replace(`name="${name}"`, `name="${theirs}"`),
    );
    assert.equal((await world.lanes(['bpmn', 'import', target.id, other])).code, 0);
    assert.match((await world.lanes(['publish', target.id])).stdout, /1 conflicts/);
    const [conflict] = await world.json<{ id: string }[]>(['conflicts']);
    return conflict!.id;
  }

  test('--theirs keeps the server version and discards the draft', async () => {
    const id = await conflictOn(1, 'Mine, dropped', 'Theirs, kept');
    const resolved = await world.lanes(['resolve', id, '--theirs']);
    assert.equal(resolved.code, 0, resolved.stderr);
    const names = taskNames((await world.lanes(['bpmn', 'export', target.id])).stdout);
    assert.ok(names.includes('Theirs, kept') && !names.includes('Mine, dropped'));
    assert.deepEqual(await world.json<unknown[]>(['drafts']), []);
    assert.deepEqual(await world.json<unknown[]>(['conflicts']), []);
  });

  test('--merged publishes the file the user merged', async () => {
    const id = await conflictOn(0, 'Mine again', 'Theirs again');
    const server = (await world.lanes(['bpmn', 'export', target.id])).stdout;
    const merged = world.file(
      'merged.bpmn',
      server.replace('name="Theirs again"', 'name="Both, merged by hand"'),
    );
    const resolved = await world.lanes(['resolve', id, '--merged', merged]);
    assert.equal(resolved.code, 0, resolved.stderr);
    assert.ok(
      taskNames((await world.lanes(['bpmn', 'export', target.id])).stdout).includes('Both, merged by hand'),
    );
  });
});
