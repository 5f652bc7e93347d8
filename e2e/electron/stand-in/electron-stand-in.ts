/**
 * A faithful stand-in for the `electron` module of the main process, for
 * booting the built main bundle (dist/main/index.cjs) under plain Node where
 * no Electron binary exists. Every member it offers is declared with the type
 * electron.d.ts gives it (`Surface<…>` below picks them by name from the real
 * declarations), so `npm run typecheck` fails the moment the stand-in and
 * Electron's API drift apart; what it does follows Electron's documented
 * rules: schemes are registered before `ready` only, protocols, windows,
 * sessions and screens exist only after it, quitting runs before-quit → the
 * windows' unload (which the page may refuse) → will-quit → quit, and
 * utilityProcess.fork starts a real child with Electron's argument layout.
 * Anything the bundle asks for that the stand-in lacks throws, naming it.
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createRequire, Module } from 'node:module';
import type * as ElectronModule from 'electron';
import {
  StandInBrowserWindow,
  StandInMenu,
  StandInUtilityProcess,
  StandInWebContents,
  useWorld,
  type Surface,
} from './stand-in-windows.ts';

/** One call the bundle made, in order, and whether the app was ready then. */
export interface Call {
  name: string;
  ready: boolean;
  args: unknown[];
}

/** What the test scripts: the answers of native dialogs, the OS's proxy, the keyring. */
export interface StandInScript {
  locale?: string;
  /** Answers of showMessageBoxSync / showMessageBox, in order (the default button when exhausted). */
  messageBoxAnswers?: number[];
  /** session.resolveProxy's answer for a URL (Chromium's PAC notation); "DIRECT" by default. */
  resolveProxy?: (url: string) => string;
  /** safeStorage's backend on Linux; "gnome_libsecret" by default. */
  storageBackend?: ReturnType<Electron.SafeStorage['getSelectedStorageBackend']>;
  /** Makes one API throw, to see a start failure handled. */
  failOn?: string;
}

export { StandInBrowserWindow, StandInMenu, StandInUtilityProcess, StandInWebContents };

