import type { preflightEn } from './preflight.en.ts';

/** German text of the release pre-flight; must cover every key of preflightEn. */
export const preflightDe: Record<keyof typeof preflightEn, string> = {
  'preflight.heading': 'Bevor Sie fortfahren',
  'preflight.intro': 'Lanes hat dieses Element offline geprüft und Folgendes gefunden:',
  'preflight.checking': 'Element wird geprüft …',
  'preflight.allClear': 'Lanes hat nichts gefunden, wovor der Dienst bekanntermaßen warnt.',
  'preflight.noDescription': 'Es hat keine Beschreibung in der Inhaltssprache. Der Dienst wird davor warnen.',
  'preflight.noOwner': 'Es hat keinen Verantwortlichen. Der Dienst wird davor warnen.',
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
};
