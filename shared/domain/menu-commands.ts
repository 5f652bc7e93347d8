/**
 * What the application menu asks the renderer to do, as the `menu.command`
 * event carries it. A plain list (no zod) so the renderer can switch over it
 * without bundling the validation library; the contract makes it a zod enum.
 */
export const menuCommands = [
  'newDiagram',
  'openFile',
  'save',
  'saveFileAs',
  'exportSvg',
  'exportPng',
  'exportPdf',
  'print',
  'closeTab',
  'undo',
  'redo',
  'find',
  'zoomIn',
  'zoomOut',
  'zoomReset',
  'zoomFit',
  'toggleGrid',
  'toggleMinimap',
  'toggleProblems',
  'togglePropertiesPanel',
  'toggleCanvasFullScreen',
  'showShortcuts',
  'showAbout',
] as const;

export type MenuCommand = (typeof menuCommands)[number];
