import type { desktopEn } from './desktop.en.ts';

/** German text of the desktop shell; must cover every key of desktopEn. */
export const desktopDe: Record<keyof typeof desktopEn, string> = {
  'desktop.startFailed.title': 'Lanes konnte nicht starten',
  'desktop.startFailed.message':
    'Lanes wurde beim Start beendet: {reason}\n\nWas geschehen ist, steht im Protokoll unter {log}. Starten Sie Lanes erneut; wenn das wieder geschieht, senden Sie diese Datei an Ihre Administration.',
  'desktop.rendererGone.title': 'Das Fenster reagiert nicht mehr',
  'desktop.rendererGone.message': 'Das Fenster von Lanes wurde beendet ({reason}).',
  'desktop.rendererGone.detail':
    'Laden Sie es neu, um weiterzuarbeiten: Nicht gespeicherte Änderungen an Diagrammen liegen im Wiederherstellungsspeicher und werden nach dem Neuladen wieder angeboten. Was geschehen ist, steht im Protokoll unter {log}.',
  'desktop.rendererGone.reload': 'Neu laden',
  'desktop.rendererGone.quit': 'Lanes beenden',
  'desktop.secrets.weak.title': 'Kein Schlüsselbund auf diesem Computer',
  'desktop.secrets.weak.message': 'Tokens und Schlüssel ohne echten Schutz speichern?',
  'desktop.secrets.weak.detail':
    'Dieser Computer hat keinen Schlüsselbund (etwa GNOME Keyring oder KWallet), den Lanes nutzen kann ({backend}). Tokens und Schlüssel würden nur mit einem festen Schlüssel verschleiert gespeichert: Wer Ihre Dateien lesen kann, kann sie lesen. Installieren und entsperren Sie einen Schlüsselbund und starten Sie Lanes neu, um sie zu schützen, oder speichern Sie sie trotzdem.',
  'desktop.secrets.weak.store': 'Trotzdem speichern',
  'desktop.secrets.weak.cancel': 'Nicht speichern',
  'error.profiles.secretsNotProtected':
    'Die Tokens und Schlüssel wurden nicht gespeichert: Dieser Computer hat keinen Schlüsselbund, der sie schützt ({backend}), und Sie haben entschieden, sie ohne ihn nicht zu speichern. Installieren und entsperren Sie einen Schlüsselbund (etwa GNOME Keyring oder KWallet), starten Sie Lanes neu und speichern Sie erneut.',
  'error.api.proxyAuthRequired':
    'Der Proxy zwischen diesem Computer und {origin} verlangt eine Anmeldung (407), die Lanes ihm nicht geben kann. Bitten Sie Ihre IT, Lanes ohne Anmeldung durchzulassen, oder starten Sie Lanes mit HTTPS_PROXY=http://benutzer:passwort@proxy:port.',
} as const;
