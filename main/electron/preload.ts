import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { droppedBpmnPaths, droppedFilesChannel } from './dropped-files.ts';
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

/** The DOM's drag events, as far as the preload uses them (main's TypeScript has no DOM library). */
interface FileDragEvent {
  dataTransfer: { files: ArrayLike<File>; types: readonly string[] } | null;
  preventDefault(): void;
}
const page = globalThis as unknown as {
  addEventListener(type: 'dragover' | 'drop', listener: (event: FileDragEvent) => void): void;
};
const carriesFiles = (event: FileDragEvent): boolean => event.dataTransfer?.types.includes('Files') ?? false;

// Files dragged from the desktop: without preventDefault the window would navigate to the file
// (denied anyway). Their paths go to main on a channel the page cannot use, so main opens only
// files the user really dropped.
page.addEventListener('dragover', (event) => {
  if (carriesFiles(event)) event.preventDefault();
});
page.addEventListener('drop', (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  const paths = droppedBpmnPaths(Array.from(event.dataTransfer!.files), (file) =>
    webUtils.getPathForFile(file),
  );
  if (paths.length > 0) ipcRenderer.send(droppedFilesChannel, paths);
});
