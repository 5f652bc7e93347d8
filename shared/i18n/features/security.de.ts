import type { securityEn } from './security.en.ts';

/** German text for refused input and insecure connections; must cover every key of securityEn. */
export const securityDe: Record<keyof typeof securityEn, string> = {
  'error.profiles.notFound': 'Es gibt kein Verbindungsprofil mit dem Namen „{name}“.',
  'error.profiles.invalidName':
    'Dieser Profilname ist nicht verwendbar: {reason}. Verwenden Sie Buchstaben, Ziffern, Leerzeichen, Punkte, Bindestriche und Unterstriche.',
  'error.profiles.invalidUrl':
    'Die Adresse für {field} ist keine gültige http://- oder https://-URL ({value}). Bitte prüfen Sie sie.',
  'error.settings.invalid': 'Die Einstellungen konnten nicht geändert werden: {reason}.',
  'error.api.responseTooLarge':
    'Der Dienst hat auf {operation} mit mehr als {limit, number, size} Daten geantwortet; Lanes hat das Lesen abgebrochen. Die Anfrage wurde nicht wiederholt.',
  'error.diagram.tooLarge':
    'Dieses Diagramm ist zu groß, um es sicher anzuzeigen; Lanes zeigt es deshalb nicht an.',
  'profiles.insecureUrl':
    'Unverschlüsselte Verbindung: {fields} verwenden einfaches http:// zu einem anderen Rechner, Tokens und Daten würden unverschlüsselt übertragen. Verwenden Sie https://.',
  'svgLimit.input': 'die Datei ist größer als {limit, number, size}',
  'svgLimit.elements': 'mehr als {limit, number} Formen und Teile',
  'svgLimit.depth': 'mehr als {limit, number} Ebenen tief verschachtelt',
  'svgLimit.references': 'ihre Verweise ergäben mehr als {limit, number} Teile',
};
