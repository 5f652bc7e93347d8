import type { modelingAidsEn } from './modeling-aids.en.ts';

/** German UI text of generated layouts and landscape links; must cover every key of modelingAidsEn. */
export const modelingAidsDe: Record<keyof typeof modelingAidsEn, string> = {
  'autoLayout.generated':
    'Dieses Diagramm hatte kein Layout ({count, plural, one {# Element} other {# Elemente}} ohne Koordinaten): Lanes hat es automatisch angeordnet. Speichern oder veröffentlichen Sie es, um dieses Layout zu behalten.',
  'autoLayout.tooLarge':
    'Dieses Diagramm hat kein Layout und ist mit {count, number} Elementen zu groß für die automatische Anordnung (höchstens {limit, number}). Öffnen Sie es in einem Werkzeug, das Diagramme anordnet, und versuchen Sie es erneut.',
  'autoLayout.failed':
    'Dieses Diagramm hat kein Layout, und die automatische Anordnung ist fehlgeschlagen: {reason}',
  'links.pickTitle': 'Mit einem Prozess der Landschaft verknüpfen',
  'links.open': 'Verknüpften Prozess öffnen',
  'links.openTitle': 'Den verknüpften Prozess in einem neuen Tab öffnen',
  'links.picker.heading': 'Mit einem Prozess verknüpfen',
  'links.unknown':
    'Die Aufrufaktivität „{name}“ ruft „{called}“ auf – einen Prozess, den die Landschaft hier nicht kennt. Wählen Sie im Kontextmenü mit „Mit einem Prozess der Landschaft verknüpfen“ einen Prozess, oder synchronisieren Sie die Landschaft und versuchen Sie es erneut.',
  'links.notLinked':
    'Die Aufrufaktivität „{name}“ ist noch mit keinem Prozess verknüpft. Wählen Sie einen im Kontextmenü mit „Mit einem Prozess der Landschaft verknüpfen“.',
  'links.linked': 'Die Aufrufaktivität „{name}“ ruft jetzt „{process}“ auf.',
  'links.breadcrumb': 'Woher Sie kamen',
  'links.breadcrumbBack': 'Zurück zu {name}',
  'dropRefusal.flowNode':
    'Aufgaben, Ereignisse und Gateways müssen in einem Pool stehen. Legen Sie sie in einen Pool oder eine seiner Lanes.',
  'dropRefusal.dataObject':
    'Ein Datenobjekt muss in einem Pool stehen. Legen Sie es in einen Pool oder eine seiner Lanes.',
};
