import type { quitEn } from './quit.en.ts';

/** German text of the prompt about unsaved changes on closing; must cover every key of quitEn. */
export const quitDe: Record<keyof typeof quitEn, string> = {
  'quit.unsaved.title': 'Nicht gespeicherte Änderungen',
  'quit.unsaved.message': 'Einige Diagramme haben Änderungen, die nicht gespeichert sind.',
  'quit.unsaved.detail':
    'Wenn Sie die Seite verlassen, bleiben nicht gespeicherte Änderungen im Wiederherstellungsspeicher, und Lanes bietet beim nächsten Mal an, sie wiederherzustellen. Gespeicherte Entwürfe bleiben in jedem Fall erhalten.',
  'quit.unsaved.leave': 'Verlassen',
  'quit.unsaved.stay': 'Bleiben',
};
