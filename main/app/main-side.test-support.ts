import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorConfig } from '../../emulator/index.ts';
import { createMainServices, type MainServices, type MainServicesOptions } from './main-services.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';

/** The app's main side as the harness runs it (English, in-memory log, no environment), with `options` on top. */
export function testMainServices(
  options: Pick<MainServicesOptions, 'dataDir' | 'secrets'> & Partial<MainServicesOptions>,
): MainServices {
  return createMainServices({
    identity: { name: 'Lanes', version: 'test', transport: 'harness' },
    locale: 'en-US',
    logger: createMemoryLogger(),
    env: {},
    events: () => {},
    ...options,
  });
}

/** The main side of a fresh app connected to the emulator's tenant (profile "Demo"): an empty data folder, nothing browsed. */
export function connectedMainSide(
  config: EmulatorConfig,
  options: Partial<MainServicesOptions> = {},
): { services: MainServices; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-main-side-'));
  const secrets = new MemorySecretStore();
  connectProfile(dataDir, secrets, config);
  return { services: testMainServices({ dataDir, secrets, ...options }), dataDir };
}
