/**
 * How the editor's canvas says what it shows (renderer/modeler/canvas/open-view.ts): the Fit button's
 * name, which says how small it makes the diagram, "Whole diagram", and the hints at edges with more beyond.
 */
export const canvasViewEn = {
  'canvasView.fit.whole': 'Fit diagram: all of it, at {percent, number} %',
  'canvasView.fit.readable':
    'Fit diagram readable ({percent, number} %): as much as fits, from its start. All of it only at {whole, number} %, too small to read: Whole diagram',
  'canvasView.shortcuts.fitWhole': 'Whole diagram, however small (labels may be too small to read)',
  'canvasView.more.left': 'More of the diagram to the left',
  'canvasView.more.top': 'More of the diagram above',
  'canvasView.more.right': 'More of the diagram to the right',
  'canvasView.more.bottom': 'More of the diagram below',
} as const;
