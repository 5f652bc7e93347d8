/**
 * Element page open time, online against the emulator and from the offline
 * cache (the service made unreachable by a fault after a first visit):
 * through the IPC contract alone (`workspace.element`) and through the UI
 * (set the hash, wait until the header names the element). Needs a build
 * (`npm run build`) for the UI part, like the e2e tests.
 */
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The parts of the e2e demo world this benchmark uses. */
interface World {
  emulator: {
    db: { prepare(sql: string): { all(): unknown[] } };
    faults: { add(rule: object): unknown; clear(): void };
  };
  harness: {
    page: {
      evaluate<A>(fn: (arg: A) => unknown, arg: A): Promise<unknown>;
      locator(selector: string): { waitFor(options?: { timeout?: number }): Promise<void> };
    };
    services: { dispatch(channel: string, payload: unknown): Promise<{ ok: boolean; value?: unknown }> };
  };
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeDispatch(world: World, ids: string[]): Promise<{ times: number[]; sources: string[] }> {
  const times: number[] = [];
  const sources: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const id of ids) {
      const start = performance.now();
      const result = await world.harness.services.dispatch('workspace.element', {
        facet: 'processes',
        view: 'processList',
        id,
      });
      times.push(performance.now() - start);
      if (!result.ok) throw new Error(`workspace.element failed: ${JSON.stringify(result)}`);
      sources.push((result.value as { source: string }).source);
    }
  }
  return { times, sources };
}

/**
 * Consecutive ids differ, so every step is a real page change. Timed inside
 * the page (hash set → header in the DOM, seen by a MutationObserver), so
 * Playwright's own round trips are not counted; the harness's IPC bridge is.
 */
async function timeUi(world: World, ids: string[]): Promise<number[]> {
  const { page } = world.harness;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const id of ids) {
      const ms = await page.evaluate(
        (target: { id: string; hash: string }) =>
          new Promise<number>((resolve) => {
            const doc = (globalThis as unknown as { document: DocumentLike }).document;
            const selector = `[data-testid=element-page][data-element-id="${target.id}"] [data-testid=element-name]`;
            const start = performance.now();
            const observer = new (
              globalThis as unknown as { MutationObserver: ObserverCtor }
            ).MutationObserver(() => {
              if (!doc.querySelector(selector)) return;
              observer.disconnect();
              resolve(performance.now() - start);
            });
            observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
            (globalThis as unknown as { location: { hash: string } }).location.hash = target.hash;
          }),
        { id, hash: `#/element/processes/processList/${id}` },
      );
      times.push(ms as number);
    }
  }
  return times;
}

/** The few browser types the in-page timer needs (this folder compiles without the DOM library). */
interface DocumentLike {
  body: unknown;
  querySelector(selector: string): unknown;
}
type ObserverCtor = new (callback: () => void) => {
  observe(target: unknown, options: object): void;
  disconnect(): void;
};

const line = (label: string, times: number[]): void =>
  console.log(`${label.padEnd(36)} median ${median(times).toFixed(1)} ms  (n=${times.length})`);

export async function run(): Promise<void> {
  // Imported by path: the harness is typed for the browser (e2e/tsconfig), this folder for Node only.
  const harnessUrl = pathToFileURL(join(here, '..', 'e2e', 'harness', 'demo-world.ts')).href;
  const { startDemoWorld } = (await import(harnessUrl)) as { startDemoWorld(): Promise<World> };
  const world = await startDemoWorld();
  try {
    await world.harness.page.locator('lanes-app .shell').waitFor();
    const ids = (
      world.emulator.db
        .prepare(
          "SELECT id FROM elements WHERE is_current = 1 AND type = 'process' AND parent_id IS NOT NULL ORDER BY ord LIMIT 8",
        )
        .all() as { id: string }[]
    ).map((row) => row.id);

    // First visit: fills the cache (and warms the page's code paths).
    await timeDispatch(world, ids);
    const online = await timeDispatch(world, ids);
    const onlineUi = await timeUi(world, ids);

    world.emulator.faults.add({ route: '*', failRate: 1, status: 503 });
    const cached = await timeDispatch(world, ids);
    const cachedUi = await timeUi(world, ids);
    world.emulator.faults.clear();

    const fromCache = cached.sources.filter((s) => s === 'cache').length;
    console.log(`elements: ${ids.length}, rounds: ${ROUNDS}`);
    line('workspace.element online', online.times);
    line('workspace.element from cache', cached.times);
    line('UI open (hash → header) online', onlineUi);
    line('UI open (hash → header) from cache', cachedUi);
    console.log(`answers from the cache while unreachable: ${fromCache}/${cached.sources.length}`);
    console.log(
      `ratio cache/online (dispatch): ${(median(cached.times) / median(online.times)).toFixed(2)}x`,
    );
    console.log(`ratio cache/online (UI): ${(median(cachedUi) / median(onlineUi)).toFixed(2)}x`);
  } finally {
    await world.close();
  }
}

if (import.meta.main) await run();
