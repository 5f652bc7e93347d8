/**
 * What the data pool's tests share: a client that looks into the emulator's
 * pool behind the app's back, a dispatch that fails the test on an error, and
 * the app's main side connected to an empty pool.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../emulator/index.ts';
import { type MainServices } from '../app/main-services.ts';
import { testMainServices } from '../app/main-side.test-support.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';
import type { PushProgress } from '../../shared/domain/datapool.ts';
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { DataPushClient } from '../api/datapush/datapush-client.ts';

interface PoolConfig {
  dataPushBaseUrl: string;
  poolId: string;
  dataPushKey: string;
}

/** A data-push client of its own on the emulator's pool, to check what arrived. */
export function poolInspector(config: PoolConfig): DataPushClient {
  return new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
    baseUrl: config.dataPushBaseUrl,
    poolId: config.poolId,
    key: config.dataPushKey,
  });
}

interface Dispatching {
  dispatch(
    channel: string,
    payload: unknown,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }>;
}

/** A request through the main side's dispatch; an error answer fails the test with its code. */
export async function callOrFail<T>(services: Dispatching, channel: string, payload: unknown): Promise<T> {
  const result = await services.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** The app's main side connected to an empty emulator's pool, with the open dialog answering from a list. */
export interface PoolWorld {
  services: MainServices;
  /** The pool as the service holds it, read behind the app's back. */
  pool: DataPushClient;
  /** A temporary folder for the files the tests write. */
  dir: string;
  /** The paths the next "choose a file" dialogs answer with, in order (none left: cancelled). */
  answers: string[];
  call<T>(channel: string, payload: unknown): Promise<T>;
  /** How a push ended (done, failed or canceled), as its progress events said. */
  outcome(pushId: string): Promise<PushProgress>;
  close(): Promise<void>;
}

export async function startPoolWorld(prefix: string, locale = 'de-DE'): Promise<PoolWorld> {
  const emulator = await startEmulator({ seed: 'empty', quiet: true, jobStepMs: 20 });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = mkdtempSync(join(dir, 'data-'));
  const secrets = new MemorySecretStore();
  connectProfile(dataDir, secrets, emulator.config, 'Pool');
  const answers: string[] = [];
  const finals = new Map<string, PushProgress>();
  const waiters = new Map<string, (p: PushProgress) => void>();
  const services = testMainServices({
    dataDir,
    locale,
    secrets,
    events: (name, payload) => {
      if (name !== 'datapool.progress') return;
      const p = payload as PushProgress;
      if (['done', 'failed', 'canceled'].includes(p.phase)) {
        finals.set(p.pushId, p);
        waiters.get(p.pushId)?.(p);
      }
    },
    fileDialogs: {
      chooseBpmnToOpen: () => Promise.resolve(null),
      chooseSaveLocation: () => Promise.resolve(null),
      chooseCsvToOpen: () => Promise.resolve(answers.shift() ?? null),
    },
  });
  return {
    services,
    pool: poolInspector(emulator.config),
    dir,
    answers,
    call: (channel, payload) => callOrFail(services, channel, payload),
    outcome(pushId) {
      const known = finals.get(pushId);
      if (known) return Promise.resolve(known);
      return new Promise((resolve) => waiters.set(pushId, resolve));
    },
    async close() {
      services.dispose();
      await emulator.close();
    },
  };
}
