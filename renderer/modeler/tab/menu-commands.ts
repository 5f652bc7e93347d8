import type { MenuCommand } from '../../../shared/domain/menu-commands.ts';
import type { ToolbarAction } from './editor-toolbar.ts';

/** Menu commands that are a toolbar button of the tab: the menu runs exactly what the button runs. */
const TOOLBAR_ACTION: Partial<Record<MenuCommand, ToolbarAction>> = {
  save: 'save',
  saveFileAs: 'saveFileAs',
  exportSvg: 'exportSvg',
  exportPng: 'exportPng',
  exportPdf: 'exportPdf',
  print: 'print',
  undo: 'undo',
  redo: 'redo',
  find: 'search',
  zoomIn: 'zoomIn',
  zoomOut: 'zoomOut',
  zoomReset: 'zoomReset',
  zoomFit: 'zoomFit',
  toggleGrid: 'grid',
  toggleMinimap: 'minimap',
  toggleProblems: 'problems',
  togglePropertiesPanel: 'propertiesPanel',
  toggleCanvasFullScreen: 'fullScreen',
  showShortcuts: 'shortcuts',
};

export function toolbarActionFor(command: MenuCommand): ToolbarAction | undefined {
  return TOOLBAR_ACTION[command];
}
