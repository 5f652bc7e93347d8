import { join } from 'node:path';
import { profileFromValues, type ProfileSummary } from '../../shared/domain/profiles.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import {
  spawnEmulator,
  type EmulatorLaunch,
  type EmulatorProcess,
  type EmulatorStarter,
} from './emulator-process.ts';

/** The profile "Try the demo tenant" connects; saved like any other, so the user can inspect it. */
export const DEMO_PROFILE_NAME = 'Demo tenant';

interface DemoTenantOptions {
  /**
   * How to run the emulator (a Node child process, or a starter such as Electron's
   * utility process); absent where no emulator is bundled (then start() explains that).
   */
  launch: EmulatorLaunch | EmulatorStarter | undefined;
  dataDir: string;
  profiles: ProfileService;
  logger: Logger;
  readyTimeoutMs?: number;
}

/**
 * "Try the demo tenant": starts the service emulator with the demo seed in a
 * child process and connects a ready-made profile to it. The emulator keeps its
 * state in the data folder, so its ids and tokens (and the saved profile's
 * secrets) stay the same from one start to the next; only the port changes.
 */
export class DemoTenant {
  readonly #options: DemoTenantOptions;
  #running: Promise<EmulatorProcess> | undefined;
  readonly #disposed = new AbortController();

  constructor(options: DemoTenantOptions) {
    this.#options = options;
  }

  /** The emulator's process id while it runs (for tests and diagnostics). */
  async pid(): Promise<number | undefined> {
    return (await this.#running?.catch(() => undefined))?.pid;
  }

  async start(): Promise<ProfileSummary[]> {
    const emulator = await this.#ensureRunning();
    const { profiles } = this.#options;
    profiles.save(profileFromValues(DEMO_PROFILE_NAME, emulator.config));
    return profiles.use(DEMO_PROFILE_NAME);
  }

  /** A second start while the emulator runs (or is starting) reuses it. */
  #ensureRunning(): Promise<EmulatorProcess> {
    if (this.#running) return this.#running;
    const { launch, dataDir, logger } = this.#options;
    if (!launch) return Promise.reject(demoFailed('this build of Lanes has no service emulator'));
    if (this.#disposed.signal.aborted) return Promise.reject(demoFailed('the app is closing'));
    const args = ['--seed', 'demo', '--port', '0', '--data', join(dataDir, 'demo-tenant.sqlite')];
    const running = spawnEmulator(
      launch,
      args,
      logger,
      this.#options.readyTimeoutMs ?? 30_000,
      this.#disposed.signal,
    );
    this.#running = running;
    running.then(
      (emulator) =>
        void emulator.exited.then(() => {
          logger.info('demo emulator ended');
          if (this.#running === running) this.#running = undefined;
        }),
      () => {
        if (this.#running === running) this.#running = undefined;
      },
    );
    return running;
  }

  /** Ends the emulator: SIGTERM, then SIGKILL after a grace period. */
  async dispose(): Promise<void> {
    this.#disposed.abort();
    const running = this.#running;
    this.#running = undefined;
    const emulator = await running?.catch(() => undefined);
    await emulator?.stop();
  }
}

function demoFailed(reason: string): LanesError {
  return new LanesError({
    code: 'demo.failed',
    message: `The demo tenant could not be started: ${reason}.`,
    params: { reason },
  });
}
