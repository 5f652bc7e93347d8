/**
 * What the desktop shell itself says: a start that failed, a window that
 * crashed, secrets on a computer without a keyring, a proxy that wants a sign-in.
 */
export const desktopEn = {
  'desktop.startFailed.title': 'Lanes could not start',
  'desktop.startFailed.message':
    'Lanes stopped while starting: {reason}\n\nWhat happened is written to the log at {log}. Start Lanes again; if this keeps happening, send that file to your administrator.',
  'desktop.rendererGone.title': 'The window stopped working',
  'desktop.rendererGone.message': 'The Lanes window stopped working ({reason}).',
  'desktop.rendererGone.detail':
    'Reload it to go on: unsaved diagram changes are kept in the recovery slot and offered again after the reload. What happened is in the log at {log}.',
  'desktop.rendererGone.reload': 'Reload',
  'desktop.rendererGone.quit': 'Quit Lanes',
  'desktop.secrets.weak.title': 'No keyring on this computer',
  'desktop.secrets.weak.message': 'Store tokens and keys without real protection?',
  'desktop.secrets.weak.detail':
    'This computer has no keyring (such as GNOME Keyring or KWallet) that Lanes can use ({backend}), so tokens and keys would be stored only obfuscated with a fixed key: anyone who can read your files can read them. Install and unlock a keyring and restart Lanes to protect them, or store them anyway.',
  'desktop.secrets.weak.store': 'Store anyway',
  'desktop.secrets.weak.cancel': 'Don’t store',
  'error.profiles.secretsNotProtected':
    'The tokens and keys were not stored: this computer has no keyring to protect them ({backend}), and you chose not to store them without one. Install and unlock a keyring (such as GNOME Keyring or KWallet), restart Lanes and save again.',
  'error.api.proxyAuthRequired':
    'The proxy between this computer and {origin} asks for a sign-in (407), which Lanes cannot give it. Ask your IT department to let Lanes through without one, or start Lanes with HTTPS_PROXY=http://user:password@proxy:port.',
} as const;
