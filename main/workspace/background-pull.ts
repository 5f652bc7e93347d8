import { LanesError } from '../../shared/ipc/errors.ts';
import type { Logger } from '../log/logger.ts';

interface BackgroundPullOptions {
  /** One pull of everything pinned (SyncService.run with send off). */
  pull: () => Promise<unknown>;
  logger: Logger;
  /** How long to wait before trying again while another sync holds the session. */
  busyRetryMs?: number;
  /** Gives up waiting for a busy sync after this many tries (the next sync picks the pin up anyway). */
  maxBusyRetries?: number;
}

/**
 * Starts a pull after a pin was added, so "make available offline" actually
 * fetches. Requests while one runs are folded into one more run afterwards
 * (the running one may have listed the pins before the new one existed); a
 * sync the user started meanwhile is waited for. Failures are logged only:
 * the pin keeps its queue and the next sync continues it.
 */
export function createBackgroundPull(options: BackgroundPullOptions): {
  request: () => void;
  idle: () => Promise<void>;
} {
  const retryMs = options.busyRetryMs ?? 2000;
  const maxRetries = options.maxBusyRetries ?? 150;
  let again = false;
  let running: Promise<void> | undefined;

  const once = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await options.pull();
        return;
      } catch (error) {
        const busy = error instanceof LanesError && error.code === 'sync.busy';
        if (busy && attempt < maxRetries) {
          await new Promise((resolve) => setTimeout(resolve, retryMs));
          continue;
        }
        options.logger.warn('Fetching the newly pinned elements failed; the next sync continues', error);
        return;
      }
    }
  };

  const loop = async (): Promise<void> => {
    do {
      again = false;
      await once();
    } while (again);
    running = undefined;
  };

  return {
    request() {
      if (running) {
        again = true;
        return;
      }
      running = loop();
    },
    /** Resolves when nothing is running or waiting (for tests and shutdown). */
    async idle() {
      while (running) await running;
    },
  };
}
