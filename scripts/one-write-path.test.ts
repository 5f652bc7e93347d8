/**
 * One write path (issue 41): every change Lanes makes to the service is an
 * outbox operation, so only the outbox's handlers (main/sync/operations/)
 * call the process and BPMN clients' writing operations. The writing
 * operations are found in the clients themselves (a POST, PUT or DELETE), so
 * a new one is covered without editing this test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const CLIENTS = ['main/api/process/process-client.ts', 'main/api/process/bpmn-client.ts'];
/** Where the writes may be called: the clients themselves and the outbox's handlers. */
const ALLOWED = ['main/api/', 'main/sync/operations/'];
/** Writes that are no outbox operation yet, each with the reason (none today). */
const NOT_YET: Record<string, string> = {};

/** The clients' methods whose request changes the service. */
function writingOperations(): string[] {
  const names: string[] = [];
  for (const file of CLIENTS) {
    const source = readFileSync(join(root, file), 'utf8');
    const methods = source.split(/\n {2}(?=(?:async\s+)?[a-zA-Z]+\()/);
    for (const method of methods) {
      const name = /^(?:async\s+)?([a-zA-Z]+)\(/.exec(method)?.[1];
      if (name && /method: '(POST|PUT|DELETE)'/.test(method)) names.push(name);
    }
  }
  return names;
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(path);
    // Tests and their worlds play other clients changing the service; they may write directly.
    return /\.ts$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `process.x(`, `clients.process.x(`, `ctx.process().x(`, `bpmn.x(`, … */
const callOf = (name: string): RegExp =>
  new RegExp(`\\b(?:process|bpmn)(?:\\(\\))?\\s*\\.\\s*${name}\\s*\\(`);

test('the clients still have the writing operations this test looks for', () => {
  const found = writingOperations();
  for (const name of ['changeState', 'createVersion', 'createContent', 'importBpmn'])
    assert.ok(found.includes(name), `${name} is found as a write (found: ${found.join(', ')})`);
});

test('no write to the service outside the outbox handlers', () => {
  const writes = writingOperations().filter((name) => !(name in NOT_YET));
  const offenders: string[] = [];
  for (const file of sourcesOf(join(root, 'main'))) {
    const path = relative(root, file).split('\\').join('/');
    if (ALLOWED.some((dir) => path.startsWith(dir))) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const name of writes) if (callOf(name).test(line)) offenders.push(`${path}:${index + 1} ${name}`);
    });
  }
  assert.deepEqual(offenders, [], 'create an outbox operation (OutboxService.execute) and send it (sendNow)');
});

test('the check finds a planted direct write', () => {
  const planted = 'await ctx.process().changeState(id, transition, { signal });';
  assert.ok(callOf('changeState').test(planted));
  assert.ok(callOf('importBpmn').test('await session.clients.bpmn.importBpmn(id, lcid, xml)'));
  assert.ok(!callOf('createVersion').test('services.workspace.createVersion(request)'));
});
