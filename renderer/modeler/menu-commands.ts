import type { MenuCommand } from '../../shared/domain/menu-commands.ts';
import type { DiagramSession } from './diagram-session.ts';
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
  toggleMinimap: 'minimap',
  toggleProblems: 'problems',
  showShortcuts: 'shortcuts',
};

export function toolbarActionFor(command: MenuCommand): ToolbarAction | undefined {
  return TOOLBAR_ACTION[command];
}

/**
 * Zoom has no button: the keys are bpmn-js's editor actions on the focused
 * canvas, so the menu triggers the same actions. False: not a zoom command.
 */
export function runZoomCommand(session: DiagramSession, command: MenuCommand): boolean {
  switch (command) {
    case 'zoomIn':
    case 'zoomOut':
      return session.trigger('stepZoom', { value: command === 'zoomIn' ? 1 : -1 });
    case 'zoomReset':
      return session.trigger('zoom', { value: 1 });
    case 'zoomFit':
      session.fit();
      return true;
    default:
      return false;
  }
}
