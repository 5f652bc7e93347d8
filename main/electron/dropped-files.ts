/**
 * Drag-and-drop of .bpmn files onto the window. Only the preload can learn a
 * dropped file's path (Electron's webUtils), and it hands the paths to main
 * on a channel the page cannot reach: so, as with the dialogs, main opens
 * only files the user really dropped, never a path the page made up.
 * Electron-free, so the filter is tested under Node.
 */

/** Preload → main only; not part of the contract the page can call. */
export const droppedFilesChannel = 'lanes-preload:dropped-files';

/**
 * The .bpmn paths of a drop. A File a script built has no path on disk
 * (webUtils answers ""), so it is never taken for a dropped file.
 */
export function droppedBpmnPaths<F extends { name: string }>(
  files: Iterable<F>,
  pathOf: (file: F) => string,
): string[] {
  const paths: string[] = [];
  for (const file of files) {
    const path = pathOf(file);
    if (path && /\.bpmn$/i.test(path)) paths.push(path);
  }
  return paths;
}

/** What main accepts on the channel: a short list of strings, nothing else. */
export function parseDroppedPaths(payload: unknown): string[] {
  if (!Array.isArray(payload) || payload.length > 100) return [];
  return payload.filter((path): path is string => typeof path === 'string' && /\.bpmn$/i.test(path));
}
