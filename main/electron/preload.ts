import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { droppedBpmnPaths, droppedFilesChannel } from './dropped-files.ts';
import { electronEventChannel, electronRequestChannel } from '../../shared/ipc/channels.ts';
import { createLanesApi } from '../../shared/ipc/lanes-api.ts';
import { RENDERER_REPORTS_PER_PAGE, rendererErrorChannel } from '../log/renderer-report.ts';

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
/** The page's `error` and `unhandledrejection` events, as far as the preload reads them. */
interface PageErrorEvent {
  message?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  error?: unknown;
  reason?: unknown;
}
const page = globalThis as unknown as {
  addEventListener(type: 'dragover' | 'drop', listener: (event: FileDragEvent) => void): void;
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: PageErrorEvent) => void): void;
};

// The page's uncaught errors and rejections go to main's log (the renderer has no file system).
// DOM events reach listeners of every world, so the isolated preload sees the page's own.
let reports = 0;
const report = (payload: Record<string, unknown>): void => {
  if (++reports > RENDERER_REPORTS_PER_PAGE) return;
  ipcRenderer.send(rendererErrorChannel, payload);
};
const stackOf = (value: unknown): string | undefined =>
  typeof (value as { stack?: unknown } | null)?.stack === 'string'
    ? (value as { stack: string }).stack
    : undefined;
page.addEventListener('error', (event) =>
  report({
    kind: 'error',
    message: String(event.message ?? 'unknown error'),
    source: event.filename,
    line: event.lineno,
    column: event.colno,
    stack: stackOf(event.error),
  }),
);
page.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason as { message?: unknown } | undefined;
  report({
    kind: 'unhandledrejection',
    message: String(typeof reason?.message === 'string' ? reason.message : event.reason),
    stack: stackOf(event.reason),
  });
});
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
