import type { ToolbarState } from './editor-actions.ts';

/** A process tab with its diagram shown and editable, nothing being stored: every toolbar action usable. */
export const readyToolbarState: ToolbarState = {
  kind: 'process',
  ready: true,
  readOnly: false,
  busy: false,
  canUndo: true,
  canRedo: true,
  resolving: false,
  minimapOpen: false,
  problemsOpen: false,
  problemCounts: { errors: 0, warnings: 0 },
  zoom: 1,
  wholeZoom: 1,
  wholeReadable: true,
  gridVisible: true,
  fullScreen: false,
  propertiesOpen: true,
};
