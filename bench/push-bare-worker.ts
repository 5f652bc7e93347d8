/**
 * The baseline of push-throughput.ts: the same chunks uploaded with bare
 * undici, in its own process. The chunks are cut from the file and held in
 * memory before the clock starts, so the time is only the service's
 * create-job and upload requests; prints `{ rows, chunks, uploadMs }` as JSON.
 * Not a benchmark (no run()): bench/run.ts skips it.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { inferColumns } from '../main/api/datapush/column-inference.ts';
import { csvChunks, splitCsvRecord } from '../main/api/datapush/csv-chunks.ts';

const [file, configJson] = process.argv.slice(2);
const config = JSON.parse(configJson!) as { dataPushBaseUrl: string; poolId: string; dataPushKey: string };
const jobs = `${config.dataPushBaseUrl}/api/v1/data-push/${config.poolId}/jobs`;
const auth = { authorization: `AppKey ${config.dataPushKey}` };

const bodies: Buffer[] = [];
let rows = 0;
let header = '';
for await (const chunk of csvChunks(file!, 100_000)) {
  header = chunk.header;
  const boundary = `bench-${randomUUID()}`;
  bodies.push(
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunk.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      chunk.body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  );
  rows += chunk.rows;
}
const columns = inferColumns(splitCsvRecord(header), [], ['id']);
const dispatcher = new Agent({ connections: 8 });

const start = performance.now();
const created = await request(`${jobs}/`, {
  method: 'POST',
  dispatcher,
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({
    targetName: `bare_${Date.now()}`,
    type: 'DELTA',
    fileType: 'CSV',
    dataPoolId: config.poolId,
    keys: ['id'],
    upsertStrategy: 'UPSERT_WITH_NULLIFICATION',
    tableSchema: { tableName: `bare_${Date.now()}`, columns },
    csvParsingOptions: { separatorSequence: ',', quoteSequence: '"', lineEnding: '\n', charSet: 'UTF-8' },
  }),
});
const job = (await created.body.json()) as { id: string };
if (created.statusCode >= 300)
  throw new Error(`create job answered ${created.statusCode}: ${JSON.stringify(job)}`);
const { id } = job;
for (const body of bodies) {
  const boundary = /--(bench-[0-9a-f-]+)/.exec(body.subarray(0, 80).toString('latin1'))![1]!;
  const answer = await request(`${jobs}/${id}/chunks/upserted`, {
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
await (await request(`${jobs}/${id}/cancel`, { method: 'POST', dispatcher, headers: auth })).body.dump();
await dispatcher.close();
console.log(JSON.stringify({ rows, chunks: bodies.length, uploadMs }));
