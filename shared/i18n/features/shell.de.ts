import type { shellEn } from './shell.en.ts';

/** German UI text of the app shell; must cover every key of shellEn. */
export const shellDe: Record<keyof typeof shellEn, string> = {
  'nav.landscape': 'Landschaft',
  'nav.profiles': 'Verbindungen',
  'nav.back': 'Zurück',
  'nav.backHint': 'Zurück (Alt+Links)',
  'nav.forward': 'Vorwärts',
  'nav.forwardHint': 'Vorwärts (Alt+Rechts)',
  'freshness.live': 'Live',
  'freshness.cached': 'Aus dem Offline-Cache, abgerufen {time}',
};
