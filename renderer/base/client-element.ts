import { ContextConsumer } from '@lit/context';
import { clientContext } from '../bridge/client-context.ts';
import type { LanesClient } from '../bridge/lanes-client.ts';
import { LightElement } from './light-element.ts';

/**
 * A component that talks to main. It takes the LanesClient its app root
 * provides (renderer/bridge/client-context.ts) when it is connected, so no
 * one passes the client down by hand and no component has to ask whether it
 * has one: the app draws its screens only once it is connected to main.
 */
export class ClientElement extends LightElement {
  readonly #client = new ContextConsumer(this, { context: clientContext });

  /** The IPC client; it stays known after the component leaves the page (for its last requests). */
  get client(): LanesClient {
    const client = this.#client.value;
    if (!client) {
      // A defect of Lanes: every screen is drawn inside the app root, which provides the client.
      throw new Error(`<${this.localName}> is not inside an element that provides the Lanes client.`);
    }
    return client;
  }
}
