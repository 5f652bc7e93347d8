/**
 * The whole main side of the app (its composition root and IPC dispatch)
 * over a data folder connected to the demo emulator, with every event main
 * sends to the renderer recorded: what an open tab would be told.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { EventChannel, EventOf } from '../../shared/ipc/contract.ts';
import type { Element } from '../../shared/domain/process.ts';
import { type MainServices } from '../app/main-services.ts';
import { testMainServices } from '../app/main-side.test-support.ts';
import { clientsFor } from '../sync/emulator-clients.test-support.ts';
import type { OutboxClients } from '../sync/service-view.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';
import { GRACE_MS, outageOf } from '../workspace/workspace-world.test-support.ts';
import { taskNames } from './editor-world.test-support.ts';

export interface RecordedEvent {
  channel: EventChannel;
  payload: unknown;
}

export interface AppWorld {
  emulator: RunningEmulator;
  dataDir: string;
  app: MainServices;
  /** The service's clients, for what another user or the test itself does behind the app's back. */
  service: OutboxClients;
  events: RecordedEvent[];
  /** A request as the renderer makes it; an error answer fails the test. */
  call<T>(channel: string, payload: unknown): Promise<T>;
  /** The recorded events of one channel, in order. */
  eventsOf<E extends EventChannel>(channel: E): EventOf<E>[];
  /** Waits until an event of the channel matches, and returns it. */
  waitFor<E extends EventChannel>(channel: E, match: (payload: EventOf<E>) => boolean): Promise<EventOf<E>>;
  /** An in-process process with a diagram of at least this many tasks (2) no other test used. */
  freshProcess(tasks?: number): Promise<Element>;
  breakService(): void;
  /** Clears the faults and waits out the offline grace. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startAppWorld(): Promise<AppWorld> {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-app-world-'));
  const secrets = new MemorySecretStore();
  connectProfile(dataDir, secrets, emulator.config);
  const events: RecordedEvent[] = [];
  const app = testMainServices({
    dataDir,
    events: (channel, payload) => void events.push({ channel, payload }),
    secrets,
    unavailableGraceMs: GRACE_MS,
  });
  const service = clientsFor(emulator.config);
  const processes = await service.process.listAllElements('processes', 'processList');
  const used = new Set<string>();
  const eventsOf = <E extends EventChannel>(channel: E): EventOf<E>[] =>
    events.filter((event) => event.channel === channel).map((event) => event.payload as EventOf<E>);
  return {
    emulator,
    dataDir,
    app,
    service,
    events,
    eventsOf,
    async call<T>(channel: string, payload: unknown): Promise<T> {
      const answer = await app.dispatch(channel, payload);
      assert.ok(answer.ok, `${channel}: ${JSON.stringify(answer.ok ? null : answer.error)}`);
      return answer.value as T;
    },
    async waitFor(channel, match) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = eventsOf(channel).find(match);
        if (found) return found;
        if (Date.now() > deadline)
          assert.fail(`no ${channel} event came: ${JSON.stringify(eventsOf(channel))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async freshProcess(tasks = 2) {
      for (const element of processes) {
        if (element.type !== 'process' || element.state !== 'inProcess' || used.has(element.id)) continue;
        if (taskNames(await service.bpmn.exportBpmn(element.id, 1033)).length < tasks) continue;
        used.add(element.id);
        return element;
      }
      assert.fail(`the demo seed has no unused in-process process with ${tasks} tasks`);
    },
    ...outageOf(emulator),
    async close() {
      app.dispose();
      await emulator.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
