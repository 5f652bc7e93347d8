/**
 * Behind a company proxy (PAC/WPAD, as Electron's session resolves it) a push
 * runs in a worker thread, which cannot ask Electron: it must get the system
 * proxy's route from the serving thread, as the sync worker does, or the
 * upload tries to go direct and fails where only the proxy is let through.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChosenFile } from '../../shared/domain/datapool.ts';
import { startLoopbackProxy, type LoopbackProxy } from '../../e2e/harness/connect-proxy.ts';
import { useSystemProxy } from '../api/http/system-proxy.ts';
import { startPoolWorld, type PoolWorld } from './datapool.test-support.ts';

let world: PoolWorld;
let proxy: LoopbackProxy;
before(async () => {
  world = await startPoolWorld('lanes-push-proxy-', 'en-US');
  proxy = await startLoopbackProxy();
});
after(async () => {
  useSystemProxy(undefined);
  await world.close();
  await proxy.close();
});

test('a data-pool push in its worker goes through the proxy the system names', async () => {
  const asked: string[] = [];
  useSystemProxy(async (url) => {
    asked.push(url);
    return `PROXY ${proxy.hostPort}`;
  });
  const path = join(world.dir, 'owners.csv');
  writeFileSync(path, 'id,owner\n1,Ops\n2,Finance\n');
  world.answers.push(path);
  const chosen = await world.call<ChosenFile>('datapool.chooseFile', { purpose: 'rows' });
  const before = proxy.seen.length;
  const { pushId } = await world.call<{ pushId: string }>('datapool.push', {
    fileId: chosen.fileId,
    format: chosen.format,
    table: 'owners',
    mode: 'DELTA',
    keys: ['id'],
    columns: chosen.columns,
  });
  const final = await world.outcome(pushId);
  assert.equal(final.phase, 'done', JSON.stringify(final.error ?? final.logs));
  assert.ok(proxy.seen.length > before, 'the worker’s upload went through the proxy');
  assert.ok(asked.length > 0, 'the system was asked for the route');
  useSystemProxy(undefined);
  assert.deepEqual(
    (await world.pool.inspectTable('owners')).map((row) => row.owner),
    ['Ops', 'Finance'],
  );
});
