import type { serviceKeysEn } from './service-keys.en.ts';

/** German names of the service's keys; must cover every key of serviceKeysEn. */
export const serviceKeysDe: Record<keyof typeof serviceKeysEn, string> = {
  'service.facet.processes': 'Prozesse',
  'service.facet.organization': 'Organisation',
  'service.facet.itSystems': 'IT-Systeme',
  'service.facet.documents': 'Dokumente',
  'service.facet.risks': 'Risiken',
  'service.view.mainProcesses': 'Prozesslandkarte',
  'service.view.processList': 'Prozessliste',
  'service.view.functions': 'Funktionen',
  'service.view.orgChart': 'Organigramm',
  'service.view.users': 'Benutzer',
  'dataPool.jobState.NEW': 'Neu',
  'dataPool.jobState.QUEUED': 'Wartet',
  'dataPool.jobState.RUNNING': 'Läuft',
  'dataPool.jobState.DONE': 'Fertig',
  'dataPool.jobState.ERROR': 'Fehlgeschlagen',
  'dataPool.jobState.CANCELED': 'Abgebrochen',
  'dataPool.jobKind.DELTA': 'Delta (nach Schlüssel)',
  'dataPool.jobKind.REPLACE': 'Tabelle ersetzen',
};
