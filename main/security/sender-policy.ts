/** The custom protocol the packaged renderer is served from. */
export const APP_SCHEME = 'lanes';
export const APP_HOST = 'app';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Only the main frame of our own window, showing a page of our own origin, may
 * call main. Subframes (none exist today, but a future embed might) and any
 * navigated-away page are refused.
 */
export function isTrustedSender(sender: { url: string; isMainFrame: boolean } | null | undefined): boolean {
  if (!sender || !sender.isMainFrame) return false;
  try {
    const url = new URL(sender.url);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Any navigation away from the app entry is refused; in-page hash changes do not navigate.
 * Compared by scheme and host, never by `URL.origin`: for a scheme URL parsing does not
 * know (ours, `file:`), the origin is the string "null", so `file:///index.html` would pass.
 */
export function isAllowedNavigation(targetUrl: string): boolean {
  try {
    const url = new URL(targetUrl);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname === '/index.html';
  } catch {
    return false;
  }
}
