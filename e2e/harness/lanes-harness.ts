import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import {
  createMainServices,
  type MainServices,
  type MainServicesOptions,
} from '../../main/app/main-services.ts';
import { createMemoryLogger } from '../../main/log/logger.ts';
import { createEventEmitter, type EventEmitter } from '../../main/ipc/events.ts';
import { launchChromium } from './chromium.ts';
import type { SecretStore } from '../../main/profiles/secret-store.ts';
import { serveRendererOverHttp } from './static-server.ts';
import type { EmulatorLaunch } from '../../main/demo/emulator-process.ts';
import { HandoverSecretStore } from './handover-secret-store.ts';
import { startMainChild, type MainChild } from './main-child-client.ts';
import { pagePdfPrinter } from './page-pdf-printer.ts';
import type { PrintRequest } from '../../shared/domain/print.ts';
import { ScriptedFileDialogs, type HarnessFileDialogs } from './scripted-file-dialogs.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = join(root, 'dist');

type DeliverTarget = { __lanesDeliver?: (name: string, data: unknown) => void };

/** What tests may ask of the main side, wherever it runs. */
export type HarnessServices = Pick<MainServices, 'dispatch'>;

export interface LanesHarness {
  page: Page;
  services: HarnessServices;
  dataDir: string;
  /** The open and save dialogs main shows; queue answers with `dialogs.answerNext(path)`. */
  dialogs: ScriptedFileDialogs;
  /** Child mode only: SIGKILL the main side; requests fail until `restartMain`. */
  killMain(): Promise<void>;
  /** Child mode only: a new main side on the same data folder, with the secrets it had. */
  restartMain(): Promise<void>;
  /** A main→renderer event, validated against the contract as main's own emitter does (menu commands, say). */
  emit: EventEmitter['emit'];
  /** Files the OS hands over later (a second launch, macOS open-file); in-process main only. */
  openFromOs(paths: string[]): void;
  /** Print requests the page made (the harness cannot show the system print dialog); in-process main only. */
  printed: PrintRequest[];
  /** Pages main handed to the "system browser" (shell.openExternal in Electron); in-process main only. */
  openedExternally: string[];
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
  /**
   * in-process (default): main runs in the test's own Node. child: in a child
   * process the test can kill and restart; `secrets` must then be a
   * HandoverSecretStore, so its content can be handed to each new child.
   */
  mainProcess?: 'in-process' | 'child';
  /** The file dialogs main shows; default: scripted ones, reachable as `harness.dialogs`. */
  fileDialogs?: ScriptedFileDialogs;
  /** Extra folders served beside the renderer, by path prefix ("/bench/" → a temp dir). */
  extraAssets?: Record<string, string>;
  /** .bpmn files named on the command line: handed to main before the window loads, as Electron's main does. */
  openAtStart?: string[];
  /** What the Electron shell's application menu would hear of the renderer's state (in-process main only). */
  menuContext?: (context: { tabOpen: boolean }) => void;
  /** The Electron shell's "Restart to update" (in-process main only; without it there is no update). */
  restartForUpdate?: MainServicesOptions['restartForUpdate'];
}

