/** English UI text of the app shell; merged into the catalog by messages-en.ts. */
export const shellEn = {
  'nav.landscape': 'Landscape',
  'nav.profiles': 'Connections',
  'nav.back': 'Back',
  'nav.backHint': 'Back (Alt+Left)',
  'nav.forward': 'Forward',
  'nav.forwardHint': 'Forward (Alt+Right)',
  'freshness.live': 'Live',
  'freshness.cached': 'From the offline cache, fetched {time}',
} as const;
