import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';
import { connectProfile } from '../../main/profiles/profiles.test-support.ts';
import { startLanesHarness, type HarnessOptions, type LanesHarness } from './lanes-harness.ts';
import { HandoverSecretStore } from './handover-secret-store.ts';

export interface DemoWorld {
  emulator: RunningEmulator;
  harness: LanesHarness;
  close(): Promise<void>;
}

export interface DemoWorldOptions {
  emulator?: EmulatorOptions;
  locale?: string;
  browser?: Browser;
  /** Connect a profile named "Demo" to the emulator before the app starts (default true). */
  connected?: boolean;
  /** Where main runs (see HarnessOptions.mainProcess); default in this process. */
  mainProcess?: HarnessOptions['mainProcess'];
  fileDialogs?: HarnessOptions['fileDialogs'];
  extraAssets?: HarnessOptions['extraAssets'];
}

/**
 * The emulator with its demo seed and the real app in Chromium, already
 * connected to it through a saved profile (secrets in the in-memory store, as
 * safeStorage would hold them in Electron).
 */
export async function startDemoWorld(options: DemoWorldOptions = {}): Promise<DemoWorld> {
  const emulator = await startEmulator({ seed: 'demo', quiet: true, ...options.emulator });
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-demo-e2e-'));
  const secrets = new HandoverSecretStore();
  if (options.connected !== false) {
    connectProfile(dataDir, secrets, emulator.config);
  }
  const harness = await startLanesHarness({
    dataDir,
    secrets,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.mainProcess ? { mainProcess: options.mainProcess } : {}),
    ...(options.fileDialogs ? { fileDialogs: options.fileDialogs } : {}),
    ...(options.extraAssets ? { extraAssets: options.extraAssets } : {}),
  });
  return {
    emulator,
    harness,
    async close() {
      await harness.close();
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process of the demo tenant as the tests choose them: its state and how many shapes its diagram has. */
export interface DemoProcess {
  id: string;
  state: string;
  shapes: number;
}

/** Every process of the demo tenant, in seed order, read from the emulator's own store. */
export function demoProcesses(emulator: RunningEmulator): DemoProcess[] {
  return emulator.db
    .prepare(
      `SELECT e.id, e.state, (SELECT COUNT(*) FROM shapes s WHERE s.version_id = e.version_id) AS shapes
       FROM elements e WHERE e.is_current = 1 AND e.type = 'process' ORDER BY e.ord`,
    )
    .all() as DemoProcess[];
}

/** A process a modeler may edit whose diagram has something to edit. */
export const isEditable = (process: DemoProcess): boolean =>
  process.state === 'inProcess' && process.shapes >= 3;

/** What main answers on an IPC channel, as the renderer would ask it; an error answer fails the test. */
export async function mainAnswer(world: DemoWorld, channel: string, payload: unknown): Promise<unknown> {
  const result = await world.harness.services.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result)}`);
  return result.value;
}
