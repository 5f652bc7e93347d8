/**
 * Listing 10,000 elements through the reporting client (validation,
 * normalization, retry bookkeeping) vs. a bare undici loop over the same
 * pages. Prints both times and the ratio; never fails on timing.
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { startEmulator } from '../emulator/index.ts';
import { HttpClient } from '../main/api/http/http-client.ts';
import { ReportingClient } from '../main/api/reporting/reporting-client.ts';

export async function run(): Promise<void> {
  const emulator = await startEmulator({ seed: 10_000, quiet: true });
  const c = emulator.config;
  const dispatcher = new Agent({ connections: 8 });
  const headers = { 'x-tenant-id': c.tenantId, 'x-api-key': c.reportingApiKey, accept: 'application/json' };
  try {
    const client = new ReportingClient(new HttpClient({ dispatcher }), {
      baseUrl: c.reportingBaseUrl,
      tenantId: c.tenantId,
      apiKey: c.reportingApiKey,
    });
    const bare = async (): Promise<number> => {
      let skip = 0;
      for (;;) {
        const response = await request(`${c.reportingBaseUrl}/api/v1/elements?skip=${skip}&take=100`, {
          headers,
          dispatcher,
        });
        const body = (await response.body.json()) as {
          totalCount: number;
          values?: unknown[];
          items?: unknown[];
        };
        const items = body.values ?? body.items ?? [];
        skip += items.length;
        if (items.length === 0 || skip >= body.totalCount) return skip;
      }
    };
    const viaClient = async (): Promise<number> => (await client.listAllElements()).length;

    await bare();
    await viaClient();
    const times: Record<string, number[]> = { bare: [], client: [] };
    let count = 0;
    for (let round = 0; round < 3; round++) {
      let start = performance.now();
      count = await bare();
      times.bare!.push(performance.now() - start);
      start = performance.now();
      await viaClient();
      times.client!.push(performance.now() - start);
    }
    const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const bareMs = median(times.bare!);
    const clientMs = median(times.client!);
    console.log(`elements listed: ${count} (100 per page)`);
    console.log(`bare undici loop:  ${bareMs.toFixed(0)} ms`);
    console.log(`ReportingClient:   ${clientMs.toFixed(0)} ms`);
    console.log(`ratio client/bare: ${(clientMs / bareMs).toFixed(2)}x`);
  } finally {
    await dispatcher.close();
    await emulator.close();
  }
}

if (import.meta.main) await run();
