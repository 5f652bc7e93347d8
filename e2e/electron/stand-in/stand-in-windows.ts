/**
 * The stand-in's windows, their web contents, the application menu and the
 * utility process (see electron-stand-in.ts): each offers Electron's members
 * with the types electron.d.ts gives them, and behaves by Electron's rules.
 */
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';

/** The named members of an Electron API with Electron's own types, except those the stand-in replaces (`Own`). */
export type Surface<T, K extends keyof T, Own = object> = Pick<T, Exclude<K, keyof Own>> & Own;

/** What the windows need of the world they live in (StandInElectron). */
export interface WindowWorld {
  readonly ready: boolean;
  readonly app: EventEmitter;
  record(name: string, args: unknown[]): void;
  fetchThroughProtocol(url: string): Promise<Response>;
  applicationMenu: StandInMenu | null;
}

let currentWorld: WindowWorld | undefined;

/** The world of the boot in progress (Electron's modules are process-wide, and so is this). */
export function useWorld(world: WindowWorld): void {
  currentWorld = world;
}

function world(): WindowWorld {
  if (!currentWorld) throw new Error('no stand-in Electron is installed');
  return currentWorld;
}

export class StandInWebContents
  extends EventEmitter
  implements
    Surface<
      Electron.WebContents,
      'send' | 'setWindowOpenHandler' | 'print' | 'printToPDF' | 'reload' | 'isDestroyed' | 'loadURL' | 'id'
    >
{
  static #nextId = 1;
  readonly id = StandInWebContents.#nextId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0] | undefined;
  url = '';
  /** Set by the test: the page has unsaved changes and blocks unloading (beforeunload). */
  blocksUnload = false;
  reloads = 0;
  destroyed = false;
  readonly #world: WindowWorld;

  constructor(world: WindowWorld) {
    super();
    this.#world = world;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0]): void {
    this.windowOpenHandler = handler;
  }
  print(
    _options?: Electron.WebContentsPrintOptions,
    callback?: (success: boolean, failureReason: string) => void,
  ): void {
    // What Electron reports when the user cancels the system print dialog on Linux and Windows.
    callback?.(false, 'Print job canceled');
  }
  async printToPDF(_options: Electron.PrintToPDFOptions): Promise<Buffer> {
    return Buffer.from('%PDF-1.4\n%stand-in\n');
  }
  reload(): void {
    this.reloads++;
    void this.loadURL(this.url);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Loads a page as Chromium would: through the handler registered for its scheme. */
  async loadURL(url: string): Promise<void> {
    this.url = url;
    const response = await this.#world.fetchThroughProtocol(url);
    if (response.status !== 200) throw new Error(`ERR_FAILED (${response.status}) loading '${url}'`);
    this.emit('dom-ready');
    this.emit('did-finish-load');
  }
  /** Runs the page's beforeunload: true when the page may unload. */
  unloadAllowed(): boolean {
    if (!this.blocksUnload) return true;
    let allowed = false;
    // Electron: preventDefault() on will-prevent-unload ignores the page's refusal and unloads.
    this.emit('will-prevent-unload', { preventDefault: () => (allowed = true) });
    return allowed;
  }
}

export class StandInBrowserWindow
  extends EventEmitter
  implements
    Surface<
      Electron.BrowserWindow,
      | 'isMinimized'
      | 'restore'
      | 'focus'
      | 'show'
      | 'maximize'
      | 'isMaximized'
      | 'getNormalBounds'
      | 'isDestroyed'
      | 'loadURL'
      | 'close',
      { webContents: StandInWebContents }
    >
{
  static readonly all: StandInBrowserWindow[] = [];
  readonly webContents: StandInWebContents;
  readonly options: Electron.BrowserWindowConstructorOptions;
  shown = false;
  destroyed = false;

  constructor(options: Electron.BrowserWindowConstructorOptions = {}) {
    super();
    const current = world();
    current.record('new BrowserWindow', [options]);
    if (!current.ready) throw new Error('Cannot create BrowserWindow before app is ready');
    this.options = options;
    this.webContents = new StandInWebContents(current);
    current.app.emit('web-contents-created', {}, this.webContents);
    StandInBrowserWindow.all.push(this);
  }

  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {}
  show(): void {
    this.shown = true;
  }
  maximize(): void {}
  isMaximized(): boolean {
    return false;
  }
  getNormalBounds(): Electron.Rectangle {
    return { x: 10, y: 10, width: 1200, height: 800 };
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  async loadURL(url: string): Promise<void> {
    await this.webContents.loadURL(url);
    this.emit('ready-to-show');
  }
  /** Closes as Chromium does: the page may refuse (beforeunload), then 'close' and 'closed'. */
  close(): void {
    if (this.destroyed) return;
    if (!this.webContents.unloadAllowed()) return;
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.destroyed = this.webContents.destroyed = true;
    StandInBrowserWindow.all.splice(StandInBrowserWindow.all.indexOf(this), 1);
    this.emit('closed');
    if (StandInBrowserWindow.all.length === 0) world().app.emit('window-all-closed');
  }
  static getAllWindows(): StandInBrowserWindow[] {
    return [...StandInBrowserWindow.all];
  }
}

export class StandInUtilityProcess
  extends EventEmitter
  implements Surface<Electron.UtilityProcess, 'pid' | 'stdout' | 'stderr' | 'kill'>
{
  readonly child: ChildProcess;
  constructor(child: ChildProcess) {
    super();
    this.child = child;
    child.once('spawn', () => this.emit('spawn'));
    child.once('exit', (code) => this.emit('exit', code ?? 1));
  }
  get pid(): number | undefined {
    return this.child.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }
  get stdout(): NodeJS.ReadableStream | null {
    return this.child.stdout;
  }
  get stderr(): NodeJS.ReadableStream | null {
    return this.child.stderr;
  }
  kill(): boolean {
    return this.child.kill();
  }
}

export class StandInMenu implements Surface<Electron.Menu, 'items'> {
  readonly items: Electron.MenuItem[] = [];
  readonly template: Array<Electron.MenuItemConstructorOptions | Electron.MenuItem>;
  constructor(template: Array<Electron.MenuItemConstructorOptions | Electron.MenuItem>) {
    this.template = template;
  }
  static buildFromTemplate(template: Parameters<typeof Electron.Menu.buildFromTemplate>[0]): StandInMenu {
    return new StandInMenu(template);
  }
  static setApplicationMenu(menu: StandInMenu | null): void {
    world().record('Menu.setApplicationMenu', []);
    world().applicationMenu = menu;
  }
}
