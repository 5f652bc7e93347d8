import { clientsFor } from './emulator-clients.test-support.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startEmulator } from '../../emulator/index.ts';
import { openDatabase } from '../cache/database.ts';
import { migrations } from '../app/cache-schema.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { OutboxService } from './outbox-service.ts';

const child = fileURLToPath(new URL('./crash-child.test-support.ts', import.meta.url));
const KILLS = Number(process.env.LANES_CRASH_KILLS ?? 200);

/** Runs the child until it has confirmed `confirmations` lines, waits a random moment more, kills it. */
async function runAndKill(args: string[], confirmations: number): Promise<string[]> {
  const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buffer = '';
  let stderr = '';
  proc.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  await new Promise<void>((resolve) => {
    proc.stdout!.on('data', (data: Buffer) => {
      buffer += data.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      lines.push(...parts);
      if (lines.length >= confirmations) resolve();
    });
    void exited.then(() => resolve());
  });
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
  proc.kill('SIGKILL');
  await exited;
  // Whatever the child had written before it died still counts as confirmed.
  if (buffer) lines.push(buffer);
  if (lines.length === 0) throw new Error(`the child confirmed nothing: ${stderr}`);
  return lines.filter(
    (line) => /^(saved|op) /.test(line) && line.split(' ').length === (line.startsWith('op') ? 2 : 3),
  );
}

test(`every save that returned survives ${KILLS} SIGKILLs, and the database stays intact`, async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'lanes-crash-')), 'cache.db');
  const confirmed = new Map<string, number>();
  const ops = new Set<string>();
  for (let kill = 0; kill < KILLS; kill++) {
    // Each run counts on from its own range, so that a later save always has a larger number.
    for (const line of await runAndKill(
      ['saves', file, String(kill * 1_000_000)],
      1 + Math.floor(Math.random() * 30),
    )) {
      const [kind, a, b] = line.split(' ');
      if (kind === 'op') ops.add(a!);
      else confirmed.set(a!, Math.max(confirmed.get(a!) ?? 0, Number(b)));
    }
    const db = new Database(file, { readonly: true });
    try {
      assert.deepEqual(db.pragma('integrity_check'), [{ integrity_check: 'ok' }], `after kill ${kill + 1}`);
      for (const [elementId, n] of confirmed) {
        const row = db.prepare('SELECT local_xml FROM drafts WHERE element_id = ?').get(elementId) as
          { local_xml: string } | undefined;
        const stored = Number(/n="(\d+)"/.exec(row?.local_xml ?? '')?.[1] ?? 0);
        assert.ok(
          stored >= n,
          `after kill ${kill + 1}: ${elementId} has save ${stored}, but save ${n} had returned`,
        );
      }
      const count = db
        .prepare(
          `SELECT COUNT(*) AS n FROM outbox WHERE op_id IN (${[...ops].map(() => '?').join(',') || "''"})`,
        )
        .get(...ops) as { n: number };
      assert.equal(count.n, ops.size, `after kill ${kill + 1}: every confirmed publish is in the outbox`);
    } finally {
      db.close();
    }
  }
});

test('a kill between the service applying an import and the outbox recording it leads to exactly one import', async () => {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  try {
    const c = emulator.config;
    const { process: process_, bpmn } = clientsFor(c);
    const target = (await process_.listAllElements('processes', 'processList')).find(
      (e) => e.state === 'inProcess',
    )!;
    const element = await process_.getElement('processes', 'processList', target.id);
    const baseXml = await bpmn.exportBpmn(target.id, 1033);
    const name = /<bpmn:task id="[^"]+" name="([^"]+)"/.exec(baseXml)![1]!;
    const localXml = baseXml.replace(`name="${name}"`, 'name="Imported exactly once"');

    const file = join(mkdtempSync(join(tmpdir(), 'lanes-crash-')), 'cache.db');
    const first = await openDatabase(file, migrations, createMemoryLogger());
    const before = new OutboxService({
      db: first.db,
      clients: () => ({ process: process_, bpmn }),
      reviewMerges: false,
    });
    before.drafts.save({
      elementId: target.id,
      culture: 1033,
      baseVersionId: element.versionId ?? null,
      baseChangedOn: element.attributes.changedOn?.['127'] ?? null,
      baseXml,
      localXml,
    });
    const op = before.publish({
      elementId: target.id,
      culture: 1033,
      facet: 'processes',
      view: 'processList',
    });
    first.db.close();

    const counter = emulator.faults.add({ route: '*/_api/v1/bpmn/*', method: 'POST', latencyMs: 0 });
    const proc = spawn(process.execPath, [child, 'publish', file, JSON.stringify(c)], { stdio: 'ignore' });
    const signal = await new Promise<string | null>((resolve) =>
      proc.on('exit', (_code, sig) => resolve(sig)),
    );
    assert.equal(signal, 'SIGKILL', 'the child died right after the import');

    const { db } = await openDatabase(file, migrations, createMemoryLogger());
    const after = new OutboxService({
      db,
      clients: () => ({ process: process_, bpmn }),
      reviewMerges: false,
    });
    assert.equal(after.outbox.get(op.opId)!.state, 'sending');
    const report = await after.send('cli');
    assert.equal(report.done, 1);
    assert.equal(after.outbox.get(op.opId)!.state, 'done');
    const rules = emulator.faults.list().rules as unknown as { id: string; hits: number }[];
    const hits = rules.find((rule) => rule.id === counter.id)!.hits;
    assert.equal(hits, 1, 'exactly one import reached the service');
    assert.match(await bpmn.exportBpmn(target.id, 1033), /name="Imported exactly once"/);
    db.close();
  } finally {
    await emulator.close();
  }
});
