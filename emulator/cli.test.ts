/** The CLI: one JSON ready line on stdout, clean stop on SIGTERM, `--data` persistence across restarts. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

async function run(
  args: string[],
  body: (config: Record<string, string>) => Promise<void>,
): Promise<{ stdout: string; code: number | null }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stderr.resume();
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
    });
    child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
  const config = JSON.parse(await ready) as Record<string, string>;
  await body(config);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  return { stdout, code: await exited };
}

it('prints exactly one JSON line with the client config and stops cleanly on SIGTERM', async () => {
  const result = await run(['--seed', 'empty', '--port', '0'], async (config) => {
    for (const key of [
      'processBaseUrl',
      'reportingBaseUrl',
      'dataPushBaseUrl',
      'collectionId',
      'storageId',
      'tenantId',
      'authToken',
      'bpmnToken',
      'reportingApiKey',
      'dataPushKey',
      'poolId',
    ]) {
      assert.equal(typeof config[key], 'string', key);
    }
    const res = await fetch(`${config.processBaseUrl}/_emulator/health`);
    assert.equal(res.status, 200);
  });
  assert.equal(result.code, 0);
  assert.equal(result.stdout.trim().split('\n').length, 1);
});

it('keeps state and credentials in --data FILE across restarts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-emulator-'));
  const file = join(dir, 'state.sqlite');
  try {
    let first: Record<string, string> = {};
    let createdId = '';
    await run(['--data', file, '--seed', 'demo'], async (config) => {
      first = config;
      const base = `${config.processBaseUrl}/${config.collectionId}/${config.storageId}/_api/rest/facets/processes/views/processList/elements`;
      const list = (await (
        await fetch(`${base}?$pageSize=1&$filter=${encodeURIComponent("state1 -eq 'inProcess'")}`, {
          headers: { 'symbio-auth-token': config.authToken },
        })
      ).json()) as {
        values: Array<{ id: string }>;
      };
      createdId = list.values[0]?.id ?? '';
      const res = await fetch(
        `${config.processBaseUrl}/${config.collectionId}/${config.storageId}/_api/release/${createdId}/transitions/InProcessToInReview`,
        {
          method: 'POST',
          headers: { 'symbio-auth-token': config.authToken },
        },
      );
      assert.equal(res.status, 200);
    });
    await run(['--data', file], async (config) => {
      assert.equal(config.authToken, first.authToken);
      assert.equal(config.storageId, first.storageId);
      const res = await fetch(
        `${config.processBaseUrl}/${config.collectionId}/${config.storageId}/_api/rest/facets/processes/views/processList/elements/${createdId}`,
        {
          headers: { 'symbio-auth-token': config.authToken },
        },
      );
      const body = (await res.json()) as { elements: Array<{ state: string }> };
      assert.equal(body.elements[0]?.state, 'inReview');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('with --exit-with-stdin it stops when the process that started it is killed', async () => {
  // A parent that starts the emulator with a stdin pipe, reports its pid, and is then SIGKILLed.
  const parentScript = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, [${JSON.stringify(CLI)}, '--seed', 'empty', '--exit-with-stdin'],
      { stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.once('data', () => console.log(child.pid));`;
  const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = Number(
    await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))),
  );
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  assert.ok(alive(), 'the emulator runs while its parent lives');
  parent.kill('SIGKILL');
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.equal(alive(), false, 'the emulator ended with its parent');
});

it('with --exit-with-parent PID it stops when that process is gone, without any pipe to it', async () => {
  // A parent that starts the emulator detached from its stdio, naming itself, reports the pid, and is SIGKILLed.
  const parentScript = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, [${JSON.stringify(CLI)}, '--seed', 'empty', '--exit-with-parent', String(process.pid)],
      { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.once('data', () => console.log(child.pid));`;
  const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = Number(
    await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))),
  );
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  assert.ok(alive(), 'the emulator runs while its parent lives');
  parent.kill('SIGKILL');
  const deadline = Date.now() + 15_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.equal(alive(), false, 'the emulator ended after its parent was gone');
});
