import type { modelingAidsEn } from './modeling-aids.en.ts';

/** German UI text of generated layouts and landscape links; must cover every key of modelingAidsEn. */
export const modelingAidsDe: Record<keyof typeof modelingAidsEn, string> = {
  'autoLayout.generated':
    'Dieses Diagramm hatte kein Layout ({count} Elemente ohne Koordinaten): Lanes hat es automatisch angeordnet. Speichern oder veröffentlichen Sie es, um dieses Layout zu behalten.',
  'autoLayout.tooLarge':
    'Dieses Diagramm hat kein Layout und ist mit {count} Elementen zu groß für die automatische Anordnung (höchstens {limit}). Öffnen Sie es in einem Werkzeug, das Diagramme anordnet, und versuchen Sie es erneut.',
  'autoLayout.failed':
    'Dieses Diagramm hat kein Layout, und die automatische Anordnung ist fehlgeschlagen: {reason}',
  'links.pick': 'Verknüpfter Prozess …',
  'links.pickTitle': 'Diese Aufrufaktivität mit einem Prozess der Landschaft verknüpfen',
  'links.open': 'Verknüpften Prozess öffnen',
  'links.openTitle':
    'Den verknüpften Prozess in einem neuen Tab öffnen (oder die Aufrufaktivität doppelklicken)',
  'links.picker.heading': 'Mit einem Prozess verknüpfen',
  'links.picker.intro':
    'Die Aufrufaktivität ruft den gewählten Prozess auf (seine Element-ID wird als calledElement gespeichert).',
  'links.unknown':
    'Die Aufrufaktivität „{name}“ ruft „{called}“ auf, aber hier ist kein Prozess der Landschaft damit bekannt. Wählen Sie mit „Verknüpfter Prozess …“ einen Prozess, oder synchronisieren Sie die Landschaft und versuchen Sie es erneut.',
  'links.notLinked':
    'Die Aufrufaktivität „{name}“ ist noch mit keinem Prozess verknüpft. Wählen Sie einen mit „Verknüpfter Prozess …“.',
  'links.linked': 'Die Aufrufaktivität „{name}“ ruft jetzt „{process}“ auf.',
  'links.badge': 'Verknüpfter Prozess: {name}',
  'links.breadcrumb': 'Woher Sie kamen',
  'links.breadcrumbBack': 'Zurück zu {name}',
};
