/**
 * Shared by the editor benchmarks: a generated process of N BPMN elements
 * (start, tasks, end and the flows between them, laid out on a grid),
 * imported into a demo-world process through the service's BPMN endpoint,
 * and the in-page timers. No `run()`: bench/run.ts skips this module.
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The parts of the e2e demo world the editor benchmarks use. */
export interface EditorBenchWorld {
  emulator: {
    config: Record<string, string>;
    db: { prepare(sql: string): { all(): unknown[] } };
    faults: { add(rule: object): unknown; clear(): void };
  };
  harness: {
    page: BenchPage;
    services: {
      dispatch(channel: string, payload: unknown): Promise<{ ok: boolean; value?: unknown; error?: unknown }>;
    };
  };
  close(): Promise<void>;
}

export interface BenchPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  reload(): Promise<unknown>;
  locator(selector: string): {
    waitFor(options?: { timeout?: number }): Promise<void>;
    first(): { waitFor(): Promise<void> };
    boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  };
  keyboard: {
    press(key: string): Promise<void>;
    down(key: string): Promise<void>;
    up(key: string): Promise<void>;
  };
  mouse: {
    move(x: number, y: number, options?: { steps?: number }): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
    wheel(deltaX: number, deltaY: number): Promise<void>;
  };
  screenshot(options: { path: string }): Promise<unknown>;
  addScriptTag(options: { url: string }): Promise<unknown>;
}

export async function startEditorBenchWorld(extraAssets?: Record<string, string>): Promise<EditorBenchWorld> {
  // Imported by path: the harness is typed for the browser (e2e/tsconfig), this folder for Node only.
  const harnessUrl = pathToFileURL(join(here, '..', 'e2e', 'harness', 'demo-world.ts')).href;
  const { startDemoWorld } = (await import(harnessUrl)) as {
    startDemoWorld(options?: object): Promise<EditorBenchWorld>;
  };
  return startDemoWorld(extraAssets ? { extraAssets } : {});
}

// The generated process: shared with the e2e test of the preview's order (e2e/harness/large-process.ts).
export { generateProcessXml } from '../e2e/harness/large-process.ts';

/** Processes of the demo seed a BPMN import may replace (state inProcess). */
export function editableProcessIds(world: EditorBenchWorld, count: number): string[] {
  return (
    world.emulator.db
      .prepare(
        "SELECT id FROM elements WHERE is_current = 1 AND type = 'process' AND state = 'inProcess' ORDER BY ord",
      )
      .all() as { id: string }[]
  )
    .slice(0, count)
    .map((row) => row.id);
}

/** Sends `xml` to the service's BPMN import, as any other client would. */
export async function importIntoService(world: EditorBenchWorld, id: string, xml: string): Promise<void> {
  const c = world.emulator.config;
  const url = `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/v1/bpmn/${id}?lcid=1033&svc-auth-token=${c.bpmnToken}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  if (!response.ok)
    throw new Error(`BPMN import of ${id} failed: ${response.status} ${await response.text()}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const line = (label: string, times: number[]): void =>
  console.log(`${label.padEnd(48)} median ${median(times).toFixed(1)} ms  (n=${times.length})`);

/** The nearest-rank 95th percentile. */
export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * Bundles a snippet that uses bare bpmn-js (no Lanes) into a script the
 * benchmark page loads beside the app: the baseline the app is compared with.
 */
export async function buildBareBpmnScript(contents: string, outfile: string): Promise<void> {
  await build({
    stdin: { contents, resolveDir: join(dirname(fileURLToPath(import.meta.url)), '..'), loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome130',
    outfile,
    logLevel: 'warning',
  });
}