class StandInApp
  extends EventEmitter
  implements
    Surface<
      Electron.App,
      | 'whenReady'
      | 'quit'
      | 'exit'
      | 'requestSingleInstanceLock'
      | 'releaseSingleInstanceLock'
      | 'setPath'
      | 'getLocale'
      | 'getName'
      | 'getVersion'
      | 'isPackaged'
      | 'addRecentDocument'
      | 'setAppUserModelId'
      | 'isReady'
    >
{
  readonly isPackaged = false;
  readonly paths = new Map<string, string>();
  readonly recentDocuments: string[] = [];
  lockHeld = false;
  /** Set once app.exit() or a completed quit ended the process (the stand-in does not end the test). */
  exitCode: number | undefined;
  quitting = false;
  readonly #world: StandInElectron;
  readonly #ready: Promise<void>;
  #becomeReady!: () => void;

  constructor(world: StandInElectron) {
    super();
    this.#world = world;
    this.#ready = new Promise((resolve) => (this.#becomeReady = resolve));
  }

  /** The test's "Chromium has started". */
  fireReady(): void {
    this.#world.ready = true;
    this.emit('ready', {}, {});
    this.#becomeReady();
  }
  isReady(): boolean {
    return this.#world.ready;
  }
  whenReady(): Promise<void> {
    this.#world.record('app.whenReady', []);
    return this.#ready;
  }
  /** Electron's order: before-quit, then every window closes (it may refuse), then will-quit and quit. */
  quit(): void {
    this.#world.record('app.quit', []);
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.quitting = true;
    for (const window of StandInBrowserWindow.getAllWindows()) window.close();
    if (StandInBrowserWindow.all.length > 0) {
      // A window stayed (the user chose "Stay"): the quit is cancelled, nothing more happens.
      this.quitting = false;
      return;
    }
    this.emit('will-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.emit('quit', {}, 0);
    this.exitCode ??= 0;
  }
  exit(exitCode = 0): void {
    this.#world.record('app.exit', [exitCode]);
    this.exitCode = exitCode;
  }
  requestSingleInstanceLock(): boolean {
    this.#world.record('app.requestSingleInstanceLock', []);
    this.lockHeld = true;
    return true;
  }
  releaseSingleInstanceLock(): void {
    this.#world.record('app.releaseSingleInstanceLock', []);
    this.lockHeld = false;
  }
  setPath(name: Parameters<Electron.App['setPath']>[0], path: string): void {
    this.paths.set(name, path);
  }
  getLocale(): string {
    return this.#world.script.locale ?? 'en-US';
  }
  getName(): string {
    return 'Lanes';
  }
  getVersion(): string {
    return '0.1.0';
  }
  addRecentDocument(path: string): void {
    this.recentDocuments.push(path);
  }
  setAppUserModelId(id: string): void {
    this.#world.record('app.setAppUserModelId', [id]);
  }
}

type ProtocolHandler = Parameters<Electron.Protocol['handle']>[1];
type InvokeListener = Parameters<Electron.IpcMain['handle']>[1];
type MessageListener = (event: Electron.IpcMainEvent, ...args: unknown[]) => void;

/** A frame as the IPC sender check sees it: the page's URL, and whether it is a main frame. */
export interface SenderFrame {
  url: string;
  isMainFrame: boolean;
  /** The web contents it belongs to; the app window's by default. */
  contents?: StandInWebContents | EventEmitter;
}

/** The world of one boot: Electron's modules and what happened to them. */
export class StandInElectron {
  readonly calls: Call[] = [];
  readonly script: StandInScript;
  ready = false;
  readonly app: StandInApp;
  readonly protocolHandlers = new Map<string, ProtocolHandler>();
  readonly privilegedSchemes: Electron.CustomScheme[] = [];
  readonly invokeHandlers = new Map<string, InvokeListener>();
  readonly messageListeners = new Map<string, MessageListener[]>();
  readonly errorBoxes: { title: string; content: string }[] = [];
  readonly messageBoxes: Electron.MessageBoxSyncOptions[] = [];
  readonly openedPaths: string[] = [];
  readonly forks: StandInUtilityProcess[] = [];
  applicationMenu: StandInMenu | null = null;
  #permissionRequest: Parameters<Electron.Session['setPermissionRequestHandler']>[0] = null;

  constructor(script: StandInScript = {}) {
    this.script = script;
    this.app = new StandInApp(this);
  }

  record(name: string, args: unknown[]): void {
    this.calls.push({ name, ready: this.ready, args });
    if (this.script.failOn === name) throw new Error(`${name} failed (injected by the test)`);
  }

  #answer(defaultId: number | undefined): number {
    return this.script.messageBoxAnswers?.shift() ?? defaultId ?? 0;
  }

  /** Chromium's request for a URL of a custom scheme: the registered handler answers it. */
  async fetchThroughProtocol(url: string): Promise<Response> {
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = this.protocolHandlers.get(scheme);
    if (!handler) throw new Error(`ERR_UNKNOWN_URL_SCHEME: no handler for ${scheme}:`);
    return handler(new Request(url));
  }

  /** ipcRenderer.invoke from a frame: runs the handler main registered, with the event Electron builds. */
  async invoke(channel: string, payload: unknown, frame: SenderFrame): Promise<unknown> {
    const handler = this.invokeHandlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(this.#event(frame) as unknown as Electron.IpcMainInvokeEvent, payload);
  }

  /** ipcRenderer.send from a frame. */
  send(channel: string, payload: unknown, frame: SenderFrame): void {
    for (const listener of this.messageListeners.get(channel) ?? [])
      listener(this.#event(frame) as unknown as Electron.IpcMainEvent, payload);
  }

  #event(frame: SenderFrame): object {
    const sender = frame.contents ?? StandInBrowserWindow.all[0]?.webContents ?? new EventEmitter();
    const main = { url: frame.url, parent: null };
    return {
      sender,
      senderFrame: frame.isMainFrame ? main : { url: frame.url, parent: main },
      processId: 1,
      frameId: 1,
    };
  }

  /** Permission asked by the page: what main's handler answers. */
  askPermission(permission: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.#permissionRequest) return resolve(true);
      this.#permissionRequest(
        StandInBrowserWindow.all[0]?.webContents as unknown as Electron.WebContents,
        permission as 'media',
        resolve,
        {} as Electron.PermissionRequest,
      );
    });
  }

  /** The `electron` module as the bundle requires it. */
  module(): object {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the members below close over this world.
    const world = this;
    const protocol: Surface<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'> = {
      registerSchemesAsPrivileged(schemes) {
        world.record('protocol.registerSchemesAsPrivileged', [schemes]);
        if (world.ready)
          throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
        world.privilegedSchemes.push(...schemes);
      },
      handle(scheme, handler) {
        world.record('protocol.handle', [scheme]);
        if (!world.ready) throw new Error('protocol.handle should be called after app is ready');
        world.protocolHandlers.set(scheme, handler);
      },
    };
    const ipcMain: Surface<Electron.IpcMain, 'handle' | 'on'> = {
      handle(channel, listener) {
        if (world.invokeHandlers.has(channel))
          throw new Error(`Attempted to register a second handler for '${channel}'`);
        world.invokeHandlers.set(channel, listener);
      },
      on(channel: string, listener: MessageListener) {
        world.messageListeners.set(channel, [...(world.messageListeners.get(channel) ?? []), listener]);
        return ipcMain as unknown as Electron.IpcMain;
      },
    };
    const defaultSession: Surface<
      Electron.Session,
      'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'resolveProxy'
    > = {
      setPermissionRequestHandler(handler) {
        world.#permissionRequest = handler;
      },
      setPermissionCheckHandler() {},
      async resolveProxy(url) {
        world.record('session.resolveProxy', [url]);
        return world.script.resolveProxy?.(url) ?? 'DIRECT';
      },
    };
    const session = {
      get defaultSession(): typeof defaultSession {
        if (!world.ready) throw new Error('Session can only be received when app is ready');
        return defaultSession;
      },
    };
    const display: Electron.Display = {
      accelerometerSupport: 'unknown',
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      colorDepth: 24,
      colorSpace: '',
      depthPerComponent: 8,
      detected: true,
      displayFrequency: 60,
      id: 1,
      internal: false,
      label: 'Stand-in display',
      maximumCursorSize: { width: 64, height: 64 },
      monochrome: false,
      nativeOrigin: { x: 0, y: 0 },
      rotation: 0,
      scaleFactor: 1,
      size: { width: 1920, height: 1080 },
      touchSupport: 'unknown',
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      workAreaSize: { width: 1920, height: 1040 },
    };
    const screen: Surface<Electron.Screen, 'getAllDisplays'> = {
      getAllDisplays() {
        world.record('screen.getAllDisplays', []);
        if (!world.ready) throw new Error("The 'screen' module can't be used before the app 'ready' event");
        return [display];
      },
    };
    const optionsOf = <O>(windowOrOptions: Electron.BaseWindow | O, options?: O): O =>
      options ?? (windowOrOptions as O);
    const dialog: Surface<
      Electron.Dialog,
      'showErrorBox' | 'showMessageBoxSync' | 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog'
    > = {
      showErrorBox(title, content) {
        world.record('dialog.showErrorBox', [title, content]);
        world.errorBoxes.push({ title, content });
      },
      showMessageBoxSync(
        windowOrOptions: Electron.BaseWindow | Electron.MessageBoxSyncOptions,
        maybeOptions?: Electron.MessageBoxSyncOptions,
      ) {
        const options = optionsOf(windowOrOptions, maybeOptions);
        world.messageBoxes.push(options);
        return world.#answer(options.defaultId);
      },
      async showMessageBox(
        windowOrOptions: Electron.BaseWindow | Electron.MessageBoxOptions,
        maybeOptions?: Electron.MessageBoxOptions,
      ) {
        const options = optionsOf(windowOrOptions, maybeOptions);
        world.messageBoxes.push(options);
        return { response: world.#answer(options.defaultId), checkboxChecked: false };
      },
      async showOpenDialog() {
        return { canceled: true, filePaths: [] };
      },
      async showSaveDialog() {
        return { canceled: true, filePath: '' };
      },
    };
    const shell: Surface<Electron.Shell, 'openPath'> = {
      async openPath(path) {
        world.openedPaths.push(path);
        return '';
      },
    };
    const safeStorage: Surface<
      Electron.SafeStorage,
      'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
    > = {
      isEncryptionAvailable: () => world.ready,
      getSelectedStorageBackend: () => world.script.storageBackend ?? 'gnome_libsecret',
      encryptString: (plain) => Buffer.from('stand-in:' + Buffer.from(plain).toString('base64')),
      decryptString: (encrypted) =>
        Buffer.from(encrypted.toString().replace(/^stand-in:/, ''), 'base64').toString(),
    };
    const utilityProcess: {
      fork(...args: Parameters<typeof Electron.utilityProcess.fork>): StandInUtilityProcess;
    } = {
      fork(modulePath, args = [], options = {}) {
        world.record('utilityProcess.fork', [modulePath, args, options]);
        if (!world.ready) throw new Error('utilityProcess cannot be created before app is ready.');
        // Electron's layout: process.argv is [executable, module, ...args] in the utility process.
        const child = spawn(process.execPath, [modulePath, ...args], {
          env: (options.env as NodeJS.ProcessEnv | undefined) ?? process.env,
          cwd: options.cwd,
          stdio: options.stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'ignore',
        });
        const forked = new StandInUtilityProcess(child);
        world.forks.push(forked);
        return forked;
      },
    };
    const exports = {
      app: world.app,
      protocol,
      ipcMain,
      session,
      screen,
      dialog,
      shell,
      safeStorage,
      utilityProcess,
      BrowserWindow: StandInBrowserWindow,
      Menu: StandInMenu,
    } satisfies Partial<Record<keyof typeof ElectronModule, unknown>>;
    // A member the stand-in does not have is named, not left to fail as "undefined is not a function".
    return new Proxy(exports, {
      get(target, name) {
        if (name in target || typeof name === 'symbol' || name === '__esModule' || name === 'default')
          return target[name as keyof typeof target];
        throw new Error(
          `The stand-in electron module has no '${String(name)}': add it, typed by electron.d.ts.`,
        );
      },
    });
  }

  /** Makes require('electron') from the bundle (and from its dependencies) return this world's module. */
  install(bundlePath: string): void {
    useWorld(this);
    const id = createRequire(bundlePath).resolve('electron');
    const entry = new Module(id);
    entry.filename = id;
    entry.loaded = true;
    entry.exports = this.module();
    (Module as unknown as { _cache: Record<string, Module> })._cache[id] = entry;
  }

  /** Ends every utility process still running (as Chromium does when the main process ends). */
  endChildren(): void {
    for (const fork of this.forks) if (fork.child.exitCode === null) fork.child.kill('SIGKILL');
  }
}
