/**
 * The baseline of push-throughput.ts: the same chunks uploaded with bare
 * undici. The chunks are cut from the file and held in memory before the
 * clock starts, so the time is only the service's create-job and upload
 * requests. Runs in whichever thread calls it (push-worker.ts calls it on its
 * main thread and, through push-bare-thread.ts, in a worker thread).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { csvChunks } from '../main/api/datapush/csv-chunks.ts';
import { inspectCsv } from '../main/api/datapush/csv-inspect.ts';
import { columnTransports, csvParsingOptions } from '../main/api/datapush/csv-options.ts';

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
  const bodies: { boundary: string; body: Buffer }[] = [];
  let rows = 0;
  for await (const chunk of csvChunks(file, 100_000, undefined, { dialect: inspection.dialect })) {
    const boundary = `bench-${randomUUID()}`;
    bodies.push({
      boundary,
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunk.csv"\r\n` +
            'Content-Type: text/csv\r\n\r\n',
        ),
        chunk.body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
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
  for (const { boundary, body } of bodies) {
    const answer = await request(`${jobs}/${job.id}/chunks/upserted`, {
      method: 'POST',
      dispatcher,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    if (answer.statusCode >= 300)
      throw new Error(`chunk upload answered ${answer.statusCode}: ${await answer.body.text()}`);
    await answer.body.dump();
  }
  const uploadMs = performance.now() - start;
  await (
    await request(`${jobs}/${job.id}/cancel`, { method: 'POST', dispatcher, headers: auth })
  ).body.dump();
  await dispatcher.close();
  return { rows, chunks: bodies.length, uploadMs };
}
