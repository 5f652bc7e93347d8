/**
 * Stands in for the Electron preload inside plain Chromium: the same
 * `createLanesApi`, carried by a Playwright binding instead of ipcRenderer.
 * Injected as an init script, so it runs before the renderer's own code.
 */
import type { EventChannel } from '../../shared/ipc/channels.ts';
import { createLanesApi } from '../../shared/ipc/lanes-api.ts';

type Listener = (payload: unknown) => void;

declare global {
  interface Window {
    __lanesInvoke?: (channel: string, request: unknown) => Promise<unknown>;
    __lanesDeliver?: (event: string, payload: unknown) => void;
  }
}

const listeners = new Map<EventChannel, Set<Listener>>();
const invoke = window.__lanesInvoke;

Object.defineProperty(window, '__lanesDeliver', {
  value: (event: EventChannel, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  },
});

if (invoke) {
  const api = createLanesApi({
    invoke: (channel, request) => invoke(channel, request),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  Object.defineProperty(window, 'lanes', { value: api, enumerable: true });
}
