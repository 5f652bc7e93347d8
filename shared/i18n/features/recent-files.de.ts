import type { recentFilesEn } from './recent-files.en.ts';

/** German text of the recent local files; must cover every key of recentFilesEn. */
export const recentFilesDe: Record<keyof typeof recentFilesEn, string> = {
  'recentFiles.heading': 'Zuletzt geöffnete Dateien',
  'recentFiles.none': 'Dateien, die Sie öffnen oder speichern, erscheinen hier.',
  'recentFiles.missing': 'Fehlt',
  'recentFiles.missingHint':
    'Die Datei liegt nicht mehr an diesem Ort. Entfernen Sie sie aus der Liste oder öffnen Sie sie erneut von ihrem neuen Ort.',
  'recentFiles.remove': 'Entfernen',
  'recentFiles.removeLabel': '{name} aus der Liste entfernen',
  'recentFiles.clear': 'Liste leeren',
};
