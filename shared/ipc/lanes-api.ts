import type { IpcResult } from './errors.ts';
import { isEventChannel, isRequestChannel, type EventChannel, type RequestChannel } from './channels.ts';
import type { EventOf, RequestOf, ResponseOf } from './contract.ts';

/**
 * What the renderer sees as `window.lanes`. Both the Electron preload and the
 * Chromium test harness build it with `createLanesApi`, so the renderer cannot
 * tell them apart.
 */
export interface LanesApi {
  invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
}

/** The raw carrier underneath: Electron's ipcRenderer, or a Playwright binding. */
interface LanesTransport {
  invoke(channel: RequestChannel, request: unknown): Promise<unknown>;
  subscribe(event: EventChannel, listener: (payload: unknown) => void): () => void;
}

export function createLanesApi(transport: LanesTransport): LanesApi {
  return Object.freeze({
    invoke(channel, request) {
      // Checked here too, so a compromised renderer cannot probe other channels.
      if (!isRequestChannel(channel)) {
        return Promise.resolve({
          ok: false,
          error: {
            code: 'ipc.unknownChannel',
            message: `Unknown request channel "${String(channel)}".`,
            params: { channel: String(channel) },
            details: [],
          },
        });
      }
      return transport.invoke(channel, request) as Promise<never>;
    },
    on(event, listener) {
      if (!isEventChannel(event)) throw new TypeError(`Unknown event channel "${String(event)}".`);
      return transport.subscribe(event, (payload) => listener(payload as never));
    },
  } satisfies LanesApi);
}
