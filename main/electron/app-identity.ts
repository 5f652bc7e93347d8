/** Set at build time from build/electron-builder.yml's appId (scripts/build.ts): one id for the installer and the app. */
declare const LANES_APP_ID: string;

/**
 * The Windows AppUserModelID: it must equal the installer's appId, or the
 * taskbar, jump list and notifications treat the running app as another one.
 */
export function appUserModelId(): string {
  return typeof LANES_APP_ID === 'string' ? LANES_APP_ID : 'io.lanes.desktop';
}
