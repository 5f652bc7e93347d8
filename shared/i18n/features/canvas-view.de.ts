import type { canvasViewEn } from './canvas-view.en.ts';

/** German texts of the canvas's Fit button, "Whole diagram" and the edge hints. */
export const canvasViewDe: Record<keyof typeof canvasViewEn, string> = {
  'canvasView.fit.whole': 'Diagramm einpassen: ganz, mit {percent, number} %',
  'canvasView.fit.readable':
    'Lesbar einpassen ({percent, number} %): so viel, wie passt, ab dem Anfang. Ganz nur mit {whole, number} %, zu klein zum Lesen: Ganzes Diagramm',
  'canvasView.shortcuts.fitWhole': 'Ganzes Diagramm, auch zu klein (Beschriftungen evtl. nicht lesbar)',
  'canvasView.more.left': 'Das Diagramm geht links weiter',
  'canvasView.more.top': 'Das Diagramm geht oben weiter',
  'canvasView.more.right': 'Das Diagramm geht rechts weiter',
  'canvasView.more.bottom': 'Das Diagramm geht unten weiter',
};
