import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

/** Debian's Chromium; Playwright's own browser downloads are not available here. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return path;
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
