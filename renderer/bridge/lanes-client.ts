import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../shared/ipc/contract.ts';
import { LanesError } from '../../shared/ipc/errors.ts';
import type { LanesApi } from '../../shared/ipc/lanes-api.ts';

declare global {
  interface Window {
    readonly lanes?: LanesApi;
  }
}

/**
 * The renderer's only way to reach main. A failed request becomes a thrown
 * LanesError carrying the typed error data, never a raw transport error.
 */
export class LanesClient {
  readonly #api: LanesApi;

  constructor(api: LanesApi) {
    this.#api = api;
  }

  async request<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
    let result;
    try {
      result = await this.#api.invoke(channel, request);
    } catch (cause) {
      throw new LanesError({ code: 'internal', message: 'The main process did not answer.', cause });
    }
    if (result.ok) return result.value;
    throw LanesError.fromData(result.error);
  }

  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    return this.#api.on(event, listener);
  }
}

export function connectToMain(): LanesClient {
  if (!window.lanes) throw new Error('The Lanes bridge is missing: the page was not opened by Lanes.');
  return new LanesClient(window.lanes);
}
