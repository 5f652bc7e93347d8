import { ContextProvider, createContext } from '@lit/context';
import type { LanesClient } from './lanes-client.ts';

/**
 * The key under which the app root provides its one LanesClient to every
 * component below it (the Lit context protocol: a bubbling DOM event, so it
 * works in the light DOM the renderer draws into). Components take it through
 * ClientElement (renderer/base/client-element.ts), never as a property.
 */
export const clientContext = createContext<LanesClient>(Symbol('lanes-client'));

/** Makes `client` the one every component inside `root` uses (the app root; a test's host element). */
export function provideClient(root: HTMLElement, client: LanesClient): void {
  new ContextProvider(root, { context: clientContext, initialValue: client });
}
