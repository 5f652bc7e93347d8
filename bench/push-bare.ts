/**
 * The baseline of push-throughput.ts: the same chunks uploaded with bare
 * undici. The chunks are cut from the file and held in memory before the
 * clock starts, so the time is only the service's create-job and upload
 * requests: the same requests the push makes (the job's body as
 * DataPushClient.createJob writes it, each chunk cut by csvChunks inside
 * multipartEnvelope's envelope, so the same bytes go on the wire). Runs in
 * whichever thread calls it. Run as a program (push-throughput.ts does, one
 * process per measurement), it uploads on its main thread (`bare-main`) or
 * in a worker thread through push-bare-thread.ts (`bare-worker`) and prints
 * one line of JSON.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { csvChunks } from '../main/api/datapush/csv-chunks.ts';
import { inspectCsv } from '../main/api/datapush/csv-inspect.ts';
import { columnTransports, csvParsingOptions } from '../main/api/datapush/csv-options.ts';
import { multipartEnvelope } from '../main/api/datapush/datapush-client.ts';
import { peakRssMb } from './peak-rss.ts';

export interface PoolConfig {
  dataPushBaseUrl: string;
  poolId: string;
  dataPushKey: string;
}

export async function bareUpload(
  file: string,
  config: PoolConfig,
): Promise<{ rows: number; chunks: number; uploadMs: number }> {
  const jobs = `${config.dataPushBaseUrl}/api/v1/data-push/${config.poolId}/jobs`;
  const auth = { authorization: `AppKey ${config.dataPushKey}` };
  const inspection = await inspectCsv(file, {}, ['id']);
  // Cut and wrapped as the push cuts and wraps them: the same bytes go on the wire.
  const envelope = multipartEnvelope();
  const bodies: Buffer[] = [];
  let rows = 0;
  for await (const chunk of csvChunks(file, 100_000, undefined, { dialect: inspection.dialect, envelope })) {
    bodies.push(chunk.wire);
    rows += chunk.rows;
  }
  const dispatcher = new Agent({ connections: 8 });
  const start = performance.now();
  const table = `bare_${Date.now()}`;
  const created = await request(`${jobs}/`, {
    method: 'POST',
    dispatcher,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      targetName: table,
      type: 'DELTA',
      fileType: 'CSV',
      dataPoolId: config.poolId,
      keys: ['id'],
      upsertStrategy: 'UPSERT_WITH_NULLIFICATION',
      tableSchema: { tableName: table, columns: columnTransports(inspection.columns) },
      csvParsingOptions: csvParsingOptions(inspection.dialect, inspection.columns),
    }),
  });
  const job = (await created.body.json()) as { id: string };
  if (created.statusCode >= 300)
    throw new Error(`create job answered ${created.statusCode}: ${JSON.stringify(job)}`);
  for (const body of bodies) {
    const answer = await request(`${jobs}/${job.id}/chunks/upserted`, {
      method: 'POST',
      dispatcher,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${envelope.boundary}` },
      body,
    });
    if (answer.statusCode >= 300)
      throw new Error(`chunk upload answered ${answer.statusCode}: ${await answer.body.text()}`);
    await answer.body.dump();
  }
  const uploadMs = performance.now() - start;
  // Cancelled and deleted: the emulator keeps nothing of it, so every measurement meets the same emulator.
  await (
    await request(`${jobs}/${job.id}/cancel`, { method: 'POST', dispatcher, headers: auth })
  ).body.dump();
  await (await request(`${jobs}/${job.id}`, { method: 'DELETE', dispatcher, headers: auth })).body.dump();
  await dispatcher.close();
  return { rows, chunks: bodies.length, uploadMs };
}

if (import.meta.main) {
  const [file, configJson, mode] = process.argv.slice(2) as [string, string, 'bare-main' | 'bare-worker'];
  const config = JSON.parse(configJson) as PoolConfig;
  let result: object;
  if (mode === 'bare-main') result = await bareUpload(file, config);
  else {
    const worker = new Worker(new URL('./push-bare-thread.ts', import.meta.url), {
      workerData: { file, config },
    });
    [result] = (await once(worker, 'message')) as [object];
    await worker.terminate();
  }
  console.log(JSON.stringify({ ...result, maxRssMb: peakRssMb() }));
  process.exit(0);
}
