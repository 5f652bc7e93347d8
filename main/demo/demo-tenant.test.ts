import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanesError } from '../../shared/ipc/errors.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { ProfileService } from '../profiles/profile-service.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { DEMO_PROFILE_NAME, DemoTenant } from './demo-tenant.ts';
import type { EmulatorLaunch } from './emulator-process.ts';

const emulatorCli = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'emulator', 'cli.ts');
const realEmulator: EmulatorLaunch = { command: process.execPath, args: [emulatorCli] };

function world(launch: EmulatorLaunch | undefined, readyTimeoutMs?: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-demo-'));
  const secrets = new MemorySecretStore();
  const profiles = new ProfileService(dataDir, secrets, () => {});
  const logger = createMemoryLogger();
  const make = (): DemoTenant =>
    new DemoTenant({ launch, dataDir, profiles, logger, ...(readyTimeoutMs ? { readyTimeoutMs } : {}) });
  return { dataDir, secrets, profiles, logger, make, cleanup: () => rmSync(dataDir, { recursive: true }) };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Child processes of this test process (Linux /proc); undefined where there is no /proc. */
function childPids(): number[] | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of stat is the parent pid; the command name (field 2) may contain spaces.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === process.pid && fields[0] !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

test('start runs the emulator, connects the "Demo tenant" profile, reuses the child, and dispose ends it', async () => {
  const w = world(realEmulator);
  const demo = w.make();
  try {
    const [profile] = await demo.start();
    assert.equal(profile!.name, DEMO_PROFILE_NAME);
    assert.equal(profile!.current, true);
    assert.deepEqual(profile!.secretsSet, ['authToken', 'bpmnToken', 'reportingApiKey', 'dataPushKey']);
    assert.match(profile!.fields.processBaseUrl!, /^http:\/\/127\.0\.0\.1:\d+$/);
    const tested = await w.profiles.test(DEMO_PROFILE_NAME);
    assert.deepEqual(
      tested.map((r) => [r.interface, r.ok]),
      [
        ['process', true],
        ['bpmn', true],
        ['reporting', true],
        ['dataPush', true],
      ],
    );
    const pid = await demo.pid();
    assert.ok(pid && isRunning(pid));
    const again = await demo.start();
    assert.equal(await demo.pid(), pid, 'a second start reuses the running emulator');
    assert.equal(again[0]!.fields.processBaseUrl, profile!.fields.processBaseUrl);
    const token = w.secrets.load(DEMO_PROFILE_NAME).authToken!;
    assert.ok(
      w.logger.lines.every((line) => !line.includes(token)),
      'no token in the log',
    );
    await demo.dispose();
    assert.equal(isRunning(pid), false, 'the emulator is gone after dispose');
  } finally {
    await demo.dispose();
    w.cleanup();
  }
});

test('the demo state lives in the data folder: a restarted emulator keeps its ids and tokens', async () => {
  const w = world(realEmulator);
  try {
    const first = w.make();
    await first.start();
    const before = { ...w.secrets.load(DEMO_PROFILE_NAME), ...w.profiles.list()[0]!.fields };
    await first.dispose();
    assert.ok(existsSync(join(w.dataDir, 'demo-tenant.sqlite')));
    const second = w.make();
    try {
      await second.start();
      const after = { ...w.secrets.load(DEMO_PROFILE_NAME), ...w.profiles.list()[0]!.fields };
      for (const key of ['authToken', 'reportingApiKey', 'storageId', 'tenantId', 'poolId'] as const)
        assert.equal(after[key], before[key], key);
      assert.equal(w.profiles.list().length, 1, 'the profile is updated, not duplicated');
      assert.equal((await w.profiles.test(DEMO_PROFILE_NAME))[0]!.ok, true);
    } finally {
      await second.dispose();
    }
  } finally {
    w.cleanup();
  }
});

async function failure(promise: Promise<unknown>): Promise<LanesError> {
  const error = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof LanesError);
  assert.equal(error.code, 'demo.failed');
  return error;
}

test('an emulator that fails, hangs or prints garbage gives a clear error and leaves no process behind', async () => {
  const node = (script: string): EmulatorLaunch => ({
    command: process.execPath,
    args: ['-e', script, '--'],
  });
  const cases: [EmulatorLaunch, RegExp][] = [
    [
      node('console.error("port in use"); process.exit(3)'),
      /ended before it was ready \(exit code 3\): port in use/,
    ],
    [node('setInterval(() => {}, 1000)'), /did not get ready within 1 s/],
    [node('console.log("hello"); setInterval(() => {}, 1000)'), /something other than its ready line/],
    [{ command: '/nonexistent/node', args: [] }, /cannot run \/nonexistent\/node/],
  ];
  for (const [launch, reason] of cases) {
    const w = world(launch, 1000);
    const demo = w.make();
    try {
      const error = await failure(demo.start());
      assert.match(error.params.reason!, reason);
      assert.deepEqual(w.profiles.list(), [], 'no profile is saved');
      await demo.dispose();
      const deadline = Date.now() + 5000;
      while ((childPids()?.length ?? 0) > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(childPids() ?? [], [], `no child left after: ${reason}`);
    } finally {
      w.cleanup();
    }
  }
});

test('without an emulator to launch, start says so', async () => {
  const w = world(undefined);
  try {
    const error = await failure(w.make().start());
    assert.match(error.message, /no service emulator/);
  } finally {
    w.cleanup();
  }
});
