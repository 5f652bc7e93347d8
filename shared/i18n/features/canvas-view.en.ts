/**
 * How the editor's canvas says what it shows (renderer/modeler/canvas/open-view.ts): the two fit
 * buttons' names, which say how small they will make the diagram, and the hints at edges with more beyond.
 */
export const canvasViewEn = {
  'canvasView.fit.whole': 'Fit diagram: all of it, at {percent, number} %',
  'canvasView.fit.readable': 'Fit diagram readable ({percent, number} %): as much as fits, from its start',
  'canvasView.fitWhole.readable': 'Whole diagram ({percent, number} %, readable)',
  'canvasView.fitWhole.small': 'Whole diagram, small: {percent, number} %, labels too small to read',
  'canvasView.more.left': 'More of the diagram to the left',
  'canvasView.more.top': 'More of the diagram above',
  'canvasView.more.right': 'More of the diagram to the right',
  'canvasView.more.bottom': 'More of the diagram below',
} as const;
