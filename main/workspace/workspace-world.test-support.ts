import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { type MainServices } from '../app/main-services.ts';
import { testMainServices } from '../app/main-side.test-support.ts';
import { createMemoryLogger } from '../log/logger.ts';
import { MemorySecretStore } from '../profiles/secret-store.ts';
import { connectProfile } from '../profiles/profiles.test-support.ts';
import { CurrentSession, type Session } from '../session/current-session.ts';
import { migrations } from '../app/cache-schema.ts';
import { SessionOutboxes } from '../sync/session-outboxes.ts';
import type { Element } from '../../shared/domain/process.ts';
import { WorkspaceService } from './workspace-service.ts';

/** The demo's process landscape: its facet and view. */
export const DEMO_FACET = 'processes';
export const DEMO_VIEW = 'processList';

/** Short, so a test can go "offline" and come back without waiting half a minute. */
export const GRACE_MS = 300;

/** Every request fails with 503 (control routes excepted), and how to end it: clear, then wait out the grace. */
export function outageOf(emulator: RunningEmulator): { breakService(): void; restore(): Promise<void> } {
  return {
    breakService() {
      emulator.faults.add({ route: '*', failRate: 1, status: 503, retryAfter: 0 });
    },
    async restore() {
      emulator.faults.clear();
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 50));
    },
  };
}

export interface WorkspaceWorld {
  emulator: RunningEmulator;
  dataDir: string;
  secrets: MemorySecretStore;
  current: CurrentSession;
  /** The world's one outbox per session, as the app composes it. */
  outboxes: SessionOutboxes;
  workspace: WorkspaceService;
  pinned: number;
  session(): Promise<Session>;
  /** A whole app's main side (IPC dispatch included) over this world's data folder; dispose it. */
  appServices(): MainServices;
  /** Every request fails with 503 (control routes excepted) until `restore()`. */
  breakService(): void;
  /** Clears the faults and waits out the workspace's offline grace, so the next read goes live. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** The demo emulator, a data folder connected to it, and the workspace over a real session and cache file. */
export async function startWorkspaceWorld(): Promise<WorkspaceWorld> {
  const emulator = await startEmulator({ seed: 'demo', quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'lanes-workspace-'));
  const secrets = new MemorySecretStore();
  connectProfile(dataDir, secrets, emulator.config);
  const current = new CurrentSession({
    dataDir,
    migrations,
    env: {},
    logger: createMemoryLogger(),
    secrets,
    unavailableGraceMs: GRACE_MS,
  });
  const outboxes = new SessionOutboxes();
  const world: WorkspaceWorld = {
    emulator,
    dataDir,
    secrets,
    current,
    outboxes,
    pinned: 0,
    workspace: new WorkspaceService({
      session: current,
      outboxes,
      dataDir,
      logger: createMemoryLogger(),
      onPinned: () => world.pinned++,
    }),
    appServices() {
      return testMainServices({ dataDir, secrets });
    },
    async session() {
      const session = await current.open();
      if (!session) throw new Error('the world is connected');
      return session;
    },
    ...outageOf(emulator),
    async close() {
      await current.dispose();
      await emulator.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/**
 * The demo's processes as a test of release actions picks them: each process
 * in state inProcess once (so tests never share one), with or without what
 * releasing asks for (a description and an owner), and its state on the service.
 * `world` is asked when used (a test's world starts in its `before`).
 */
export function processPicker(world: () => WorkspaceWorld): {
  load(): Promise<void>;
  unusedInProcess(complete: boolean): Element;
  serverState(id: string): Promise<string | undefined>;
} {
  let processes: Element[] = [];
  const used = new Set<string>();
  return {
    async load() {
      processes = await (await world().session()).clients.process.listAllElements(DEMO_FACET, DEMO_VIEW);
    },
    unusedInProcess(complete) {
      const found = processes.find((e) => {
        const described = Object.values(e.attributes.description ?? {}).some((d) => d.trim());
        const owned = (e.related.owner ?? []).length > 0;
        return e.state === 'inProcess' && !used.has(e.id) && (described && owned) === complete;
      });
      assert.ok(found, `the demo seed has an unused inProcess process (complete: ${complete})`);
      used.add(found.id);
      return found;
    },
    async serverState(id) {
      return (await (await world().session()).clients.process.getElement(DEMO_FACET, DEMO_VIEW, id)).state;
    },
  };
}
