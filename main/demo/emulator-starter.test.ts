/**
 * The EmulatorStarter seam as the desktop app uses it: Electron's utility
 * process has no stdin pipe and reports only an exit code, so this starter is
 * its plain-Node twin (child_process.fork, the lifeline --exit-with-parent),
 * driving the same DemoTenant, ready line and error reporting.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanesError } from '../../shared/ipc/errors.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { ProfileService } from '../profiles/profile-service.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { DEMO_PROFILE_NAME, DemoTenant } from './demo-tenant.ts';
import type { EmulatorStarter } from './emulator-process.ts';

const emulatorCli = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'emulator', 'cli.ts');

/** What utility-emulator.ts does with utilityProcess.fork, with Node's fork. */
function forkStarter(script: string): EmulatorStarter {
  return (args) => {
    const child = fork(script, [...args, '--exit-with-parent', String(process.pid)], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const ended = new Promise<{ how: string; startError?: Error }>((resolve) => {
      child.once('error', (error) => resolve({ how: `cannot run (${error.message})`, startError: error }));
      child.once('exit', (code, signal) => resolve({ how: signal ?? `exit code ${code}` }));
    });
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout!,
      stderr: child.stderr!,
      ended,
      terminate: () => void child.kill('SIGTERM'),
      kill: () => void child.kill('SIGKILL'),
    };
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function demoWith(launch: EmulatorStarter) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-starter-'));
  const profiles = new ProfileService(dataDir, new MemorySecretStore(), () => {});
  const demo = new DemoTenant({
    launch,
    dataDir,
    profiles,
    logger: createMemoryLogger(),
    readyTimeoutMs: 30_000,
  });
  return { demo, profiles, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

test('through a starter without stdin, the demo tenant waits for the ready line, connects, and dispose ends it', async () => {
  const { demo, profiles, cleanup } = demoWith(forkStarter(emulatorCli));
  try {
    const [profile] = await demo.start();
    assert.equal(profile!.name, DEMO_PROFILE_NAME);
    assert.equal((await profiles.test(DEMO_PROFILE_NAME))[0]!.ok, true);
    const pid = (await demo.pid())!;
    assert.ok(isRunning(pid));
    await demo.dispose();
    assert.equal(isRunning(pid), false, 'stopped with the app');
  } finally {
    await demo.dispose();
    cleanup();
  }
});

test('a child that ends before it is ready is reported as a translated error with its last words', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'lanes-starter-fail-'));
  const failing = join(folder, 'failing.mjs');
  writeFileSync(failing, "console.error('port in use'); process.exit(3);\n");
  const { demo, cleanup } = demoWith(forkStarter(failing));
  try {
    const error = await demo.start().then(
      () => assert.fail('it must not start'),
      (caught: unknown) => caught as LanesError,
    );
    assert.ok(error instanceof LanesError);
    assert.equal(error.code, 'demo.failed');
    assert.match(error.params.reason!, /ended before it was ready \(exit code 3\): port in use/);
    assert.match(
      translate('de', 'error.demo.failed', error.params),
      /^Der Demo-Mandant konnte nicht gestartet werden: /,
    );
  } finally {
    await demo.dispose();
    cleanup();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a starter that cannot even try is reported, not thrown through', async () => {
  const { demo, cleanup } = demoWith(() => {
    throw new Error('utility process unavailable');
  });
  try {
    await assert.rejects(demo.start(), (error: LanesError) => error.code === 'demo.failed');
  } finally {
    cleanup();
  }
});
