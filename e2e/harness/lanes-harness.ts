import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import { createMainServices, type MainServices } from '../../main/app/main-services.ts';
import { createMemoryLogger } from '../../main/log/logger.ts';
import { launchChromium } from './chromium.ts';
import { MemorySecretStore, type SecretStore } from '../../main/profiles/secret-store.ts';
import { serveRendererOverHttp } from './static-server.ts';
import type { EmulatorLaunch } from '../../main/demo/emulator-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = join(root, 'dist');

type DeliverTarget = { __lanesDeliver?: (name: string, data: unknown) => void };

export interface LanesHarness {
  page: Page;
  services: MainServices;
  dataDir: string;
  /** What the main side logged (already redacted). */
  logLines: string[];
  /** Console errors and CSP violations seen in the page. */
  pageErrors: string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  dataDir?: string;
  locale?: string;
  browser?: Browser;
  secrets?: SecretStore;
  /** How "Try the demo tenant" runs the emulator; default: this Node with emulator/cli.ts. */
  demoEmulator?: EmulatorLaunch;
}

/**
 * Runs the real renderer in Debian's Chromium against the real main-side
 * services in this Node process. Only Electron's transport is replaced: the
 * preload's `createLanesApi` is carried by a Playwright binding, and requests
 * go through the very same `dispatch` (validation, handler table, typed errors)
 * that Electron's ipcMain handlers call.
 */
export async function startLanesHarness(options: HarnessOptions = {}): Promise<LanesHarness> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lanes-e2e-'));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
  const logger = createMemoryLogger();
  const pageRef: { current?: Page } = {};
  const services = createMainServices({
    identity: { name: 'Lanes', version, transport: 'harness' },
    dataDir,
    locale: options.locale ?? 'en-US',
    logger,
    secrets: options.secrets ?? new MemorySecretStore(),
    demoEmulator: options.demoEmulator ?? {
      command: process.execPath,
      args: [join(root, 'emulator', 'cli.ts')],
    },
    events: (event, payload) => {
      page
        ?.evaluate(
          // globalThis, not window: benchmarks type-check this file without the DOM library.
          ([name, data]) => (globalThis as DeliverTarget).__lanesDeliver?.(name, data),
          [event, payload] as const,
        )
        .catch(() => {});
    },
  });

  const server = await serveRendererOverHttp(join(distDir, 'renderer'));
  const ownsBrowser = !options.browser;
  const browser = options.browser ?? (await launchChromium());
  const context = await browser.newContext();
  const page = (pageRef.current = await context.newPage());
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // The harness counterpart of Electron's sender check: only our page's main frame.
  await page.exposeBinding('__lanesInvoke', (source, channel: unknown, request: unknown) => {
    if (
      source.frame !== source.page.mainFrame() ||
      !source.frame.url().startsWith(new URL(server.url).origin)
    ) {
      return {
        ok: false,
        error: { code: 'ipc.forbiddenSender', message: 'Request refused.', params: {}, details: [] },
      };
    }
    return services.dispatch(channel, request);
  });
  await page.addInitScript({ path: join(distDir, 'harness', 'preload.js') });
  await page.goto(server.url);

  return {
    page,
    services,
    dataDir,
    logLines: logger.lines,
    pageErrors,
    async close() {
      await context.close();
      if (ownsBrowser) await browser.close();
      await server.close();
      services.dispose();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
