/**
 * One measurement of push-throughput.ts in its own process, so that its peak
 * RSS is its own; prints one line of JSON. `flow`: the app's push (the push
 * worker, reading and chunking in a thread of its own) timed from the
 * worker's first step until every chunk is uploaded (before execute);
 * `bare-main` / `bare-worker`: bare undici uploads of the same chunks, cut
 * beforehand, on this process's main thread or in a worker thread.
 */
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { inspectCsv } from '../main/api/datapush/csv-inspect.ts';
import { pushInWorker } from '../main/datapool/push-worker-client.ts';
import type { PushProgress } from '../shared/domain/datapool.ts';
import { bareUpload, type PoolConfig } from './push-bare.ts';
import { peakRssMb } from './peak-rss.ts';

const [file, configJson, mode] = process.argv.slice(2) as [
  string,
  string,
  'flow' | 'bare-main' | 'bare-worker',
];
const config = JSON.parse(configJson) as PoolConfig;

async function flow(): Promise<object> {
  const inspection = await inspectCsv(file, {}, ['id']);
  let started = 0;
  let uploaded = 0;
  let ended = 0;
  let last: Partial<PushProgress> = {};
  await pushInWorker(
    {
      kind: 'push',
      connection: { baseUrl: config.dataPushBaseUrl, poolId: config.poolId, key: config.dataPushKey },
      tempDir: '/tmp',
      spec: {
        file: { path: file, name: 'bench.csv', bytes: (await stat(file)).size },
        format: { kind: 'csv', charSet: inspection.dialect.charSet, separator: inspection.dialect.separator },
        table: `bench_${Date.now()}`,
        mode: 'DELTA',
        keys: ['id'],
        columns: inspection.columns,
        rowsPerChunk: 100_000,
      },
    },
    {
      env: {},
      onUpdate: (patch) => {
        last = { ...last, ...patch };
        if (!started) started = performance.now();
        if (patch.phase === 'executing') uploaded = performance.now();
        if (patch.phase === 'done' || patch.phase === 'failed') ended = performance.now();
      },
    },
  );
  if (last.phase !== 'done') throw new Error(`the push ended ${last.phase}: ${JSON.stringify(last.error)}`);
  return { rows: last.rows, uploadMs: uploaded - started, ms: ended - started };
}

async function bareInWorker(): Promise<object> {
  const worker = new Worker(new URL('./push-bare-thread.ts', import.meta.url), {
    workerData: { file, config },
  });
  const [result] = (await once(worker, 'message')) as [object];
  await worker.terminate();
  return result;
}

const result =
  mode === 'flow'
    ? await flow()
    : mode === 'bare-main'
      ? await bareUpload(file, config)
      : await bareInWorker();
console.log(JSON.stringify({ ...result, maxRssMb: peakRssMb() }));
process.exit(0);
