import type { preflightEn } from './preflight.en.ts';

/** German text of the release pre-flight; must cover every key of preflightEn. */
export const preflightDe: Record<keyof typeof preflightEn, string> = {
  'preflight.heading': 'Bevor Sie fortfahren',
  'preflight.intro': 'Lanes hat dieses Element geprüft und Folgendes gefunden:',
  'preflight.intro.offline':
    'Sie sind offline. Lanes hat dieses Element mit den gespeicherten Daten geprüft und Folgendes gefunden:',
  'preflight.checking': 'Element wird geprüft …',
  'preflight.allClear': 'Lanes hat nichts gefunden, wovor der Dienst bekanntermaßen warnt.',
  'preflight.noDescription': 'Es hat keine Beschreibung in der Inhaltssprache. Der Dienst wird davor warnen.',
  'preflight.descriptionPending.queued':
    'Im Dienst hat es noch keine Beschreibung: Die Beschreibung in Ihrer Veröffentlichung, die im Postausgang wartet, kommt an, sobald diese gesendet ist.',
  'preflight.descriptionPending.draft':
    'Im Dienst hat es noch keine Beschreibung: Ihr unveröffentlichter Entwurf enthält eine, die ankommt, sobald Sie den Entwurf veröffentlichen.',
  'preflight.noOwner':
    'Es hat keinen Verantwortlichen. Der Dienst wird davor warnen. Lanes kann den Verantwortlichen nicht setzen: Er wird in der eigenen Webanwendung des Dienstes festgelegt, von jemandem, der dieses Element dort bearbeiten darf.',
  'preflight.owner.youCan':
    'Sie dürfen dieses Element bearbeiten und können den Verantwortlichen dort also selbst festlegen.',
  'preflight.owner.askSomeone':
    'Sie dürfen dieses Element nicht bearbeiten: Bitten Sie jemanden, der es im Dienst bearbeiten darf.',
  'preflight.lintErrors.draft':
    'Ihr unveröffentlichter Entwurf des Diagramms hat {count, number} Prüffehler:',
  'preflight.lintErrors.cached': 'Das Diagramm hat {count, number} Prüffehler:',
  'preflight.lintUnavailable': 'Lanes konnte das Diagramm nicht auf Fehler prüfen: {reason}',
  'preflight.unpublishedDraft':
    'Sie haben einen unveröffentlichten Entwurf des Diagramms. Der Statuswechsel gilt für die Version im Dienst, ohne Ihren Entwurf.',
  'preflight.queuedPublish.queued': 'Eine Veröffentlichung dieses Diagramms wartet auf das Senden.',
  'preflight.queuedPublish.sending': 'Eine Veröffentlichung dieses Diagramms wird gerade gesendet.',
  'preflight.queuedPublish.unknown':
    'Lanes weiß nicht, ob die letzte Veröffentlichung dieses Diagramms angekommen ist.',
  'preflight.queuedPublish.failed':
    'Die letzte Veröffentlichung dieses Diagramms ist fehlgeschlagen und wurde nicht übernommen.',
  'preflight.openConflict':
    'Zu diesem Diagramm ist ein Konflikt offen. Lösen Sie ihn zuerst in der Konfliktansicht.',
  'preflight.findingsLabel': 'Ergebnisse der Vorabprüfung',
  'preflight.fix.describe': 'Beschreibung schreiben',
  'preflight.fix.showError': 'Ersten Fehler im Diagramm zeigen',
  'preflight.fix.openDiagram': 'Diagramm öffnen',
  'preflight.fix.openDraft': 'Ihren Entwurf öffnen',
  'preflight.fix.syncNow': 'Jetzt synchronisieren',
  'preflight.fix.openFailure': 'Diagramm öffnen und Grund ansehen',
  'preflight.fix.openConflict': 'Konflikt öffnen',
  'preflight.describe.label': 'Beschreibung auf {culture}',
  'preflight.describe.hint':
    'Lanes schreibt sie als Dokumentation des Prozesses in das Diagramm und veröffentlicht es; der Dienst macht daraus die Beschreibung.',
  'preflight.describe.hintDraft':
    'Lanes schreibt sie als Dokumentation des Prozesses in Ihren unveröffentlichten Entwurf und veröffentlicht den Entwurf damit; der Dienst macht daraus die Beschreibung.',
  'preflight.describe.publish': 'Beschreibung veröffentlichen',
  'preflight.describe.cancel': 'Abbrechen',
  'preflight.describe.empty': 'Schreiben Sie zuerst die Beschreibung.',
  'preflight.describe.published': 'Die Beschreibung wurde veröffentlicht.',
  'preflight.describe.queued':
    'Offline: Die Beschreibung wartet im Postausgang und wird mit der nächsten Synchronisierung veröffentlicht.',
  'preflight.describe.review':
    'Die Beschreibung ist in Ihrem Entwurf. Das Diagramm wurde inzwischen im Dienst geändert: Prüfen Sie die Zusammenführung, bevor veröffentlicht wird.',
  'preflight.describe.conflict':
    'Die Beschreibung ist in Ihrem Entwurf, aber ein Konflikt zu diesem Diagramm muss gelöst werden, bevor sie veröffentlicht werden kann.',
  'preflight.describe.failed': 'Der Dienst hat die Beschreibung nicht übernommen: {message}',
};
