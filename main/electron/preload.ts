import { contextBridge, ipcRenderer } from 'electron';
import { electronEventChannel, electronRequestChannel } from '../../shared/ipc/channels.ts';
import { createLanesApi } from '../../shared/ipc/lanes-api.ts';

/**
 * Exposes exactly the IPC contract as `window.lanes`. The renderer never sees
 * ipcRenderer itself nor the Electron event objects.
 */
const api = createLanesApi({
  invoke: (channel, request) => ipcRenderer.invoke(electronRequestChannel(channel), request),
  subscribe(event, listener) {
    const channel = electronEventChannel(event);
    const wrapped = (_event: unknown, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  },
});

contextBridge.exposeInMainWorld('lanes', api);
