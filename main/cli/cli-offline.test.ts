import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Facet } from '../../shared/domain/process.ts';
import type { Pin } from '../cache/pins.ts';
import { startCliWorld, type CliWorld } from './cli-world.test-support.ts';
import { clientsFor } from '../sync/emulator-clients.test-support.ts';

describe('lanes offline, sync --pull and --offline against the emulator', () => {
  let world: CliWorld;
  let tree: Element[];
  let process: Element;
  const CACHED = /showing the cache \(cached \d+ s ago\)/;

  before(async () => {
    world = await startCliWorld();
  });
  after(() => world.close());

  test('offline pin prefetches a view; offline list shows it done', async () => {
    const pinned = await world.lanes(['offline', 'pin', 'processes', 'mainProcesses']);
    assert.equal(pinned.code, 0, pinned.stderr);
    assert.match(pinned.stdout, /processes\/mainProcesses is available offline \(\d+ element/);
    const pins = await world.json<Pin[]>(['offline', 'list']);
    assert.equal(pins.length, 1);
    assert.equal(pins[0]!.status, 'done');
    assert.equal(pins[0]!.queued, 0);
    const table = await world.lanes(['offline', 'list']);
    assert.match(table.stdout, /processes\s+mainProcesses\s+\(all\)\s+1033\s+done\s+(\d+)\/\1/);
    tree = await world.json<Element[]>(['ls', 'processes', 'mainProcesses']);
    process = tree[0]!.children[0]!;
  });

  test('sync --pull fetches only what changed on the service', async () => {
    const unchanged = await world.json<{ pull: { updated: number; unchanged: number; refetched: number } }>([
      'sync',
      '--pull',
    ]);
    assert.equal(unchanged.pull.updated, 0);
    assert.equal(unchanged.pull.refetched, 0);
    assert.ok(unchanged.pull.unchanged > 10);
    const target = tree.flatMap((root) => [root, ...root.children]).find((e) => e.state === 'inProcess')!;
    // Another client changes the element on the service (Lanes' own writes keep its cache up to date).
    await clientsFor(world.emulator.config).process.changeState(target.id, 'InProcessToInReview');
    const changed = await world.lanes(['sync']);
    assert.equal(changed.code, 0, changed.stderr);
    assert.match(changed.stdout, /1 updated, 0 added, 0 removed; 1 element fetched again/);
    assert.equal(
      (await world.json<Element>(['show', 'processes', 'mainProcesses', target.id])).state,
      'inReview',
    );
  });

  test('with the emulator stopped, everything pinned reads back offline, marked as cached', async () => {
    const facets = await world.json<Facet[]>(['facets']);
    assert.equal((await world.lanes(['report', 'facets'])).code, 0);
    const xmlLive = (await world.lanes(['bpmn', 'export', process.id])).stdout;
    await world.emulator.close();

    const offline = async (args: string[]): Promise<string> => {
      const run = await world.lanes([...args, '--offline']);
      assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, CACHED, args.join(' '));
      return run.stdout;
    };
    assert.deepEqual(JSON.parse(await offline(['facets', '--json'])), facets);
    await offline(['views', 'processes']);
    assert.deepEqual(JSON.parse(await offline(['ls', 'processes', 'mainProcesses', '--json'])), tree);
    assert.match(await offline(['ls', 'processes', 'mainProcesses']), new RegExp(process.id));
    for (const command of ['show', 'info', 'attributes', 'related', 'content', 'versions']) {
      await offline([command, 'processes', 'mainProcesses', process.id]);
    }
    await offline(['transitions', process.id]);
    await offline(['config', 'processes', 'mainProcesses', 'process']);
    await offline(['report', 'facets']);
    assert.equal(await offline(['bpmn', 'export', process.id]), xmlLive);
    const svgFile = join(world.home, 'offline.svg');
    await offline(['render', process.id, '-o', svgFile]);
    assert.match(readFileSync(svgFile, 'utf8'), /^<svg|<svg/);
    assert.doesNotMatch(readFileSync(svgFile, 'utf8'), /<script/i, 'cached SVG is sanitized on display');
  });

  test('without --offline, an unreachable service falls back to the cache by itself', async () => {
    const run = await world.lanes(['facets']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /the service cannot be reached; showing the cache/);
  });

  test('what was never cached is a clear error, exit 3; sync needs the service', async () => {
    const missing = await world.lanes(['info', 'processes', 'processList', 'no-such-id', '--offline']);
    assert.equal(missing.code, 3);
    assert.match(missing.stderr, /not in the offline cache/);
    assert.match(missing.stderr, /hint: .*lanes offline pin/);
    const sync = await world.lanes(['sync', '--offline']);
    assert.equal(sync.code, 1);
  });

  test("a connection overridden to another tenant neither reads nor writes this profile's cache", async () => {
    const other = await world.lanes(['facets', '--storage-id', 'another-tenant']);
    assert.equal(other.code, 3, 'unreachable, not served from the cache of another tenant');
    assert.doesNotMatch(other.stderr, /showing the cache/);
    const pin = await world.lanes(['offline', 'pin', 'processes', 'processList', '--storage-id', 'x']);
    assert.equal(pin.code, 1);
    assert.match(pin.stderr, /another tenant's data/);
  });

  test('offline unpin removes the pin and keeps the cached data', async () => {
    assert.equal((await world.lanes(['offline', 'unpin', 'processes', 'mainProcesses'])).code, 0);
    assert.deepEqual(await world.json<Pin[]>(['offline', 'list']), []);
    assert.equal((await world.lanes(['offline', 'unpin', 'processes', 'mainProcesses'])).code, 1);
    assert.equal(
      (await world.lanes(['info', 'processes', 'mainProcesses', process.id, '--offline'])).code,
      0,
    );
  });
});
