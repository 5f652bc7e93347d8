import type { ProfileSummary } from '../../shared/domain/profiles.ts';
import { LanesError } from '../../shared/ipc/errors.ts';

/**
 * "Try the demo tenant": starts the service emulator with the demo seed in a
 * child process and connects a ready-made profile to it.
 */
export class DemoTenant {
  start(): Promise<ProfileSummary[]> {
    throw new LanesError({ code: 'internal', message: 'Not built yet.' });
  }

  async dispose(): Promise<void> {}
}
