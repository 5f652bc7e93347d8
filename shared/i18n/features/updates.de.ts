import type { updatesEn } from './updates.en.ts';

/** German text of the update menu item and notice; must cover every key of updatesEn. */
export const updatesDe: Record<keyof typeof updatesEn, string> = {
  'updates.menu.check': 'Nach Updates suchen …',
  'updates.checking': 'Lanes sucht nach einer neueren Version …',
  'updates.upToDate': 'Lanes ist auf dem neuesten Stand.',
  'updates.downloading': 'Lanes {version} wird heruntergeladen …',
  'updates.progressLabel': 'Fortschritt des Downloads',
  'updates.ready': 'Lanes {version} ist bereit und wird beim Neustart von Lanes installiert.',
  'updates.restart': 'Neu starten und aktualisieren',
  'updates.later': 'Später',
  'updates.dismiss': 'Schließen',
  'updates.failed':
    'Das Update konnte nicht geladen werden: {message}. Lanes arbeitet normal weiter; versuchen Sie es später über Hilfe › Nach Updates suchen erneut.',
  'updates.blocked.unsavedWork':
    'Speichern oder schließen Sie zuerst die Diagramme mit nicht gespeicherten Änderungen und wählen Sie dann erneut „Neu starten und aktualisieren“.',
  'updates.blocked.syncRunning':
    'Lanes sendet gerade Änderungen an den Dienst. Warten Sie, bis die Synchronisierung abgeschlossen ist, und wählen Sie dann erneut „Neu starten und aktualisieren“.',
  'updates.blocked.notDownloaded': 'Das Update ist noch nicht heruntergeladen.',
};
