/**
 * One push in its own process, so that its peak RSS is its own: prints
 * `{ rows, chunks, ms, uploadMs, maxRssMb }` as JSON (`uploadMs`: from the
 * start until every chunk is uploaded, before execute). Used by push-throughput.ts.
 */
import { performance } from 'node:perf_hooks';
import { createDispatcher } from '../main/api/http/dispatcher.ts';
import { HttpClient } from '../main/api/http/http-client.ts';
import { DataPushClient } from '../main/api/datapush/datapush-client.ts';
import { pushTable } from '../main/api/datapush/push-flow.ts';
import { peakRssMb } from './peak-rss.ts';

const [file, configJson] = process.argv.slice(2);
const config = JSON.parse(configJson!) as { dataPushBaseUrl: string; poolId: string; dataPushKey: string };
const dispatcher = createDispatcher({});
const client = new DataPushClient(new HttpClient({ dispatcher }), {
  baseUrl: config.dataPushBaseUrl,
  poolId: config.poolId,
  key: config.dataPushKey,
});
const start = performance.now();
let uploadMs = 0;
const result = await pushTable(client, {
  file: file!,
  table: `bench_${Date.now()}`,
  keys: ['id'],
  type: 'DELTA',
  onProgress: (progress) => {
    if (progress.phase === 'execute') uploadMs = performance.now() - start;
  },
});
const ms = performance.now() - start;
await dispatcher.close();
console.log(
  JSON.stringify({
    rows: result.rows,
    chunks: result.chunks,
    ms,
    uploadMs,
    maxRssMb: peakRssMb(),
  }),
);
