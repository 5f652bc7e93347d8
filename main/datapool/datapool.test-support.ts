/**
 * What the data pool's tests share: a client that looks into the emulator's
 * pool behind the app's back, and a dispatch that fails the test on an error.
 */
import { createDispatcher } from '../api/http/dispatcher.ts';
import { HttpClient } from '../api/http/http-client.ts';
import { DataPushClient } from '../api/datapush/datapush-client.ts';

interface PoolConfig {
  dataPushBaseUrl: string;
  poolId: string;
  dataPushKey: string;
}

/** A data-push client of its own on the emulator's pool, to check what arrived. */
export function poolInspector(config: PoolConfig): DataPushClient {
  return new DataPushClient(new HttpClient({ dispatcher: createDispatcher({}) }), {
    baseUrl: config.dataPushBaseUrl,
    poolId: config.poolId,
    key: config.dataPushKey,
  });
}

interface Dispatching {
  dispatch(
    channel: string,
    payload: unknown,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }>;
}

/** A request through the main side's dispatch; an error answer fails the test with its code. */
export async function callOrFail<T>(services: Dispatching, channel: string, payload: unknown): Promise<T> {
  const result = await services.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}
