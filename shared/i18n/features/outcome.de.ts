import type { outcomeEn } from './outcome.en.ts';

/** German UI text of publish outcomes and of the element's state in the editor. */
export const outcomeDe: Record<keyof typeof outcomeEn, string> = {
  'outcome.restore': 'Als Entwurf wiederherstellen',
  'outcome.restoreHint':
    'Das Diagramm zeigt den Prozess, wie der Dienst ihn jetzt hat. Hiermit wird das Veröffentlichte, mit dem, was der Dienst nicht übernommen hat, wieder Ihr Entwurf.',
  'outcome.restored':
    'Das Veröffentlichte ist wieder Ihr Entwurf, mit dem, was der Dienst nicht übernommen hat. Ändern Sie es oder veröffentlichen Sie es erneut.',
  'outcome.released':
    'Dieser Prozess ist im Dienst jetzt „{state}“: Ihr Entwurf kann nicht in diese Version veröffentlicht werden.',
  'outcome.releasedRefused':
    'Nicht veröffentlicht: Dieser Prozess ist im Dienst inzwischen „{state}“ und nimmt in dieser Version keine Änderungen mehr an. Ihr Entwurf bleibt erhalten.',
  'outcome.publishIntoNewVersion': 'Neue Version anlegen und darin veröffentlichen',
  'outcome.newVersionQueued':
    'Wartet auf Veröffentlichung: Mit der nächsten Synchronisierung wird eine neue Version angelegt und Ihr Entwurf darin veröffentlicht.',
  'outcome.newVersion': 'Eine neue Version {version} wurde angelegt; das Diagramm zeigt sie.',
  'outcome.deleted':
    'Dieser Prozess wurde im Dienst gelöscht. Das Diagramm bleibt schreibgeschützt geöffnet: Speichern Sie es als Datei, um es zu behalten.',
  'outcome.notice.published': '„{name}“ wurde veröffentlicht.',
  'outcome.notice.via.sync': 'Per Synchronisierung gesendet.',
  'outcome.notice.via.cli': 'Über die Kommandozeile gesendet.',
  'outcome.notice.open': 'Prozess öffnen',
};
