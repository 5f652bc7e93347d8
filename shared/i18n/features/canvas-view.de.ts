import type { canvasViewEn } from './canvas-view.en.ts';

/** German texts of the canvas's fit buttons and edge hints. */
export const canvasViewDe: Record<keyof typeof canvasViewEn, string> = {
  'canvasView.fit.whole': 'Diagramm einpassen: ganz, mit {percent, number} %',
  'canvasView.fit.readable': 'Lesbar einpassen ({percent, number} %): so viel, wie passt, ab dem Anfang',
  'canvasView.fitWhole.readable': 'Ganzes Diagramm ({percent, number} %, lesbar)',
  'canvasView.fitWhole.small':
    'Ganzes Diagramm, klein: {percent, number} %, Beschriftungen zu klein zum Lesen',
  'canvasView.more.left': 'Das Diagramm geht links weiter',
  'canvasView.more.top': 'Das Diagramm geht oben weiter',
  'canvasView.more.right': 'Das Diagramm geht rechts weiter',
  'canvasView.more.bottom': 'Das Diagramm geht unten weiter',
};
