import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';

/** Where a Chromium (or Chrome) usually is, per OS, after CHROMIUM_PATH and before Playwright's own. */
export function commonChromiumPaths(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  switch (platform) {
    case 'darwin':
      return [
        '/Applications/Chromium.app/Contents/MacOS/Chromium',
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      ];
    case 'win32':
      return [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']]
        .filter((folder): folder is string => Boolean(folder))
        .flatMap((folder) => [
          join(folder, 'Chromium', 'Application', 'chrome.exe'),
          join(folder, 'Google', 'Chrome', 'Application', 'chrome.exe'),
        ]);
    default:
      return [
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/snap/bin/chromium',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
      ];
  }
}

export interface ChromiumLookup {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  exists?: (path: string) => boolean;
  /** Playwright's own Chromium (`npx playwright install chromium`), where it was downloaded. */
  playwrightChromium?: () => string;
}

/**
 * The browser the tests drive, on any OS: CHROMIUM_PATH when set (and it must
 * exist), else the first common install (Debian's /usr/bin/chromium first),
 * else Playwright's own Chromium. The error says how to get one.
 */
export function chromiumPath(lookup: ChromiumLookup = {}): string {
  const env = lookup.env ?? process.env;
  const exists = lookup.exists ?? existsSync;
  if (env.CHROMIUM_PATH) {
    if (exists(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH is set, but there is no browser at ${env.CHROMIUM_PATH}.`);
  }
  const candidates = commonChromiumPaths(lookup.platform, env);
  const found = candidates.find(exists);
  if (found) return found;
  let bundled = '';
  try {
    bundled = (lookup.playwrightChromium ?? (() => chromium.executablePath()))();
  } catch {
    // Playwright names no browser for this platform.
  }
  if (bundled && exists(bundled)) return bundled;
  throw new Error(
    `No Chromium was found (looked at ${[...candidates, bundled].filter(Boolean).join(', ')}). ` +
      'Install one (Debian: apt-get install -y chromium; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH.',
  );
}

/** Flags that keep Chromium from reaching out to a network this machine does not have. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
