/**
 * Renders the app icon the installers use (build/icon.png, 1024×1024) from
 * the same SVG as the window's favicon, so the two never drift apart.
 * electron-builder derives the .icns, .ico and Linux sizes from it.
 * Run again after changing renderer/favicon.svg: `node scripts/make-app-icon.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/harness/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const size = 1024;
const svg = readFileSync(join(root, 'renderer', 'favicon.svg'), 'utf8');

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: join(root, 'build', 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