/**
 * Runs the real renderer in Debian's Chromium against the real main-side
 * services in this Node process (or, with `mainProcess: 'child'`, in a child
 * process a test can kill). Only Electron's transport is replaced: the
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
  const dialogs = options.fileDialogs ?? new ScriptedFileDialogs();
  const printed: PrintRequest[] = [];
  const openedExternally: string[] = [];
  const deliver = (event: string, payload: unknown): void => {
    pageRef.current
      ?.evaluate(
        // globalThis, not window: benchmarks type-check this file without the DOM library.
        ([name, data]) => (globalThis as DeliverTarget).__lanesDeliver?.(name, data),
        [event, payload] as const,
      )
      .catch(() => {});
  };
  const demoEmulator = options.demoEmulator ?? {
    command: process.execPath,
    args: [join(root, 'emulator', 'cli.ts')],
  };
  const main =
    options.mainProcess === 'child'
      ? await childMain({ dataDir, options, version, logger, dialogs, deliver, demoEmulator })
      : inProcessMain(
          createMainServices({
            identity: { name: 'Lanes', version, transport: 'harness' },
            dataDir,
            locale: options.locale ?? 'en-US',
            logger,
            secrets: options.secrets ?? new HandoverSecretStore(),
            demoEmulator,
            events: deliver,
            fileDialogs: dialogs,
            pagePrinter: pagePdfPrinter(() => pageRef.current, printed),
            openExternal: async (url) => void openedExternally.push(url),
            ...(options.menuContext ? { menuContext: options.menuContext } : {}),
            ...(options.restartForUpdate ? { restartForUpdate: options.restartForUpdate } : {}),
          }),
        );

  const server = await serveRendererOverHttp(join(distDir, 'renderer'), options.extraAssets);
  const ownsBrowser = !options.browser;
  const browser = options.browser ?? (await launchChromium());
  const context = await browser.newContext();
  const page = (pageRef.current = await context.newPage());
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => {
    pageErrors.push(error.message);
    if (process.env.LANES_DEBUG_PAGEERRORS) console.error('PAGEERROR', error.stack);
  });

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
    // While the main side is dead this rejects, as Electron's invoke does: the page sees a transport failure.
    return main.services.dispatch(channel, request);
  });
  await page.addInitScript({ path: join(distDir, 'harness', 'preload.js') });
  if (options.openAtStart) main.openFromOs(options.openAtStart);
  await page.goto(server.url);

  return {
    page,
    services: main.services,
    dataDir,
    dialogs,
    killMain: () => main.kill(),
    restartMain: () => main.restart(),
    emit: createEventEmitter(deliver).emit,
    openFromOs: (paths) => main.openFromOs(paths),
    printed,
    openedExternally,
    logLines: logger.lines,
    pageErrors,
    async close() {
      await context.close();
      if (ownsBrowser) await browser.close();
      await server.close();
      await main.dispose();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The main side as the harness drives it, in this process or in a child. */
interface HarnessMain {
  services: HarnessServices;
  openFromOs(paths: string[]): void;
  kill(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

function inProcessMain(services: MainServices): HarnessMain {
  const childOnly = (): Promise<void> =>
    Promise.reject(new Error('killMain/restartMain need startLanesHarness({ mainProcess: "child" })'));
  return {
    services,
    openFromOs: (paths) => services.openFromOs(paths),
    kill: childOnly,
    restart: childOnly,
    dispose: () => Promise.resolve(services.dispose()),
  };
}

async function childMain(setup: {
  dataDir: string;
  options: HarnessOptions;
  version: string;
  logger: { lines: string[] };
  dialogs: HarnessFileDialogs;
  deliver: (event: string, payload: unknown) => void;
  demoEmulator: EmulatorLaunch;
}): Promise<HarnessMain> {
  const given = setup.options.secrets ?? new HandoverSecretStore();
  if (!(given instanceof HandoverSecretStore)) {
    throw new Error('mainProcess "child" needs its secrets in a HandoverSecretStore (e2e/harness)');
  }
  const secrets = given;
  const launch = (): Promise<MainChild> =>
    startMainChild(
      {
        dataDir: setup.dataDir,
        locale: setup.options.locale ?? 'en-US',
        version: setup.version,
        secrets: secrets.entries(),
        demoEmulator: setup.demoEmulator,
        fileDialogs: true,
      },
      {
        onEvent: setup.deliver,
        onLog: (line) => setup.logger.lines.push(line),
        onSecrets: (profile, connection) =>
          connection ? secrets.save(profile, connection) : secrets.remove(profile),
        dialogs: setup.dialogs,
      },
    );
  let child: MainChild | null = await launch();
  return {
    services: {
      dispatch: (channel, payload) =>
        child ? child.dispatch(channel, payload) : Promise.reject(new Error('The main side is not running.')),
    },
    openFromOs() {
      throw new Error('openFromOs needs the in-process main side (the default of startLanesHarness)');
    },
    async kill() {
      await child?.kill();
      child = null;
    },
    async restart() {
      await child?.kill();
      child = await launch();
    },
    async dispose() {
      await child?.dispose();
      child = null;
    },
  };
}
