/**
 * The baseline of push-throughput.ts: the same chunks uploaded with bare
 * undici. The chunks are cut from the file and held in memory before the
 * clock starts, so the time is only the service's create-job and upload
 * requests: the same requests the push makes (the job's body as
 * DataPushClient.createJob writes it, each chunk cut by csvChunks inside
 * multipartEnvelope's envelope, so the same bytes go on the wire). Runs in
 * whichever thread calls it. Run as a program (push-throughput.ts does, one
 * process per measurement), it uploads on its main thread (`bare-main`) or
 * in a worker thread through push-bare-thread.ts (`bare-worker`, and
 * `bare-stream` for bareStreamingUpload) and prints one line of JSON.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { csvChunks } from '../main/api/datapush/csv-chunks.ts';
import { inspectCsv, type CsvInspection } from '../main/api/datapush/csv-inspect.ts';
import { columnTransports, csvParsingOptions } from '../main/api/datapush/csv-options.ts';
import { multipartEnvelope } from '../main/api/datapush/datapush-client.ts';
import { peakRssMb } from './peak-rss.ts';

export interface PoolConfig {
  dataPushBaseUrl: string;
  poolId: string;
  dataPushKey: string;
}

/** The push's requests with bare undici: create the job (its body as DataPushClient.createJob writes it), then chunks. */
async function bareJob(config: PoolConfig, inspection: CsvInspection, boundary: string) {
  const jobs = `${config.dataPushBaseUrl}/api/v1/data-push/${config.poolId}/jobs`;
  const auth = { authorization: `AppKey ${config.dataPushKey}` };
  const dispatcher = new Agent({ connections: 8 });
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
  return {
    async upload(body: Buffer): Promise<void> {
      const answer = await request(`${jobs}/${job.id}/chunks/upserted`, {
        method: 'POST',
        dispatcher,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      if (answer.statusCode >= 300)
        throw new Error(`chunk upload answered ${answer.statusCode}: ${await answer.body.text()}`);
      await answer.body.dump();
    },
    /** Cancelled and deleted: the emulator keeps nothing of it, so every measurement meets the same emulator. */
    async discard(): Promise<void> {
      await (
        await request(`${jobs}/${job.id}/cancel`, { method: 'POST', dispatcher, headers: auth })
      ).body.dump();
      await (await request(`${jobs}/${job.id}`, { method: 'DELETE', dispatcher, headers: auth })).body.dump();
      await dispatcher.close();
    },
  };
}

/** On the main thread; in a worker thread; in a worker thread, reading as it sends (bareStreamingUpload). */
export type BareMode = 'bare-main' | 'bare-worker' | 'bare-stream';

type BareResult = { rows: number; chunks: number; uploadMs: number };

/** The chunks cut and held in memory before the clock starts: only the wire is timed. */
export async function bareUpload(file: string, config: PoolConfig): Promise<BareResult> {
  const inspection = await inspectCsv(file, {}, ['id']);
  // Cut and wrapped as the push cuts and wraps them: the same bytes go on the wire.
  const envelope = multipartEnvelope();
  const bodies: Buffer[] = [];
  let rows = 0;
  for await (const chunk of csvChunks(file, 100_000, undefined, { dialect: inspection.dialect, envelope })) {
    bodies.push(chunk.wire);
    rows += chunk.rows;
  }
  const start = performance.now();
  const job = await bareJob(config, inspection, envelope.boundary);
  for (const body of bodies) await job.upload(body);
  const uploadMs = performance.now() - start;
  await job.discard();
  return { rows, chunks: bodies.length, uploadMs };
}

/**
 * The floor of a push that reads as it sends: bare undici with the push's
 * reader (csvChunks, two bodies in turn), the first chunk read while the job
 * is created and sent as soon as it exists (with the rows read by then, as
 * the push sends it), each next one read while one is on the wire, nothing
 * else (no client, no checks, no progress, no worker messages). The clock starts before the file is opened, as the push's does.
 * The push against this shows what Lanes' own work costs; this against
 * bareUpload, what reading the file while sending costs.
 */
export async function bareStreamingUpload(file: string, config: PoolConfig): Promise<BareResult> {
  const inspection = await inspectCsv(file, {}, ['id']);
  const envelope = multipartEnvelope();
  const start = performance.now();
  let jobCreated = false;
  const chunks = csvChunks(file, 100_000, undefined, {
    dialect: inspection.dialect,
    envelope,
    reuseBodies: 2,
    // As the push does: the first chunk goes as soon as the job exists, with the rows read by then.
    firstChunkWanted: () => jobCreated,
  });
  // The first chunk is read while the job is created.
  let next = chunks.next();
  const job = await bareJob(config, inspection, envelope.boundary);
  jobCreated = true;
  let rows = 0;
  let count = 0;
  for (;;) {
    const result = await next;
    if (result.done) break;
    next = chunks.next();
    await job.upload(result.value.wire);
    rows += result.value.rows;
    count++;
  }
  const uploadMs = performance.now() - start;
  await job.discard();
  return { rows, chunks: count, uploadMs };
}

if (import.meta.main) {
  const [file, configJson, mode] = process.argv.slice(2) as [string, string, BareMode];
  const config = JSON.parse(configJson) as PoolConfig;
  let result: object;
  if (mode === 'bare-main') result = await bareUpload(file, config);
  else {
    const worker = new Worker(new URL('./push-bare-thread.ts', import.meta.url), {
      workerData: { file, config, streaming: mode === 'bare-stream' },
    });
    [result] = (await once(worker, 'message')) as [object];
    await worker.terminate();
  }
  console.log(JSON.stringify({ ...result, maxRssMb: peakRssMb() }));
  process.exit(0);
}
