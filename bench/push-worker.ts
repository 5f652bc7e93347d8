/**
 * The push measurement of push-throughput.ts in its own process, so that its
 * peak RSS is its own; prints one line of JSON. The app's push as the Electron
 * build runs it: push-throughput.ts bundles this file (as the Electron build
 * bundles the main side, so no TypeScript is stripped at run time) and names
 * the bundled push worker (dist/main/push-worker.mjs). This process loads only
 * what starts a push, as the app's main side has nothing of the push but
 * pushInWorker (the file's columns come from push-throughput.ts, read as the
 * app reads them when the file is chosen). Timed from the push worker's first
 * step until every chunk is uploaded (before execute).
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { request } from 'undici';
import { performance } from 'node:perf_hooks';
import { pushInWorker, setPushWorkerLocation } from '../main/datapool/push-worker-client.ts';
import type { PushProgress } from '../shared/domain/datapool.ts';
import type { CsvInspection } from '../main/api/datapush/csv-inspect.ts';
import type { PoolConfig } from './push-bare.ts';
import { peakRssMb } from './peak-rss.ts';

const [file, configJson, inspectionJson, workerPath] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const config = JSON.parse(configJson) as PoolConfig;
const inspection = JSON.parse(inspectionJson) as Pick<CsvInspection, 'dialect' | 'columns'>;
setPushWorkerLocation(workerPath);

let started = 0;
let firstChunk = 0;
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
      // One table per size: each run replaces the last one's rows, so the emulator does not grow from run to run.
      table: `bench_${basename(file, '.csv').replace(/\W/g, '_')}`,
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
      // The job is told with the first chunk in hand (push-flow's onJob): the wire starts here.
      if (patch.jobId && !firstChunk) firstChunk = performance.now();
      if (patch.phase === 'executing') uploaded = performance.now();
      if (patch.phase === 'done' || patch.phase === 'failed') ended = performance.now();
    },
  },
);
if (last.phase !== 'done') throw new Error(`the push ended ${last.phase}: ${JSON.stringify(last.error)}`);
// Its job (and the chunks the emulator keeps with it) deleted, as push-bare.ts deletes its own.
await (
  await request(`${config.dataPushBaseUrl}/api/v1/data-push/${config.poolId}/jobs/${last.jobId}`, {
    method: 'DELETE',
    headers: { authorization: `AppKey ${config.dataPushKey}` },
  })
).body.dump();
console.log(
  JSON.stringify({
    rows: last.rows,
    uploadMs: uploaded - started,
    firstChunkMs: firstChunk - started,
    ms: ended - started,
    maxRssMb: peakRssMb(),
  }),
);
process.exit(0);
