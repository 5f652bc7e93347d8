/**
 * A service in maintenance answers 503 and asks for minutes (`Retry-After`):
 * the app's own reads do not wait for it. What is cached comes at once, marked
 * as cached; what is not says that the service is unavailable. Through the
 * app's main side (its session's clients), the emulator and a real cache file;
 * the requests are counted at the emulator.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { ResponseOf } from '../../shared/ipc/contract.ts';
import type { MainServices } from '../app/main-services.ts';
import { connectedMainSide } from '../app/main-side.test-support.ts';

let emulator: RunningEmulator;
const apps: MainServices[] = [];

/** The app's main side, connected to the demo tenant, with an empty cache of its own. */
function connectedApp(): MainServices {
  const { services } = connectedMainSide(emulator.config);
  apps.push(services);
  return services;
}

before(async () => {
  emulator = await startEmulator({ seed: 'demo', quiet: true });
});
after(async () => {
  for (const services of apps) services.dispose();
  await emulator.close();
});

/**
 * `work` while the service is in maintenance: every request to `route` answered 503 with a Retry-After of
 * 10 minutes. With the requests the emulator saw meanwhile (a rule that only counts, placed before the fault).
 */
async function inMaintenance<T>(
  route: string,
  work: () => Promise<T>,
): Promise<{ value: T; requests: number }> {
  const counter = emulator.faults.add({ route: '*', latencyMs: 0 });
  emulator.faults.add({ route, failRate: 1, status: 503, retryAfter: 600 });
  try {
    const value = await work();
    const counted = emulator.faults.list().rules.find((r) => r.id === counter.id) as
      { hits?: number } | undefined;
    return { value, requests: counted?.hits ?? 0 };
  } finally {
    emulator.faults.clear();
  }
}

const ASKED_ONCE = 'asked once: the 10 minutes are not waited for';

test(
  'in maintenance (503, Retry-After 10 minutes) the app reads what it has cached at once',
  { timeout: 60_000 },
  async () => {
    const services = connectedApp();
    const facets = async (): Promise<ResponseOf<'workspace.facets'>> => {
      const result = await services.dispatch('workspace.facets', {});
      if (!result.ok) throw new Error(result.error.message);
      return result.value as ResponseOf<'workspace.facets'>;
    };
    const live = await facets();
    assert.equal(live.source, 'live', 'seen once online');
    const { value: cached, requests } = await inMaintenance('*', facets);
    assert.equal(cached.source, 'cache');
    assert.deepEqual(cached.items, live.items);
    assert.equal(requests, 1, ASKED_ONCE);
  },
);

test(
  'in maintenance, what was never cached fails at once, saying it is not in the offline cache',
  { timeout: 60_000 },
  async () => {
    const services = connectedApp();
    const { value: result, requests } = await inMaintenance('*', () =>
      services.dispatch('workspace.views', { facet: 'processes' }),
    );
    assert.equal(result.ok ? null : result.error.code, 'cache.notCached');
    assert.equal(requests, 1, ASKED_ONCE);
  },
);

test(
  'in maintenance, the data pool screen learns at once that the pool is unavailable',
  { timeout: 60_000 },
  async () => {
    const services = connectedApp();
    const { value: result, requests } = await inMaintenance('*/data-push/*', () =>
      services.dispatch('datapool.jobs', {}),
    );
    assert.equal(result.ok ? null : result.error.code, 'api.serviceError');
    assert.equal(requests, 1, ASKED_ONCE);
  },
);
