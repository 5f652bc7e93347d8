import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentShape, Element, Facet, FacetView, Transition } from '../../shared/domain/process.ts';
import { RICH_EXPECTED_NOT_KEPT, richDiagram } from '../editor/rich-diagram.test-support.ts';
import { startCliWorld, type CliWorld } from './cli-world.test-support.ts';

describe('lanes process-management commands against the emulator', () => {
  let world: CliWorld;
  let processes: Element[];
  const inProcess = (): Element => processes.find((e) => e.state === 'inProcess' && e.type === 'process')!;

  before(async () => {
    world = await startCliWorld();
    processes = await world.json<Element[]>(['ls', 'processes', 'processList', '--all', '--page-size', '50']);
  });
  after(() => world.close());

  test('profile add keeps secrets out of profiles.json, in a 0600 file', async () => {
    const profiles = readFileSync(join(world.home, 'profiles.json'), 'utf8');
    for (const secret of [world.emulator.config.authToken, world.emulator.config.dataPushKey]) {
      assert.ok(!profiles.includes(secret), 'no secret in profiles.json');
    }
    assert.equal(statSync(join(world.home, 'emu.secrets.json')).mode & 0o777, 0o600);
    const list = await world.json<{ name: string; current: boolean }[]>(['profile', 'list']);
    assert.deepEqual(
      list.map((p) => [p.name, p.current]),
      [['emu', true]],
    );
  });

  test('profile show, use and remove; LANES_* variables and flags override the profile', async () => {
    const shown = await world.lanes(['profile', 'show']);
    assert.match(shown.stdout, new RegExp(`processBaseUrl\\s+${world.emulator.config.processBaseUrl}`));
    assert.ok(!shown.stdout.includes(world.emulator.config.authToken));
    const ready = world.file('second.json', JSON.stringify({ processBaseUrl: 'http://127.0.0.1:9' }));
    assert.equal((await world.lanes(['profile', 'add', 'broken', '--from-json', ready])).code, 0);
    assert.equal(
      (await world.lanes(['facets', '--profile', 'broken'])).code,
      1,
      'no collection id: usage error',
    );
    assert.equal((await world.lanes(['facets'], { LANES_AUTH_TOKEN: 'not-the-token' })).code, 2);
    assert.equal(
      (
        await world.lanes(['facets', `--auth-token=${world.emulator.config.authToken}`], {
          LANES_AUTH_TOKEN: 'x',
        })
      ).code,
      0,
    );
    assert.equal((await world.lanes(['profile', 'use', 'broken'])).code, 0);
    assert.equal((await world.lanes(['facets'])).code, 1);
    assert.equal((await world.lanes(['profile', 'remove', 'broken'])).code, 0);
    const list = await world.json<{ name: string; current: boolean }[]>(['profile', 'list']);
    assert.deepEqual(
      list.map((p) => [p.name, p.current]),
      [['emu', true]],
    );
  });

  test('facets and views in both api shapes', async () => {
    const facets = await world.json<Facet[]>(['facets']);
    assert.ok(facets.some((f) => f.name === 'processes' && f.displayNames['1031']));
    const views = await world.json<FacetView[]>(['views', 'processes']);
    assert.ok(views.some((v) => v.isHierarchical));
    assert.ok(views.some((v) => !v.isHierarchical));
    assert.equal(
      new Set(views.map((v) => v.name)).size,
      views.length,
      'no duplicate view names reach the user',
    );
  });

  test('ls pages, filters and --all agree with each other', async () => {
    const page1 = await world.json<Element[]>([
      'ls',
      'processes',
      'processList',
      '--page',
      '1',
      '--page-size',
      '5',
    ]);
    const page2 = await world.json<Element[]>([
      'ls',
      'processes',
      'processList',
      '--page',
      '2',
      '--page-size',
      '5',
    ]);
    assert.equal(page1.length, 5);
    assert.deepEqual(
      processes.slice(0, 10).map((e) => e.id),
      [...page1, ...page2].map((e) => e.id),
    );
    const released = await world.json<Element[]>([
      'ls',
      'processes',
      'processList',
      '--all',
      '--filter',
      "state1 -eq 'released'",
    ]);
    assert.ok(released.length > 0 && released.every((e) => e.attributes.state1?.['127'] === 'released'));
    const table = await world.lanes(['ls', 'processes', 'processList', '--page-size', '3']);
    assert.equal(table.code, 0);
    assert.match(table.stdout, /^NAME\s+TYPE\s+STATE\s+VERSION\s+ID/);
  });

  test('show, attributes, related, info and config read one element', async () => {
    const id = inProcess().id;
    const shown = await world.lanes(['show', 'processes', 'processList', id, '--culture', '1031']);
    assert.equal(shown.code, 0);
    assert.ok(shown.stdout.includes(inProcess().attributes.name!['1031']!), 'German name shown');
    const attributes = await world.json<Record<string, Record<string, string>>>([
      'attributes',
      'processes',
      'processList',
      id,
    ]);
    assert.equal(attributes.name?.['1033'], inProcess().attributes.name?.['1033']);
    const related = await world.json<Record<string, { id: string }[]>>([
      'related',
      'processes',
      'processList',
      id,
    ]);
    assert.ok((related.author ?? related.createdBy ?? []).length > 0);
    const info = await world.json<{ permissions: string[] }>(['info', 'processes', 'processList', id]);
    assert.ok(info.permissions.includes('ShowElement'));
    const config = await world.json<{ key: string; properties: { dataType?: string }[] }[]>([
      'config',
      'processes',
      'processList',
      'process',
    ]);
    assert.ok(config[0]!.properties.some((p) => p.dataType === 'SelectionValue'));
  });

  test('content add puts a chain of steps into the diagram', async () => {
    const id = inProcess().id;
    const before = await world.json<ContentShape[]>(['content', 'processes', 'processList', id]);
    const added = await world.lanes([
      'content',
      'add',
      'processes',
      id,
      '--steps',
      'Check stock>Ship goods',
      '--type',
      'task',
    ]);
    assert.equal(added.code, 0, added.stderr);
    const after = await world.json<ContentShape[]>(['content', 'processes', 'processList', id]);
    assert.equal(after.length, before.length + 2);
    const check = after.find((s) => s.attributes.name?.['1033'] === 'Check stock')!;
    const ship = after.find((s) => s.attributes.name?.['1033'] === 'Ship goods')!;
    assert.deepEqual(
      ship.predecessors.map((p) => p.shapeId),
      [check.shapeId],
    );
  });

  test('versions, transitions, the warning path and create-version', async () => {
    const id = inProcess().id;
    const transitions = await world.json<Transition[]>(['transitions', id]);
    assert.ok(transitions.some((t) => t.id === 'InProcessToReleased'));
    // Demo elements have an owner and description; release one without description to meet the warning.
    const bare = processes.find(
      (e) => e.state === 'inProcess' && !e.attributes.description?.['1033'] && e.id !== id,
    );
    assert.ok(bare, 'the demo seed has an inProcess process without a description');
    const warned = await world.lanes(['transition', bare.id, 'InProcessToReleased']);
    assert.equal(warned.code, 4);
    assert.match(warned.stderr, /no description/);
    assert.match(warned.stderr, /hint: Repeat with --ignore-warnings/);
    const target = bare;
    const released = await world.json<Element>([
      'transition',
      target.id,
      'InProcessToReleased',
      '--ignore-warnings',
    ]);
    assert.equal(released.state, 'released');
    const versionsBefore = await world.json<Element[]>(['versions', 'processes', 'processList', target.id]);
    const created = await world.json<Element>(['create-version', target.id]);
    assert.equal(created.state, 'inProcess');
    const versionsAfter = await world.json<Element[]>(['versions', 'processes', 'processList', target.id]);
    assert.equal(versionsAfter.length, versionsBefore.length + 1);
  });

  test('render writes sanitized SVG unless --raw', async () => {
    const id = inProcess().id;
    const clean = join(world.home, 'clean.svg');
    const raw = join(world.home, 'raw.svg');
    assert.equal((await world.lanes(['render', id, '--layout', 'vertical', '-o', clean])).code, 0);
    assert.equal((await world.lanes(['render', id, '--layout', 'vertical', '--raw', '-o', raw])).code, 0);
    assert.match(readFileSync(raw, 'utf8'), /<script/i, 'the emulator embeds a script by default');
    const svg = readFileSync(clean, 'utf8');
    assert.doesNotMatch(svg, /<script|on\w+=/i);
    assert.match(svg, /data-pz-shape-id=/);
  });

  test('bpmn export, edit, import, export: the service has the change', async () => {
    const id = inProcess().id;
    const exported = join(world.home, 'p.bpmn');
    assert.equal((await world.lanes(['bpmn', 'export', id, '--lcid', '1033', '-o', exported])).code, 0);
    const xml = readFileSync(exported, 'utf8');
    const taskName = /<bpmn:task id="[^"]+" name="([^"]+)"/.exec(xml)?.[1];
    assert.ok(taskName, 'the export has a named task');
    const edited = world.file('edited.bpmn', xml.replace(`name="${taskName}"`, 'name="Renamed by the CLI"'));
    const imported = await world.lanes(['bpmn', 'import', id, edited, '--lcid', '1033']);
    assert.equal(imported.code, 0, imported.stderr);
    const again = await world.lanes(['bpmn', 'export', id, '--lcid', '1033']);
    assert.match(again.stdout, /name="Renamed by the CLI"/);
    assert.ok(!again.stdout.includes(`name="${taskName}"`));
  });

  test('bpmn import decodes a file as the app does: ISO-8859-1 umlauts arrive, an unknown encoding is refused', async () => {
    const id = inProcess().id;
    const exported = join(world.home, 'latin1-source.bpmn');
    assert.equal((await world.lanes(['bpmn', 'export', id, '--lcid', '1033', '-o', exported])).code, 0);
    const xml = readFileSync(exported, 'utf8');
    const taskName = /<bpmn:task id="[^"]+" name="([^"]+)"/.exec(xml)![1]!;
    const latin1 = xml
      .replace(/encoding="UTF-8"/i, 'encoding="ISO-8859-1"')
      .replace(`name="${taskName}"`, 'name="Tüte prüfen"');
    const file = join(world.home, 'latin1.bpmn');
    writeFileSync(file, Buffer.from(latin1, 'latin1'));
    const imported = await world.lanes(['bpmn', 'import', id, file, '--lcid', '1033']);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stderr, /read .*latin1\.bpmn as ISO-8859-1/);
    const again = await world.lanes(['bpmn', 'export', id, '--lcid', '1033']);
    assert.match(again.stdout, /name="Tüte prüfen"/);

    const unknown = join(world.home, 'unknown.bpmn');
    writeFileSync(unknown, Buffer.from(latin1.replace('ISO-8859-1', 'EBCDIC-XY'), 'latin1'));
    const refused = await world.lanes(['bpmn', 'import', id, unknown]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /encoding "EBCDIC-XY".*cannot read/);
    assert.match(refused.stderr, /Save it as UTF-8/);
  });

  test('bpmn import says what the service did not keep (verified publish), in text and JSON', async () => {
    const id = inProcess().id;
    const exported = join(world.home, 'rich-source.bpmn');
    assert.equal((await world.lanes(['bpmn', 'export', id, '--lcid', '1033', '-o', exported])).code, 0);
    const processId = /<bpmn:process id="([^"]+)"/.exec(readFileSync(exported, 'utf8'))![1]!;
    const file = world.file('rich.bpmn', richDiagram(processId));
    const text = await world.lanes(['bpmn', 'import', id, file, '--lcid', '1033']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /the service did not keep: .*2 × Lane.*1 × Text annotation/);
    assert.match(text.stdout, /Lane_sales/);
    assert.ok(!/documentation|conditionExpression|cancelActivity/.test(text.stdout), text.stdout);
    const json = await world.json<{ notKept: { id: string; property: string | null }[] }>([
      'bpmn',
      'import',
      id,
      file,
      '--lcid',
      '1033',
    ]);
    assert.deepEqual(
      json.notKept.map((item) => item.id).sort(),
      RICH_EXPECTED_NOT_KEPT.map((item) => item.id).sort(),
    );
  });

  test('delete removes an element', async () => {
    const victim = processes.find((e) => e.state === 'inProcess' && e.id !== inProcess().id) ?? inProcess();
    assert.equal((await world.lanes(['delete', 'processes', 'processList', victim.id])).code, 0);
    const gone = await world.lanes(['show', 'processes', 'processList', victim.id]);
    assert.equal(gone.code, 2);
    assert.match(gone.stderr, /^lanes: .*(not|no such)/m);
  });
});
