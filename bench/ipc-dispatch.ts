/**
 * Cost of the IPC contract on the main side: validating a request and its
 * response around a handler, compared with calling the handler directly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMainServices } from '../main/app/main-services.ts';
import { createMemoryLogger } from '../main/log/logger.ts';
import { MemorySecretStore } from '../main/profiles/secret-store.ts';

async function measure(label: string, iterations: number, body: () => unknown): Promise<number> {
  for (let i = 0; i < 1000; i++) await body();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await body();
  const perCallUs = ((performance.now() - start) * 1000) / iterations;
  console.log(`${label.padEnd(34)} ${perCallUs.toFixed(2)} µs/call`);
  return perCallUs;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-bench-'));
  const services = createMainServices({
    identity: { name: 'Lanes', version: 'bench', transport: 'harness' },
    dataDir,
    locale: 'en-US',
    logger: createMemoryLogger(),
    events: () => {},
    secrets: new MemorySecretStore(),
  });
  const iterations = 50_000;
  const direct = await measure('handler called directly', iterations, () =>
    services.handlers['app.info']({}),
  );
  const viaContract = await measure('dispatch (validate in and out)', iterations, () =>
    services.dispatch('app.info', {}),
  );
  const rejected = await measure('dispatch of a malformed payload', iterations, () =>
    services.dispatch('settings.update', { uiLanguage: 'xx' }),
  );
  console.log(`ratio dispatch/direct: ${(viaContract / direct).toFixed(2)}x`);
  console.log(`ratio rejection/direct: ${(rejected / direct).toFixed(2)}x`);
  services.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}

if (import.meta.main) await run();
