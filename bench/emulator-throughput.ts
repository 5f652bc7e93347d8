/**
 * Emulator throughput on a 10,000-element seed: paged element listing and
 * BPMN export, each with a few concurrent clients over real HTTP. Prints
 * requests per second; never passes or fails on timing.
 */
import { performance } from 'node:perf_hooks';
import { startEmulator } from '../emulator/index.ts';

interface Result {
  label: string;
  requests: number;
  perSecond: number;
}

async function measure(
  label: string,
  requests: number,
  concurrency: number,
  url: (i: number) => string,
  headers: Record<string, string>,
): Promise<Result> {
  for (let i = 0; i < 20; i++) await (await fetch(url(i), { headers })).arrayBuffer();
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        const res = await fetch(url(i), { headers });
        if (!res.ok) throw new Error(`${label}: HTTP ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  const perSecond = requests / ((performance.now() - start) / 1000);
  console.log(
    `${label.padEnd(44)} ${perSecond.toFixed(0).padStart(6)} req/s  (${requests} requests, ${concurrency} clients)`,
  );
  return { label, requests, perSecond };
}

export async function run(): Promise<Result[]> {
  const seedStart = performance.now();
  const emu = await startEmulator({ seed: 10_000 });
  console.log(`seed 10,000 elements + start: ${(performance.now() - seedStart).toFixed(0)} ms`);
  try {
    const c = emu.config;
    const rest = `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/rest/facets/processes/views/processList/elements`;
    const auth = { 'symbio-auth-token': c.authToken };
    const ids = (
      emu.db
        .prepare("SELECT id FROM elements WHERE type = 'process' AND is_current = 1 ORDER BY ord LIMIT 500")
        .all() as Array<{ id: string }>
    ).map((r) => r.id);
    const results = [
      await measure(
        'list elements ($pageSize=100, attributes)',
        400,
        4,
        (i) => `${rest}?$page=${(i % 10) + 1}&$pageSize=100&$resources=attributes`,
        auth,
      ),
      await measure(
        'list elements ($pageSize=50, all resources)',
        200,
        4,
        (i) => `${rest}?$page=${(i % 20) + 1}&$pageSize=50`,
        auth,
      ),
      await measure(
        'BPMN export (8-shape diagrams)',
        1000,
        4,
        (i) =>
          `${c.processBaseUrl}/${c.collectionId}/${c.storageId}/_api/v1/bpmn/${ids[i % ids.length]}?lcid=1033&svc-auth-token=${c.bpmnToken}`,
        {},
      ),
    ];
    return results;
  } finally {
    await emu.close();
  }
}

if (import.meta.main) await run();
