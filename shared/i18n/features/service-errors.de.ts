import type { serviceErrorsEn } from './service-errors.en.ts';

/** German for the outbox's failures and the words service errors name (service-errors.en.ts). */
export const serviceErrorsDe: Record<keyof typeof serviceErrorsEn, string> = {
  'error.outbox.released':
    'Der Prozess ist im Status „{state}“ und kann nicht geändert werden: Legen Sie eine neue Version an und veröffentlichen Sie dann erneut.',
  'error.outbox.translationReleased':
    'Der Prozess ist im Status „{state}“ und kann nicht geändert werden: Legen Sie eine neue Version an und veröffentlichen Sie die Übersetzung dann erneut.',
  'error.outbox.transitionUnavailable':
    'Der Statuswechsel {transitionId} ist nicht mehr möglich: Das Element ist jetzt im Status „{state}“.',
  'error.outbox.superseded': 'Verworfen: Die Version des Servers wurde behalten.',
  'error.outbox.changedOnServer': 'Auf dem Server geändert: {elements}',
  'error.outbox.mergedForReview':
    'Inzwischen auf dem Server geändert; zusammengeführt, wartet auf Ihre Durchsicht.',
  'error.outbox.damagedPayload':
    'Diese wartende Änderung ist beschädigt und kann nicht gesendet werden. Verwerfen Sie sie und nehmen Sie die Änderung erneut vor.',
  'error.outbox.legacy': 'Früherer Fehler: {text}',
  'operation.exportBpmn': 'BPMN-Export',
  'operation.importBpmn': 'BPMN-Import',
  'operation.listFacets': 'Facettenliste',
  'operation.listViews': 'Sichtenliste',
  'operation.listElements': 'Elementliste',
  'operation.getElement': 'Elementabruf',
  'operation.getAttributes': 'Attributabruf',
  'operation.getRelated': 'Abruf der Beziehungen',
  'operation.getInfo': 'Abruf der Elementinformationen',
  'operation.getContent': 'Inhaltsabruf',
  'operation.createContent': 'Inhaltsanlage',
  'operation.getElementType': 'Abruf des Elementtyps',
  'operation.listVersions': 'Versionsliste',
  'operation.listTransitions': 'Liste der Statuswechsel',
  'operation.changeState': 'Statuswechsel',
  'operation.createVersion': 'Versionsanlage',
  'operation.deleteElement': 'Löschen des Elements',
  'operation.renderDiagram': 'Diagrammdarstellung',
  'operation.sync': 'Synchronisierung',
  'credential.authToken': 'das Auth-Token',
  'credential.bpmnToken': 'das BPMN-Token',
  'networkReason.refused': 'Verbindung abgelehnt',
  'networkReason.hostNotFound': 'Hostname nicht gefunden',
  'networkReason.timedOut': 'Zeitüberschreitung beim Verbinden',
  'networkReason.reset': 'Verbindung zurückgesetzt',
  'networkReason.noAnswer': 'keine Antwort',
  'networkReason.proxyRefused': 'der Proxy antwortete {proxyStatus}',
};
